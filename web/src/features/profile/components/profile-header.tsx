import type { PublicProfile } from "@loop/rules/schemas/profile";
import type { ReactNode } from "react";
import { LevelBadgeCompactPlaceholder } from "@/components/level-badge-placeholder";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/format";
import { ProfileAvatar } from "./profile-avatar";

/** A public profile's frame: one box for the loading state and the page, so nothing moves when the page's code arrives. */
export const PROFILE_PAGE_FRAME_CLASS = "mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14";

export interface ProfileHeaderProps {
  /** The card's fields of the profile (its answer, or the card the page's HTML carries). */
  profile: Pick<PublicProfile, "user" | "totalLoops">;
  /** Beside the name: the level badge. */
  badge: ReactNode;
  /** Under the counts: followers, following and Follow. */
  followRow: ReactNode;
  /** The side column (below on a phone): level progress, the owner's links. */
  aside: ReactNode;
}

/**
 * A public profile's card: avatar, name, level, bio, uploads and XP, with the parts that need the
 * page's code (the badge, Follow, level progress) as slots. Light on purpose: the route's loading
 * state shows it from the profile's answer before the page's code has arrived (ProfileHeaderPreview).
 */
export function ProfileHeader({ profile, badge, followRow, aside }: ProfileHeaderProps) {
  const { user, totalLoops } = profile;
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return (
    <Card className="p-6 sm:p-8">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <ProfileAvatar name={user.username} imageUrl={user.profileImageUrl} className="size-24" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="font-display truncate text-3xl font-black tracking-tight">{user.username}</h1>
            {badge}
            <span className="text-sm font-semibold text-muted-foreground">{user.levelTitle}</span>
          </div>
          {fullName ? <p className="mt-1 text-muted-foreground">{fullName}</p> : null}
          {user.bio ? <p className="mt-4 max-w-2xl whitespace-pre-line text-sm leading-relaxed">{user.bio}</p> : null}
          <p className="mt-4 text-sm text-muted-foreground">
            {formatCount(totalLoops)} {totalLoops === 1 ? "upload" : "uploads"} · {formatCount(user.experience)} XP
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-4">{followRow}</div>
        </div>
        <div className="flex flex-col gap-4 sm:w-72">{aside}</div>
      </div>
    </Card>
  );
}

/**
 * The card while the page's code loads, from the profile's answer or the card the page's HTML
 * carries (a visitor's: not their own profile): the text as the page shows it (the bio is a phone's
 * largest paint), placeholders of the same height for the badge, the Follow row and the level
 * progress (docs/decisions.md#pages-that-are-fast-on-a-phone-issue-39-5).
 */
export function ProfileHeaderPreview({ profile }: { profile: Pick<PublicProfile, "user" | "totalLoops"> & { isOwnProfile?: boolean } }) {
  return (
    <ProfileHeader
      profile={profile}
      badge={<LevelBadgeCompactPlaceholder level={profile.user.level} />}
      // Follow is a 40 px button; the owner's row holds only the counts' line.
      followRow={<Skeleton className={profile.isOwnProfile ? "h-5 w-44" : "h-10 w-64"} />}
      aside={<Skeleton className="h-16" />}
    />
  );
}
