import type { CurrentUser } from "@loop/rules/api-types";
import { RefreshCw, TrendingUp } from "lucide-react";
import { MembersOnly, type MembersOnlyPageProps } from "@/components/members-only-page";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useLevelRewards } from "../api/get-level-rewards";
import { useUserLevel } from "../api/get-user-level";
import { ExperienceGuideCard } from "./experience-guide-card";
import { LevelProgressWidget } from "./level-progress-widget";
import { LevelTiersCard } from "./level-tiers-card";
import { RecentLevelRewards } from "./recent-level-rewards";

export type LevelPageProps = MembersOnlyPageProps;

function SignedInLevelPage({ user }: { user: CurrentUser }) {
  const level = useUserLevel({ enabled: true });
  const rewards = useLevelRewards({ enabled: true });
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-8">
        <p className="text-sm font-semibold tracking-widest text-highlight uppercase">Your journey</p>
        <h1 className="mt-2 font-display text-4xl font-black tracking-tight">Level Progress</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Earn XP by trading loops and negotiating offers. Every new level pays LOOP into your balance.
        </p>
      </header>

      {level.isLoading ? (
        <Card className="p-8" aria-label="Loading level progress">
          <div className="flex items-center gap-6">
            <Skeleton className="size-20 rounded-3xl" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-8 w-48" />
            </div>
          </div>
          <Skeleton className="mt-8 h-3 w-full" />
        </Card>
      ) : level.isError || !level.data ? (
        <Card role="alert" className="flex flex-wrap items-center gap-4 p-6 text-sm text-muted-foreground">
          Your level progress is unavailable right now.
          <Button variant="outline" size="sm" onClick={() => void level.refetch()}>
            <RefreshCw aria-hidden />
            Try again
          </Button>
        </Card>
      ) : (
        <LevelProgressWidget level={level.data} />
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-6">
          <RecentLevelRewards
            rewards={rewards.data}
            isLoading={rewards.isLoading}
            isError={rewards.isError}
            onRetry={() => void rewards.refetch()}
          />
          <LevelTiersCard currentLevel={level.data?.level ?? user.level} />
        </div>
        <ExperienceGuideCard />
      </div>
    </div>
  );
}

/** /level (spec, Level progress): signed out a sign-in prompt; signed in the progress widget, rewards, tiers and the XP guide. */
export function LevelPage(props: LevelPageProps) {
  return (
    <MembersOnly
      {...props}
      loadingLabel="Loading your level"
      icon={TrendingUp}
      title="Level Progress"
      signInText="Sign in to view your level progress"
    >
      {(user) => <SignedInLevelPage user={user} />}
    </MembersOnly>
  );
}
