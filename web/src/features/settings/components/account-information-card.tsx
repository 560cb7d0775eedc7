import type { CurrentUser } from "@loop/rules/api-types";
import { UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { SettingsCard } from "./settings-card";

export const NOT_PROVIDED = "Not provided";

/**
 * Account Information: e-mail and name, each 'Not provided' when missing; below them, the way to add
 * or change the e-mail address (`emailAction`, composed by the route: the account-email feature's).
 */
export function AccountInformationCard({ user, emailAction }: { user: CurrentUser; emailAction?: ReactNode }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const rows = [
    { label: "Email", value: user.email || NOT_PROVIDED, missing: !user.email },
    { label: "Name", value: name || NOT_PROVIDED, missing: !name },
  ];
  return (
    <SettingsCard icon={UserRound} title="Account Information" description="The details on your LOOP account.">
      <dl className="divide-y divide-border rounded-lg border border-border bg-surface/60">
        {rows.map((row) => (
          <div key={row.label} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <dt className="text-sm text-muted-foreground">{row.label}</dt>
            <dd className={row.missing ? "text-sm text-muted-foreground italic" : "text-sm font-medium break-all"}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {emailAction ? (
        <div className="flex flex-wrap items-center justify-between gap-3" data-testid="account-email-action">
          <p className="text-sm text-muted-foreground">
            {user.email
              ? "Receipts, order confirmations and e-mail sign-in links go to this address."
              : "Add an e-mail address to get receipts and order confirmations by e-mail, and to sign in with a link."}
          </p>
          {emailAction}
        </div>
      ) : null}
    </SettingsCard>
  );
}
