import { paths } from "@loop/rules/paths";
import { ArrowRight } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { CardPageLayout, LinkProblem } from "@/components/card-page";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { getServerMessage } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { useEmailLinkAccount } from "../api/email-link-account";
import { useVerifyEmailLink } from "../api/verify-email-link";

const LINK_UNUSABLE = "This sign-in link could not be used. Please request a new one.";

function SignInLinkProblem({ message }: { message: string }) {
  return <LinkProblem message={message} testId="login-confirm-error" to={paths.login()} linkText="Request a new sign-in link" />;
}

/**
 * /login/confirm?token=…: the mailed link lands here. Opening it signs nobody in: the page names the
 * account the link belongs to, and only 'Continue as <address>' redeems it. So a link sent by
 * someone else does not sign this browser into their account unnoticed, and mail scanners that
 * open links cannot use them up.
 */
export function LoginConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const account = useEmailLinkAccount(token);
  const verify = useVerifyEmailLink();
  const { user: current } = useUser();

  if (!token) {
    return (
      <CardPageLayout
        title="Sign-in link incomplete"
        description="This link is missing its sign-in code. Copy the whole link from the e-mail, or ask for a new one."
      >
        <Button asChild size="lg" className="w-full">
          <Link to={paths.login()}>Request a new sign-in link</Link>
        </Button>
      </CardPageLayout>
    );
  }

  if (account.isPending) {
    return (
      <CardPageLayout title="Confirm sign-in" description="Checking your sign-in link…">
        <div className="flex justify-center">
          <Spinner label="Checking your sign-in link" />
        </div>
      </CardPageLayout>
    );
  }

  if (account.isError) {
    return (
      <CardPageLayout title="Confirm sign-in">
        <SignInLinkProblem message={getServerMessage(account.error, LINK_UNUSABLE)} />
      </CardPageLayout>
    );
  }

  const { email, username } = account.data;
  const switching = current !== null && current.email !== email;

  function proceed() {
    verify.mutate(token, { onSuccess: () => navigate(paths.root(), { replace: true }) });
  }

  return (
    <CardPageLayout
      title="Confirm sign-in"
      description={
        <>
          This link signs you in to LOOP as{" "}
          <strong className="break-all text-foreground" data-testid="login-confirm-email">
            {email}
          </strong>
          {username ? ` (@${username})` : ""}.
        </>
      }
    >
      {verify.isError ? <SignInLinkProblem message={getServerMessage(verify.error, LINK_UNUSABLE)} /> : null}
      <div className="mb-5 grid gap-2 text-sm text-muted-foreground" data-testid="login-confirm-notes">
        {username ? null : <p>There is no account for this address yet: continuing creates one.</p>}
        {switching ? <p>You are signed in as {current.username} in this browser; continuing signs you out of that account.</p> : null}
        <p>Not your e-mail address? Do not continue: someone may be trying to sign you in to their account. Close this page instead.</p>
      </div>
      <Button size="lg" className="w-full" onClick={proceed} disabled={verify.isPending || verify.isSuccess}>
        <span className="truncate">{verify.isPending ? "Signing you in…" : `Continue as ${email}`}</span>
        {verify.isPending ? null : <ArrowRight aria-hidden />}
      </Button>
    </CardPageLayout>
  );
}
