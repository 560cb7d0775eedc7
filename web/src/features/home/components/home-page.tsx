import type { CurrentUser } from "@loop/rules/api-types";
import { badgeTier, levelTitle } from "@loop/rules/levels";
import { Ban, CalendarDays, Mail, Settings, ShieldCheck, Sparkles, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CopyAddressButton } from "@/components/copy-address-button";
import { LevelBadgeCompact, LevelBadgeDetailed } from "@/components/level-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { displayName } from "@/lib/auth";
import { formatCount, formatDate, shortAddress } from "@/lib/format";

/** Signed-in home: welcome, level badge and the account summary. */
export function HomePage({ user }: { user: CurrentUser }) {
  const name = displayName(user) ?? (user.walletAddress ? shortAddress(user.walletAddress) : "there");
  const title = levelTitle(user.level);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      {user.isBanned ? (
        <div role="alert" className="mb-8 flex gap-3 rounded-xl border border-destructive/50 bg-destructive/10 p-5">
          <Ban className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
          <div>
            <p className="font-semibold">Your account is banned</p>
            <p className="mt-1 text-sm text-muted-foreground">{user.banReason || "Contact support if you think this is a mistake."}</p>
          </div>
        </div>
      ) : null}

      <header className="relative overflow-hidden rounded-3xl border border-border bg-gradient-to-br from-primary/20 via-card to-accent/10 p-8 sm:p-10">
        <div className="absolute -top-20 -right-20 size-64 rounded-full bg-accent/20 blur-3xl" aria-hidden />
        <div className="relative flex flex-wrap items-center justify-between gap-6">
          <div>
            <p className="flex items-center gap-2 text-sm font-medium text-violet-200">
              <Sparkles className="size-4" aria-hidden />
              Welcome back
            </p>
            <h1 className="mt-2 font-display text-4xl font-black tracking-tight break-all sm:text-5xl" data-testid="home-welcome">
              Hi, {name}
            </h1>
            <p className="mt-3 flex flex-wrap items-center gap-2 text-muted-foreground">
              <LevelBadgeCompact level={user.level} />
              <span>
                {title} · {formatCount(user.experience)} XP
              </span>
              {user.isAdmin ? (
                <Badge variant="highlight">
                  <ShieldCheck aria-hidden />
                  Admin
                </Badge>
              ) : null}
            </p>
          </div>
          <Button asChild variant="outline">
            <Link to="/settings">
              <Settings aria-hidden />
              Account settings
            </Link>
          </Button>
        </div>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-[1.2fr_1fr]">
        <Card aria-labelledby="level-card-title">
          <CardHeader>
            <CardTitle id="level-card-title">Your level</CardTitle>
            <CardDescription>
              Earn XP by buying, selling and negotiating. Every new level pays a LOOP reward; the badge changes at levels 10, 15 and
              25.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <LevelBadgeDetailed info={user.levelInfo} />
            <p className="mt-4 text-xs text-muted-foreground" data-testid="badge-tier">
              Badge tier: <span className="capitalize">{badgeTier(user.level)}</span>
            </p>
          </CardContent>
        </Card>

        <Card aria-labelledby="account-summary-title">
          <CardHeader>
            <CardTitle id="account-summary-title">Your account</CardTitle>
            <CardDescription>How you sign in to LOOP.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              <SummaryRow icon={<Mail aria-hidden />} label="E-mail">
                {user.email ?? <span className="text-muted-foreground italic">Not provided</span>}
              </SummaryRow>
              <SummaryRow icon={<Wallet aria-hidden />} label="Wallet">
                {user.walletAddress ? (
                  <span className="inline-flex items-center gap-1 font-mono">
                    {shortAddress(user.walletAddress)}
                    <CopyAddressButton address={user.walletAddress} />
                  </span>
                ) : (
                  <Link to="/settings" className="text-violet-300 underline-offset-4 hover:underline">
                    Link a wallet
                  </Link>
                )}
              </SummaryRow>
              <SummaryRow icon={<CalendarDays aria-hidden />} label="Member since">
                {formatDate(user.createdAt)}
              </SummaryRow>
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function SummaryRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-h-10 items-center gap-3 rounded-lg border border-border bg-surface/60 px-3 py-2">
      <span className="text-muted-foreground [&_svg]:size-4">{icon}</span>
      <dt className="w-28 shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 flex-1 truncate text-right font-medium">{children}</dd>
    </div>
  );
}
