import type { CurrentUser } from "@loop/rules/api-types";
import { levelTitle } from "@loop/rules/levels";
import { paths } from "@loop/rules/paths";
import { Ban, Settings, ShieldCheck, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CopyAddressButton } from "@/components/copy-address-button";
import { LevelBadgeCompact, LevelBadgeDetailed } from "@/components/level-badge";
import { Badge } from "@/components/ui/badge";
import { displayName } from "@/lib/auth";
import { formatCount, shortAddress } from "@/lib/format";
import { LinkButton } from "@/components/ui/link-button";
import { StartBrowsingButton, VisitorHomeHero } from "./visitor-home-hero";

export interface HomeHeroProps {
  /** The signed-in user, or null for a visitor browsing the catalog. */
  user: CurrentUser | null;
  /** 'Start Browsing': brings the catalog into view. */
  onStartBrowsing: () => void;
  /** Further calls to action composed by the route (e.g. 'Upload Your Loops'). */
  actions?: ReactNode;
}

/**
 * The top of Home (docs/product.md#home): the hero with 'Start Browsing'. Signed in it welcomes the user with
 * their level and wallet ID; a visitor gets the catalog pitch.
 */
export function HomeHero({ user, onStartBrowsing, actions }: HomeHeroProps) {
  const startBrowsing = <StartBrowsingButton onClick={onStartBrowsing} />;
  if (!user) return <VisitorHomeHero onStartBrowsing={onStartBrowsing} actions={actions} />;

  const name = displayName(user) ?? (user.walletAddress ? shortAddress(user.walletAddress) : "there");
  return (
    <div>
      {user.isBanned ? (
        <div role="alert" className="mb-6 flex gap-3 rounded-xl border border-destructive/50 bg-destructive/10 p-5">
          <Ban className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
          <div>
            <p className="font-semibold">Your account is banned</p>
            <p className="mt-1 text-sm text-muted-foreground">{user.banReason || "Contact support if you think this is a mistake."}</p>
          </div>
        </div>
      ) : null}

      <header className="relative overflow-hidden rounded-3xl border border-border bg-gradient-to-br from-primary/20 via-card to-accent/10 p-8 sm:p-10">
        <div className="soft-glow absolute -top-52 -right-52 size-128 text-accent/20" aria-hidden />
        <div className="relative grid gap-8 lg:grid-cols-[1.3fr_1fr] lg:items-center">
          <div className="min-w-0">
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
                {levelTitle(user.level)} · {formatCount(user.experience)} XP
              </span>
              {user.isAdmin ? (
                <Badge variant="highlight">
                  <ShieldCheck aria-hidden />
                  Admin
                </Badge>
              ) : null}
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              {startBrowsing}
              {actions}
              <LinkButton to={paths.settings()} icon={Settings} variant="ghost" size="lg">
                Account settings
              </LinkButton>
            </div>
          </div>
          <div className="grid gap-3">
            <LevelBadgeDetailed info={user.levelInfo} />
            <div className="flex min-h-10 items-center gap-3 rounded-lg border border-border bg-surface/60 px-3 py-2 text-sm">
              <span className="text-muted-foreground">Linked wallet</span>
              <span className="ml-auto inline-flex min-w-0 items-center gap-1 font-mono">
                {user.walletAddress ? (
                  <>
                    {shortAddress(user.walletAddress)}
                    <CopyAddressButton address={user.walletAddress} />
                  </>
                ) : (
                  <Link to={paths.settings()} className="font-sans text-violet-300 underline-offset-4 hover:underline">
                    Link a wallet
                  </Link>
                )}
              </span>
            </div>
          </div>
        </div>
      </header>
    </div>
  );
}
