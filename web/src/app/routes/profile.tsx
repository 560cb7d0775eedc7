import type { PublicLoop } from "@loop/rules/schemas/loops";
import { PageSpinner } from "@/components/ui/spinner";
import { EmailChangeDialog } from "@/features/account-email/components/email-change-dialog";
import { useJoinDialog } from "@/features/auth/components/join-dialog-context";
import { LoopList } from "@/features/catalog/components/loop-list";
import { OwnProfilePage } from "@/features/profile/components/own-profile-page";
import { SignInRequired } from "@/features/profile/components/sign-in-required";
import { useUser } from "@/lib/auth";
import { renderLoopCard } from "../loops/loop-card";

const renderLoops = (loops: PublicLoop[]) => <LoopList loops={loops} renderCard={renderLoopCard} />;
const renderEmailAction = (email: string | null) => <EmailChangeDialog currentEmail={email} />;

/** /profile: the signed-in user's own profile; signed out, a prompt that opens the Join dialog. */
export function ProfileRoute() {
  const { user, isLoading } = useUser();
  const { openJoin } = useJoinDialog();
  if (isLoading) return <PageSpinner label="Loading your profile" />;
  if (!user) return <SignInRequired onSignIn={openJoin} />;
  return <OwnProfilePage user={user} renderLoops={renderLoops} renderEmailAction={renderEmailAction} />;
}
