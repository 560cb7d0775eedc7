import { levelInfo } from "@loop/rules/levels";
import { paths } from "@loop/rules/paths";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { PROFILE_MESSAGES } from "@loop/rules/profile-messages";
import { BarChart3, FolderOpen, Pencil, UserX } from "lucide-react";
import type { ReactNode } from "react";
import { LevelBadgeCompact, LevelBadgeDetailed } from "@/components/level-badge";
import { LoadFailedNotice } from "@/components/load-failed-notice";
import { NotFoundNotice } from "@/components/not-found-notice";
import { Card } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { formatCount } from "@/lib/format";
import { useUserProfile } from "../api/get-user-profile";
import { FollowButton, FollowCounts } from "./follow-button";
import { ProfileAvatar } from "./profile-avatar";
import { ProfileCollections } from "./profile-collections";
import { ProfileLoopsSection } from "./profile-loops-section";
import { LinkButton } from "@/components/ui/link-button";

export interface PublicProfilePageProps {
  userId: string;
  renderLoops: (loops: PublicLoop[]) => ReactNode;
  /** Opens the app's Join dialog (Follow when signed out). */
  onSignInRequired?: () => void;
}

/**
 * /profile/:userId: a user's public profile (docs/product.md#profile): user, level title and icon,
 * follower counts and Follow (docs/product.md#follows), loops, public collections; 'User Not Found' for 404.
 */
export function PublicProfilePage({ userId, renderLoops, onSignInRequired }: PublicProfilePageProps) {
  const profile = useUserProfile(userId);
  if (profile.isPending) return <PageSpinner label="Loading profile" />;
  if (profile.isError) {
    const notFound = (
      <NotFoundNotice icon={UserX} title={PROFILE_MESSAGES.userNotFound} text="This profile does not exist, or the link is wrong." />
    );
    return <LoadFailedNotice subject="profile" error={profile.error} onRetry={() => void profile.refetch()} notFound={notFound} />;
  }
  const { user, totalLoops, isOwnProfile, followerCount, followingCount, followedByMe } = profile.data;
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const info = levelInfo(user.experience);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <Card className="p-6 sm:p-8">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
          <ProfileAvatar name={user.username} imageUrl={user.profileImageUrl} className="size-24" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="font-display truncate text-3xl font-black tracking-tight">{user.username}</h1>
              <LevelBadgeCompact level={user.level} />
              <span className="text-sm font-semibold text-muted-foreground">{user.levelTitle}</span>
            </div>
            {fullName ? <p className="mt-1 text-muted-foreground">{fullName}</p> : null}
            {user.bio ? <p className="mt-4 max-w-2xl whitespace-pre-line text-sm leading-relaxed">{user.bio}</p> : null}
            <p className="mt-4 text-sm text-muted-foreground">
              {formatCount(totalLoops)} {totalLoops === 1 ? "upload" : "uploads"} · {formatCount(user.experience)} XP
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-4">
              <FollowCounts followerCount={followerCount} followingCount={followingCount} />
              {isOwnProfile ? null : (
                <FollowButton userId={user.id} username={user.username} followedByMe={followedByMe} onSignInRequired={onSignInRequired} />
              )}
            </div>
          </div>
          <div className="flex flex-col gap-4 sm:w-72">
            {info.level === user.level ? <LevelBadgeDetailed info={info} /> : null}
            {isOwnProfile ? (
              <div className="grid gap-2 sm:grid-cols-2">
                <LinkButton to={paths.profile()} icon={Pencil} variant="outline" size="sm">
                  Edit profile
                </LinkButton>
                <LinkButton to={paths.analytics()} icon={BarChart3} variant="outline" size="sm">
                  Analytics
                </LinkButton>
              </div>
            ) : null}
          </div>
        </div>
      </Card>

      <ProfileLoopsSection
        userId={user.id}
        title={isOwnProfile ? "My Loops" : "Loops"}
        totalLoops={totalLoops}
        emptyText={isOwnProfile ? "None of your loops is public yet." : `${user.username} hasn't shared any loops yet.`}
        renderLoops={renderLoops}
      />

      <section aria-labelledby="profile-collections-title" className="mt-12">
        <h2 id="profile-collections-title" className="font-display mb-5 flex items-center gap-2 text-2xl font-black tracking-tight">
          <FolderOpen className="size-5 text-primary" aria-hidden />
          {isOwnProfile ? "My public collections" : "Collections"}
        </h2>
        <ProfileCollections
          userId={user.id}
          own={false}
          emptyText={isOwnProfile ? "You have no public collections yet." : `${user.username} has no public collections yet.`}
        />
      </section>
    </div>
  );
}
