import { UsersRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useFollowingLoops } from "../api/get-following-loops";
import type { RenderLoopCard } from "./loop-card";
import { PagedLoops } from "./paged-loops";

export const FOLLOWING_EMPTY_TEXT = "Follow creators to see their new loops here.";

/**
 * Home's Following tab (docs/product.md#follows): the newest loops of the creators the member follows,
 * 24 at a time with 'Load More Loops'; an empty state that says how to fill it.
 */
export function FollowingLoops({ renderCard, onBrowseAll }: { renderCard: RenderLoopCard; onBrowseAll?: () => void }) {
  const query = useFollowingLoops();

  return (
    <section aria-labelledby="following-title">
      <h2 id="following-title" className="font-display text-2xl font-extrabold tracking-tight sm:text-3xl">
        New from creators you follow
      </h2>
      <div className="mt-5">
        <PagedLoops
          query={query}
          renderCard={renderCard}
          empty={
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-16 text-center">
              <UsersRound className="size-10 text-muted-foreground" aria-hidden />
              <p className="font-semibold">{FOLLOWING_EMPTY_TEXT}</p>
              <p className="max-w-md text-sm text-muted-foreground">
                Open a creator's profile from any loop and press Follow: their next uploads show up here, newest first, and the bell tells
                you when one is out.
              </p>
              {onBrowseAll ? (
                <Button variant="outline" onClick={onBrowseAll}>
                  Browse all loops
                </Button>
              ) : null}
            </div>
          }
        />
      </div>
    </section>
  );
}
