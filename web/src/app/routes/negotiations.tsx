import { useJoinDialog } from "@/features/auth/components/join-dialog-context";
import { NegotiationsPage } from "@/features/negotiations/components/negotiations-page";
import { useUser } from "@/lib/auth";

/** /negotiations: the signed-in user's sent and received offers; signed out, a prompt that opens the Join dialog. */
export function NegotiationsRoute() {
  const { user, isLoading } = useUser();
  const { openJoin } = useJoinDialog();
  return <NegotiationsPage user={user} isLoading={isLoading} onSignIn={openJoin} />;
}
