import { Loader2, RotateCw, UsersRound } from "lucide-react";
import { LoadMoreLoops } from "@/components/load-more-loops";
import { Button } from "@/components/ui/button";
import { getServerMessage } from "@/lib/api-client";
import { useFollowingLoops } from "../api/get-following-loops";
import { LoopList } from "./loop-list";

export const FOLLOWING_EMPTY_TEXT = "Follow creators to see their new loops here.";

/**
 * Home's Following tab (docs/product.md#follows): the newest loops of the creators the member follows,
 * 24 at a time with 'Load More Loops'; an empty state that says how to fill it.
 */
export function FollowingLoops({ onBrowseAll }: { onBrowseAll?: () => void }) {
  const query = useFollowingLoops();
  const loops = query.data?.pages.flatMap((page) => page.loops) ?? [];

  return (
    <section aria-labelledby="following-title">
      <h2 id="following-title" className="font-display text-2xl font-extrabold tracking-tight sm:text-3xl">
        New from creators you follow
      </h2>
      <div className="mt-5">
        {query.isPending ? (
          <p role="status" className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
            <Loader2 className="size-5 animate-spin text-primary" aria-hidden />
            Loading loops...
          </p>
        ) : !query.data ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/10 py-12 text-center"
          >
            <p className="font-semibold">Loops could not be loaded</p>
            <p className="text-sm text-muted-foreground">{getServerMessage(query.error, "Please try again.")}</p>
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              <RotateCw aria-hidden />
              Try again
            </Button>
          </div>
        ) : loops.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-16 text-center">
            <UsersRound className="size-10 text-muted-foreground" aria-hidden />
            <p className="font-semibold">{FOLLOWING_EMPTY_TEXT}</p>
            <p className="max-w-md text-sm text-muted-foreground">
              Open a creator's profile from any loop and press Follow: their next uploads show up here, newest first, and the bell tells you
              when one is out.
            </p>
            {onBrowseAll ? (
              <Button variant="outline" onClick={onBrowseAll}>
                Browse all loops
              </Button>
            ) : null}
          </div>
        ) : (
          <>
            <LoopList loops={loops} />
            <LoadMoreLoops query={query} />
          </>
        )}
      </div>
    </section>
  );
}
