import type { PublicLoop } from "@loop/rules/schemas/loops";
import type { ReactNode } from "react";
import { SkeletonList } from "@/components/skeleton-list";
import { LoadMoreLoops } from "@/components/load-more-loops";
import { useLikedLoops } from "../api/get-liked-loops";

/** The own profile's Liked tab (docs/product.md#likes): the loops the member likes, the latest liked first, 24 at a time. */
export function LikedLoops({ renderLoops }: { renderLoops: (loops: PublicLoop[]) => ReactNode }) {
  const query = useLikedLoops();
  const loops = query.data?.pages.flatMap((page) => page.loops) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;

  if (query.isPending) {
    return <SkeletonList className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy itemClassName="h-56 rounded-xl" />;
  }
  if (!query.data) {
    return (
      <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-6 text-center text-sm text-rose-100">
        Your liked loops could not be loaded. Please reload the page.
      </p>
    );
  }
  if (loops.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
        No liked loops yet. Tap the heart on any loop to keep it here.
      </p>
    );
  }
  return (
    <div>
      <p className="mb-4 text-sm text-muted-foreground" data-testid="liked-count">
        {total} liked {total === 1 ? "loop" : "loops"}
      </p>
      {renderLoops(loops)}
      <LoadMoreLoops query={query} />
    </div>
  );
}
