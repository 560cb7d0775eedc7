import type { LoopListResponse } from "@loop/rules/schemas/loops";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { Loader2, RotateCw } from "lucide-react";
import { type ReactNode, useDeferredValue, useMemo } from "react";
import { LoadMoreLoops } from "@/components/load-more-loops";
import { Button } from "@/components/ui/button";
import { getServerMessage } from "@/lib/api-client";
import type { LoopLayout, RenderLoopCard } from "./loop-card";
import { LoopList } from "./loop-list";

export interface PagedLoopsProps {
  /** Pages of loops by cursor (the catalog, the Following tab). */
  query: UseInfiniteQueryResult<InfiniteData<LoopListResponse>>;
  layout?: LoopLayout;
  renderCard: RenderLoopCard;
  /** What shows when the list is empty. */
  empty: ReactNode;
}

/**
 * A paged list of loops as the catalog shows it: 'Loading loops...', then the cards with 'Load More
 * Loops' while there are more (24 at a time), the empty state, or the server's message with Try again.
 */
export function PagedLoops({ query, layout, renderCard, empty }: PagedLoopsProps) {
  // New pages reach the cards in a background render, which React splits into short tasks: the query
  // hands its answer over in a render that cannot be split (useSyncExternalStore), and the first
  // screen of cards built in it was the catalog's longest task on a loaded phone (Lighthouse's TBT).
  const pages = useDeferredValue(query.data?.pages);
  // The same array while the pages are the same: the list's queue and its cards do not render again with the page.
  const loops = useMemo(() => pages?.flatMap((page) => page.loops) ?? [], [pages]);

  if (query.isPending || (query.data !== undefined && pages === undefined)) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
        <Loader2 className="size-5 animate-spin text-primary" aria-hidden />
        Loading loops...
      </p>
    );
  }
  if (!query.data) {
    return (
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
    );
  }
  if (loops.length === 0) return empty;
  return (
    <>
      <LoopList loops={loops} layout={layout} renderCard={renderCard} />
      <LoadMoreLoops query={query} />
    </>
  );
}
