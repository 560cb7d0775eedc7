import { paths } from "@loop/rules/paths";
import { CheckCircle2, LogIn, MailCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { CardPageLayout, LinkProblem } from "@/components/card-page";
import { SuccessIcon } from "@/components/email-address-input";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { getServerMessage } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { useConfirmEmailChange } from "../api/confirm-email-change";
import { useEmailChangeLink } from "../api/get-email-change-link";

const LINK_UNUSABLE = "This confirmation link could not be used. Please ask for a new one.";
const TITLE = "Confirm your e-mail address";

function Layout({ title = TITLE, ...props }: { title?: string; description?: ReactNode; children: ReactNode }) {
  return <CardPageLayout title={title} {...props} />;
}

function EmailLinkProblem({ message }: { message: string }) {
  return <LinkProblem message={message} testId="email-confirm-error" to={paths.settings()} linkText="Ask for a new link in Settings" />;
}

export interface EmailConfirmPageProps {
  /** Opens the Join dialog (composed by the route: the auth feature's). */
  onSignIn: () => void;
}

/**
 * /profile/email/confirm?token=…: the mailed link lands here. Opening it changes nothing: the page names
 * the address and the account, and only its button (signed in to that account) confirms, so mail
 * scanners that open links cannot use them up.
 */
export function EmailConfirmPage({ onSignIn }: EmailConfirmPageProps) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const link = useEmailChangeLink(token);
  const confirm = useConfirmEmailChange();
  const { user, isLoading } = useUser();

  if (!token) {
    return (
      <Layout description="This link is missing its confirmation code. Copy the whole link from the e-mail, or ask for a new one.">
        <Button asChild size="lg" className="w-full">
          <Link to={paths.settings()}>Go to Settings</Link>
        </Button>
      </Layout>
    );
  }

  if (confirm.isSuccess) {
    return (
      <Layout title="E-mail address confirmed">
        <div className="flex flex-col items-center gap-3 text-center" role="status" data-testid="email-confirm-done">
          <SuccessIcon icon={CheckCircle2} />
          <p className="text-base font-semibold break-all">{`${confirm.data.email} is now the e-mail address of ${link.data?.username ?? confirm.data.username ?? "your account"}.`}</p>
          <p className="text-sm text-muted-foreground">Receipts and order confirmations go there, and you can sign in with it.</p>
          <Button asChild size="lg" className="mt-2 w-full">
            <Link to={paths.profile()}>Go to your profile</Link>
          </Button>
        </div>
      </Layout>
    );
  }

  if (link.isPending || isLoading) {
    return (
      <Layout description="Checking your confirmation link…">
        <div className="flex justify-center">
          <Spinner label="Checking your confirmation link" />
        </div>
      </Layout>
    );
  }

  if (link.isError) {
    return (
      <Layout>
        <EmailLinkProblem message={getServerMessage(link.error, LINK_UNUSABLE)} />
      </Layout>
    );
  }

  const { email, username, replaces } = link.data;
  const otherAccount = user !== null && user.username !== username;

  return (
    <Layout
      description={
        <span data-testid="email-confirm-summary">
          Confirm <strong className="break-all text-foreground">{email}</strong> as the e-mail address of{" "}
          <strong className="text-foreground">{username}</strong>.
        </span>
      }
    >
      {confirm.isError ? <EmailLinkProblem message={getServerMessage(confirm.error, LINK_UNUSABLE)} /> : null}
      <div className="mb-5 grid gap-2 text-sm text-muted-foreground" data-testid="email-confirm-notes">
        <p>Receipts and order confirmations will go to this address, and you can sign in with it.</p>
        {replaces ? <p>It replaces the account's current address, which we tell about the change.</p> : null}
        {user === null ? <p>{`Sign in as ${username} first, then open the link from the e-mail again.`}</p> : null}
        {otherAccount ? (
          <p>{`You are signed in as ${user.username}. This link is for ${username}: sign in to that account to confirm it.`}</p>
        ) : null}
      </div>
      {user === null ? (
        <Button size="lg" className="w-full" onClick={onSignIn}>
          <LogIn aria-hidden />
          Sign in
        </Button>
      ) : (
        <Button size="lg" className="w-full" onClick={() => confirm.mutate(token)} disabled={otherAccount || confirm.isPending}>
          <MailCheck aria-hidden />
          <span className="truncate">{confirm.isPending ? "Confirming…" : `Confirm ${email}`}</span>
        </Button>
      )}
    </Layout>
  );
}
