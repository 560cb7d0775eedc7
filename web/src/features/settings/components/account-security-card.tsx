import type { CurrentUser } from "@loop/rules/api-types";
import { ExternalLink, KeyRound, Mail, ShieldCheck, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { shortAddress } from "@/lib/format";
import { SettingsCard } from "./settings-card";

export interface AccountSecurityCardProps {
  user: CurrentUser;
  /** The OpenID Connect provider's account page; null when no provider is configured. */
  accountUrl: string | null;
  /** Adds or changes the e-mail address (composed by the route: the account-email feature's). */
  emailAction?: ReactNode;
}

function Method({
  icon,
  title,
  children,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-4 py-3" data-testid={testId}>
      <div className="flex min-w-0 flex-1 gap-3">
        <span className="mt-0.5 text-violet-300">{icon}</span>
        <div className="min-w-0">
          <p className="text-sm font-semibold">{title}</p>
          <p className="text-sm break-words text-muted-foreground">{children}</p>
        </div>
      </div>
      {action}
    </li>
  );
}

/**
 * Account Security (always shown): how this account signs in — wallet signature, e-mail link, and the
 * identity provider when OpenID Connect is configured (its account page, in a new tab) — and where to
 * add or change the e-mail address.
 */
export function AccountSecurityCard({ user, accountUrl, emailAction }: AccountSecurityCardProps) {
  return (
    <SettingsCard
      icon={ShieldCheck}
      title="Account Security"
      description="How you sign in to LOOP. LOOP keeps no password for your account."
    >
      <ul className="divide-y divide-border rounded-lg border border-border bg-surface/60" aria-label="Sign-in methods">
        <Method icon={<Wallet className="size-4" aria-hidden />} title="Wallet signature" testId="sign-in-method-wallet">
          {user.walletAddress
            ? `You sign in by signing a message with your wallet ${shortAddress(user.walletAddress)}; the signature proves the wallet is yours.`
            : "No wallet is linked. Link one under Wallet Connection to sign in by signing a message with it."}
        </Method>
        <Method icon={<Mail className="size-4" aria-hidden />} title="E-mail link" action={emailAction} testId="sign-in-method-email">
          {user.email
            ? `You can sign in with a one-time link sent to ${user.email}. Changing the address needs a confirmation from the new inbox, and the old one is told.`
            : "No e-mail address yet. Add one (confirmed by a link sent to it) to sign in with a one-time link and to get receipts by e-mail."}
        </Method>
        {accountUrl ? (
          <Method
            icon={<KeyRound className="size-4" aria-hidden />}
            title="Identity provider"
            testId="sign-in-method-oidc"
            action={
              <Button asChild variant="outline" size="sm">
                <a href={accountUrl} target="_blank" rel="noopener noreferrer">
                  Manage account security
                  <ExternalLink aria-hidden />
                </a>
              </Button>
            }
          >
            If you sign in through your identity provider, your password and sign-in security are managed there.
          </Method>
        ) : null}
      </ul>
    </SettingsCard>
  );
}
