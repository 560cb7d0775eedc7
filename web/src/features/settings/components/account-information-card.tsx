import type { CurrentUser } from "@loop/rules/api-types";
import { UserRound } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export const NOT_PROVIDED = "Not provided";

/** Account Information: e-mail and name, each 'Not provided' when missing. */
export function AccountInformationCard({ user }: { user: CurrentUser }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const rows = [
    { label: "Email", value: user.email || NOT_PROVIDED, missing: !user.email },
    { label: "Name", value: name || NOT_PROVIDED, missing: !name },
  ];
  return (
    <Card aria-labelledby="account-information-title">
      <CardHeader>
        <CardTitle id="account-information-title">
          <UserRound className="size-5 text-violet-300" aria-hidden />
          Account Information
        </CardTitle>
        <CardDescription>The details on your LOOP account.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-border rounded-lg border border-border bg-surface/60">
          {rows.map((row) => (
            <div key={row.label} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <dt className="text-sm text-muted-foreground">{row.label}</dt>
              <dd className={row.missing ? "text-sm text-muted-foreground italic" : "text-sm font-medium break-all"}>{row.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
