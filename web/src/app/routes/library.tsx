import { useJoinDialog } from "@/features/auth/components/join-dialog-context";
import { LibraryPage } from "@/features/library/components/library-page";
import { useUser } from "@/lib/auth";

/** /library: the signed-in member's purchases and free downloads; signed out, a prompt that opens the Join dialog. */
export function LibraryRoute() {
  const { user, isLoading } = useUser();
  const { openJoin } = useJoinDialog();
  return <LibraryPage user={user} isLoading={isLoading} onSignIn={openJoin} />;
}
