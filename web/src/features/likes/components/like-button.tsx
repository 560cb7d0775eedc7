import type { LikeResult } from "@loop/rules/schemas/likes";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { Heart } from "lucide-react";
import { useState } from "react";
import { askToSignIn, loginRequiredToast } from "@/lib/sign-in-required";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { formatCount } from "@/lib/format";
import { toastFromMessage } from "@/lib/server-toast";
import { redirectToLoginAfterUnauthorized } from "@/lib/session-expired";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useSetLoopLike } from "../api/like-loop";

/** Signed out, the heart asks to sign in: the app's Join dialog, or this toast without one. */
export const LIKE_LOGIN_REQUIRED_TOAST = loginRequiredToast("like loops");

/**
 * The heart of a loop card (docs/product.md#likes): "Like, 12 likes" or "Unlike, 12 likes"
 * (aria-pressed) with the count beside it. The change shows at once and is undone when the server refuses it; a 401 (the session
 * ended) sends the member to log in again, like Download.
 */
export function LikeButton({ loop, onSignInRequired }: { loop: PublicLoop; onSignInRequired?: () => void }) {
  const { user, isLoading } = useUser();
  const setLike = useSetLoopLike();
  // Shown until the loop given changes (the cached lists are patched too; a card outside them keeps this).
  const [override, setOverride] = useState<(LikeResult & { of: PublicLoop }) | null>(null);
  const shown = override?.of === loop ? override : loop;
  const liked = shown.likedByMe;
  const likes = `${formatCount(shown.likeCount)} ${shown.likeCount === 1 ? "like" : "likes"}`;

  const toggle = () => {
    if (!user) {
      askToSignIn(onSignInRequired, LIKE_LOGIN_REQUIRED_TOAST);
      return;
    }
    const like = !liked;
    const before = loop;
    setOverride({ of: before, likedByMe: like, likeCount: Math.max(0, shown.likeCount + (like ? 1 : -1)) });
    setLike.mutate(
      { loopId: loop.id, like },
      {
        onSuccess: (result) => setOverride({ of: before, ...result }),
        onError: (error) => {
          setOverride(null);
          if (errorStatus(error) === 401) {
            redirectToLoginAfterUnauthorized();
            return;
          }
          toast(toastFromMessage(getServerMessage(error, "Your like could not be saved. Please try again."), "Like Failed"));
        },
      },
    );
  };

  return (
    <button
      type="button"
      aria-pressed={liked}
      // The name holds the visible count ("Like, 12 likes"), as WCAG's label in name asks (not in
      // parentheses: axe leaves a parenthetical out of the name it compares).
      aria-label={`${liked ? "Unlike" : "Like"}, ${likes}`}
      title={liked ? "Unlike" : "Like"}
      disabled={isLoading || setLike.isPending}
      onClick={toggle}
      className={cn(
        "inline-flex h-8 cursor-pointer items-center gap-1 rounded-md px-2 text-xs font-semibold tabular-nums transition-colors hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-wait",
        liked ? "text-pink-300" : "text-muted-foreground hover:text-foreground",
      )}
      data-testid="like-button"
    >
      <Heart className={cn("size-4", liked && "fill-pink-400 text-pink-400")} aria-hidden />
      <span data-testid="like-count">{formatCount(shown.likeCount)}</span>
    </button>
  );
}
