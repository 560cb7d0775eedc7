import { EmailConfirmPage } from "@/features/account-email/components/email-confirm-page";
import { useJoinDialog } from "@/features/auth/components/join-dialog-context";

/** /profile/email/confirm?token=…: confirms a new e-mail address; signed out, the button opens the Join dialog. */
export function EmailConfirmRoute() {
  const { openJoin } = useJoinDialog();
  return <EmailConfirmPage onSignIn={openJoin} />;
}
