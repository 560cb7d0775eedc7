import { AlertTriangle, ArrowRight } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { getServerMessage } from "@/lib/api-client";
import { useVerifyEmailLink } from "../api/verify-email-link";
import { AuthCardLayout } from "./auth-card-layout";

/** /login/confirm?token=…: the mailed link lands here; 'Continue to LOOP' redeems it. */
export function LoginConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const verify = useVerifyEmailLink();

  if (!token) {
    return (
      <AuthCardLayout title="Sign-in link incomplete" description="This link is missing its sign-in code. Copy the whole link from the e-mail, or ask for a new one.">
        <Button asChild size="lg" className="w-full">
          <Link to="/login">Request a new sign-in link</Link>
        </Button>
      </AuthCardLayout>
    );
  }

  function proceed() {
    verify.mutate(token, { onSuccess: () => navigate("/", { replace: true }) });
  }

  return (
    <AuthCardLayout title="Confirm sign-in" description="You're one click away. Continue to sign in to LOOP in this browser.">
      {verify.isError ? (
        <div role="alert" className="mb-5 flex gap-3 rounded-lg border border-destructive/50 bg-destructive/10 p-4 text-sm">
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
          <div className="grid gap-1">
            <p className="font-semibold" data-testid="login-confirm-error">
              {getServerMessage(verify.error, "This sign-in link could not be used. Please request a new one.")}
            </p>
            <Link to="/login" className="font-medium text-violet-300 underline-offset-4 hover:underline">
              Request a new sign-in link
            </Link>
          </div>
        </div>
      ) : null}
      <Button size="lg" className="w-full" onClick={proceed} disabled={verify.isPending || verify.isSuccess}>
        {verify.isPending ? "Signing you in…" : "Continue to LOOP"}
        {verify.isPending ? null : <ArrowRight aria-hidden />}
      </Button>
    </AuthCardLayout>
  );
}
