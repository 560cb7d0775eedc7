import { groupDigits } from "@loop/rules/format-en-us";
import { UserCheck, UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { askToSignIn, loginRequiredToast } from "@/lib/sign-in-required";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { redirectToLoginAfterUnauthorized } from "@/lib/session-expired";
import { toast } from "@/lib/toast";
import { useSetFollow } from "../api/follow-user";

export const FOLLOW_LOGIN_REQUIRED_TOAST = loginRequiredToast("follow creators");

/**
 * Follow or Unfollow on someone else's profile (docs/product.md#follows): followers see the creator's
 * new loops in Home → Following and get a bell notification when one is out. Signed out it asks to
 * sign in (the app's Join dialog).
 */
export function FollowButton({
  userId,
  username,
  followedByMe,
  onSignInRequired,
}: {
  userId: string;
  username: string;
  followedByMe: boolean;
  onSignInRequired?: () => void;
}) {
  const { user, isLoading } = useUser();
  const follow = useSetFollow();

  const toggle = () => {
    if (!user) {
      askToSignIn(onSignInRequired, FOLLOW_LOGIN_REQUIRED_TOAST);
      return;
    }
    const next = !followedByMe;
    follow.mutate(
      { userId, follow: next },
      {
        onSuccess: () =>
          toast({
            title: next ? `Following ${username}` : `Unfollowed ${username}`,
            description: next ? "Their new loops show in Home → Following." : "Their new loops no longer show in your Following tab.",
            variant: "success",
          }),
        onError: (error) => {
          if (errorStatus(error) === 401) {
            redirectToLoginAfterUnauthorized();
            return;
          }
          toast({ title: "Not Changed", description: getServerMessage(error, "Please try again."), variant: "destructive" });
        },
      },
    );
  };

  return (
    <Button
      variant={followedByMe ? "outline" : "default"}
      aria-pressed={followedByMe}
      disabled={isLoading || follow.isPending}
      onClick={toggle}
    >
      {followedByMe ? <UserCheck aria-hidden /> : <UserPlus aria-hidden />}
      {followedByMe ? "Unfollow" : "Follow"}
    </Button>
  );
}

/** "N followers · M following". */
export function FollowCounts({ followerCount, followingCount }: { followerCount: number; followingCount: number }) {
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground" data-testid="follow-counts">
      <span>
        <strong className="font-semibold text-foreground tabular-nums" data-testid="follower-count">
          {groupDigits(followerCount)}
        </strong>{" "}
        {followerCount === 1 ? "follower" : "followers"}
      </span>
      <span>
        <strong className="font-semibold text-foreground tabular-nums" data-testid="following-count">
          {groupDigits(followingCount)}
        </strong>{" "}
        following
      </span>
    </p>
  );
}
