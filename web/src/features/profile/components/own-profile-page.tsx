import type { CurrentUser } from "@loop/rules/api-types";
import { levelTitle } from "@loop/rules/levels";
import { paths } from "@loop/rules/paths";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { BarChart3, Coins, ExternalLink, ShoppingBag, Sparkles, UserRound } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { LevelBadgeDetailed } from "@/components/level-badge";
import { LoopAmount } from "@/components/ui/loop-amount";
import { TitledCard } from "@/components/ui/titled-card";
import { Skeleton } from "@/components/ui/skeleton";
import { TabList, TabPanel } from "@/components/ui/tab-list";
import { formatCount, formatDate, loopText } from "@/lib/format";
import { useOwnProfile } from "../api/get-own-profile";
import { useUserProfile } from "../api/get-user-profile";
import { loopTotalUsd } from "../lib/format-totals";
import { FollowCounts } from "./follow-button";
import { LikedLoops } from "./liked-loops";
import { MyLoopsSection } from "./my-loops-section";
import { ProfileAvatar } from "./profile-avatar";
import { ProfileCollections } from "./profile-collections";
import { ProfileForm } from "./profile-form";

export interface OwnProfilePageProps {
  user: CurrentUser;
  /** Renders a list of loops as cards (composed by the route: the catalog's `LoopList`). */
  renderLoops: (loops: PublicLoop[]) => ReactNode;
  /** Adds or changes the e-mail address (composed by the route: the account-email feature's). */
  renderEmailAction?: (email: string | null) => ReactNode;
}

const PROFILE_TABS = [
  { id: "loops", label: "Loops" },
  { id: "liked", label: "Liked" },
  { id: "collections", label: "Collections" },
] as const;
type ProfileTab = (typeof PROFILE_TABS)[number]["id"];

/**
 * /profile: the signed-in user's own profile (docs/product.md#profile): edit form, earnings and spending,
 * level, follower counts, and the tabs My Loops, Liked and Collections (docs/product.md#likes, #collections).
 */
export function OwnProfilePage({ user, renderLoops, renderEmailAction }: OwnProfilePageProps) {
  const [tab, setTab] = useState<ProfileTab>("loops");
  const profile = useOwnProfile();
  const data = profile.data;
  // The follower counts (the loops are the My Loops table's own call).
  const mine = useUserProfile(user.id);
  const name = user.username ?? user.email ?? "You";
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mb-8 flex flex-col gap-6 sm:flex-row sm:items-center">
        <ProfileAvatar name={name} imageUrl={user.profileImageUrl} />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-muted-foreground">My Profile</p>
          <h1 className="font-display truncate text-3xl font-black tracking-tight">{name}</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {fullName ? `${fullName} · ` : ""}
            {levelTitle(user.level)} · Member since {formatDate(user.createdAt)}
          </p>
          {mine.data ? (
            <div className="mt-2">
              <FollowCounts followerCount={mine.data.followerCount} followingCount={mine.data.followingCount} />
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <Link to={paths.analytics()} className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline">
            <BarChart3 className="size-3.5" aria-hidden />
            Analytics
          </Link>
          <Link
            to={paths.userProfile(user.id)}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
          >
            View public profile
            <ExternalLink className="size-3.5" aria-hidden />
          </Link>
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
        <TitledCard
          id="edit-profile-title"
          icon={<UserRound className="size-5 text-violet-300" aria-hidden />}
          title="Edit Profile"
          description="How other producers and buyers see you."
        >
          {data ? (
            <ProfileForm
              key={data.id}
              email={data.email}
              emailAction={renderEmailAction?.(data.email)}
              initial={{ username: data.username ?? "", bio: data.bio ?? "", profileImageUrl: data.profileImageUrl ?? "" }}
            />
          ) : profile.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Your profile could not be loaded. Please reload the page.
            </p>
          ) : (
            <div className="grid gap-4" aria-busy>
              <Skeleton className="h-11" />
              <Skeleton className="h-28" />
              <Skeleton className="h-11" />
            </div>
          )}
        </TitledCard>

        <div className="grid content-start gap-6">
          <TitledCard
            id="totals-title"
            icon={<Coins className="size-5 text-amber-300" aria-hidden />}
            title="Earnings &amp; Spending"
            description="Only you can see these."
            contentClassName="grid gap-3 sm:grid-cols-2 lg:grid-cols-1"
          >
            <TotalStat label="Total Earned" icon={<Sparkles className="size-4 text-emerald-300" aria-hidden />} value={data?.totalEarned} />
            <TotalStat label="Total Spent" icon={<ShoppingBag className="size-4 text-pink-300" aria-hidden />} value={data?.totalSpent} />
          </TitledCard>

          <TitledCard id="level-title" title="Level" description={<>{formatCount(user.experience)} XP in total</>}>
            <LevelBadgeDetailed info={user.levelInfo} />
          </TitledCard>
        </div>
      </div>

      <div className="mt-12">
        <TabList tabs={PROFILE_TABS} value={tab} onChange={setTab} idPrefix="own-profile" label="Your loops and collections" />
        <TabPanel idPrefix="own-profile" value={tab}>
          {tab === "loops" ? (
            <MyLoopsSection emptyText="You haven't uploaded anything yet. Use Upload in the top bar to share your first loop." />
          ) : tab === "liked" ? (
            <LikedLoops renderLoops={renderLoops} />
          ) : (
            <ProfileCollections
              userId={null}
              own
              emptyText="No collections yet. Make one here, or from the folder button on any loop card."
            />
          )}
        </TabPanel>
      </div>
    </div>
  );
}

function TotalStat({ label, icon, value }: { label: string; icon: ReactNode; value: string | undefined }) {
  const usd = value === undefined ? null : loopTotalUsd(value);
  return (
    <div className="rounded-lg border border-border bg-surface/60 p-4">
      <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        {icon}
        {label}
      </p>
      {value === undefined ? (
        <Skeleton className="mt-2 h-6 w-28" />
      ) : (
        <>
          <p className="mt-1.5 text-lg font-bold tabular-nums [overflow-wrap:anywhere]" aria-label={`${label}: ${loopText(value)}`}>
            <LoopAmount value={value} unit={false} />{" "}
            <span className="text-xs font-semibold whitespace-nowrap text-muted-foreground">LOOP</span>
          </p>
          {usd ? <p className="text-xs text-muted-foreground">≈ {usd} USD</p> : null}
        </>
      )}
    </div>
  );
}
