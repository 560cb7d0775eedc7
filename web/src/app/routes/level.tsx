import { useJoinDialog } from "@/features/auth/components/join-dialog-context";
import { LevelPage } from "@/features/levels/components/level-page";
import { useUser } from "@/lib/auth";

/** /level: the signed-in user's level progress; signed out, a prompt that opens the Join dialog. */
export function LevelRoute() {
  const { user, isLoading } = useUser();
  const { openJoin } = useJoinDialog();
  return <LevelPage user={user} isLoading={isLoading} onSignIn={openJoin} />;
}
