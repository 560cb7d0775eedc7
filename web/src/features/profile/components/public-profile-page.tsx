import { levelInfo } from "@loop/rules/levels";
import { paths } from "@loop/rules/paths";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { PROFILE_MESSAGES } from "@loop/rules/profile-messages";
import { BarChart3, FolderOpen, Pencil, UserX } from "lucide-react";
import type { ReactNode } from "react";
import { LevelBadgeCompact, LevelBadgeDetailed } from "@/components/level-badge";
import { LoadFailedNotice } from "@/components/load-failed-notice";
import { NotFoundNotice } from "@/components/not-found-notice";
import { PageSpinner } from "@/components/ui/spinner";
import { useUserProfile } from "../api/get-user-profile";
import { FollowButton, FollowCounts } from "./follow-button";
import { PROFILE_PAGE_FRAME_CLASS, ProfileHeader } from "./profile-header";
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
  const info = levelInfo(user.experience);

  return (
    <div className={PROFILE_PAGE_FRAME_CLASS}>
      <ProfileHeader
        profile={profile.data}
        badge={<LevelBadgeCompact level={user.level} />}
        followRow={
          <>
            <FollowCounts followerCount={followerCount} followingCount={followingCount} />
            {isOwnProfile ? null : (
              <FollowButton userId={user.id} username={user.username} followedByMe={followedByMe} onSignInRequired={onSignInRequired} />
            )}
          </>
        }
        aside={
          <>
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
          </>
        }
      />

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
