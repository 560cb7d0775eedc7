import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useParams } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { useUser } from "@/lib/auth";
import { userProfileQueryOptions } from "@/features/profile/api/get-user-profile";
import { embeddedProfileCard } from "@/features/profile/lib/embedded-profile";
import { PROFILE_PAGE_FRAME_CLASS, ProfileHeaderPreview } from "@/features/profile/components/profile-header";
import { preloadUserProfile } from "../route-data-preloads";

/**
 * /profile/:userId while its code loads (the route is lazy). The profile and its first loops are
 * asked for as soon as the URL is known (at start: main.tsx; after a navigation: here), so they
 * arrive while the page's files do; and the profile's card shows from the answer, where the page
 * will show it. Before, the page asked only once its code had run, and its largest paint (the bio)
 * waited for the code, then for the answer (docs/decisions.md#pages-that-are-fast-on-a-phone-issue-39-5).
 * A visitor's first page shows the card the HTML carries at once (features/profile/lib/embedded-profile.ts).
 */
export function UserProfileLoading() {
  const { userId = "" } = useParams();
  const client = useQueryClient();
  useEffect(() => preloadUserProfile(client, userId), [client, userId]);
  const profile = useQuery(userProfileQueryOptions(userId));
  const { user } = useUser();
  // A visitor's first page: the card the HTML carries, before the answer (a member waits for theirs:
  // their own profile's card differs).
  const card = profile.data ?? (user === null ? embeddedProfileCard(userId) : undefined);
  if (!card) return <PageSpinner label="Loading profile" />;
  return (
    <div className={PROFILE_PAGE_FRAME_CLASS}>
      <ProfileHeaderPreview profile={card} />
      <PageSpinner label="Loading profile" />
    </div>
  );
}
