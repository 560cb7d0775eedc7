import { Wallet } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CardPageLayout } from "@/components/card-page";
import { EmailLoginForm } from "./email-login-form";
import { useJoinDialog } from "./join-dialog-context";

/** /login: e-mail sign-in (where /api/login lands without an OpenID Connect provider). */
export function LoginPage() {
  const { signInWithWallet, walletSignInPending } = useJoinDialog();
  return (
    <CardPageLayout
      title="Sign in to LOOP"
      description="Enter your e-mail and we will send you a one-time sign-in link. New here? The same link creates your account."
    >
      <EmailLoginForm />
      <div className="my-6 flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button variant="outline" className="w-full" onClick={signInWithWallet} disabled={walletSignInPending}>
        <Wallet aria-hidden />
        Sign in with a wallet
      </Button>
    </CardPageLayout>
  );
}
