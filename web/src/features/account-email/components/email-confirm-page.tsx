import { paths } from "@loop/rules/paths";
import { AlertTriangle, CheckCircle2, LogIn, MailCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { BrandMark } from "@/components/brand";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { getServerMessage } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { useConfirmEmailChange } from "../api/confirm-email-change";
import { useEmailChangeLink } from "../api/get-email-change-link";

const LINK_UNUSABLE = "This confirmation link could not be used. Please ask for a new one.";
const TITLE = "Confirm your e-mail address";

function Layout({ title = TITLE, description, children }: { title?: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center px-4 py-16 sm:py-24">
      <Card className="w-full p-8">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <BrandMark className="size-12" />
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {children}
      </Card>
    </div>
  );
}

function LinkProblem({ message }: { message: string }) {
  return (
    <div role="alert" className="mb-5 flex gap-3 rounded-lg border border-destructive/50 bg-destructive/10 p-4 text-sm">
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold" data-testid="email-confirm-error">
          {message}
        </p>
        <Link to={paths.settings()} className="font-medium text-violet-300 underline-offset-4 hover:underline">
          Ask for a new link in Settings
        </Link>
      </div>
    </div>
  );
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
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-success/15 text-success">
            <CheckCircle2 className="size-6" aria-hidden />
          </span>
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
        <LinkProblem message={getServerMessage(link.error, LINK_UNUSABLE)} />
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
      {confirm.isError ? <LinkProblem message={getServerMessage(confirm.error, LINK_UNUSABLE)} /> : null}
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
