import { LOOP_TOTAL_CAP } from "@loop/rules/schemas/loops";
import { Loader2, RotateCw } from "lucide-react";
import { useState } from "react";
import { LoadMoreLoops } from "@/components/load-more-loops";
import { Button } from "@/components/ui/button";
import { getServerMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { useLoops } from "../api/get-loops";
import { DEFAULT_FILTERS, type LoopFilters } from "../lib/loop-filters";
import type { LoopLayout } from "./loop-card";
import { LoopFiltersPanel } from "./loop-filters-panel";
import { LoopList } from "./loop-list";
import { LoopLayoutToggle, LoopSortButtons } from "./loop-sort-bar";

/**
 * The Home catalog (docs/product.md#home): filters sidebar, sort buttons, grid/list toggle, the count, the loops
 * and 'Load More Loops' (next 24) while fewer are shown than the total.
 */
export function LoopBrowser({ id, className, onSignInRequired }: { id?: string; className?: string; onSignInRequired?: () => void }) {
  const [filters, setFilters] = useState<LoopFilters>(DEFAULT_FILTERS);
  const [layout, setLayout] = useState<LoopLayout>("grid");
  const query = useLoops(filters);
  const loops = query.data?.pages.flatMap((page) => page.loops) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;

  return (
    <section id={id} tabIndex={-1} aria-labelledby="browse-title" className={className}>
      <h2 id="browse-title" className="font-display text-2xl font-extrabold tracking-tight sm:text-3xl">
        Browse loops
      </h2>
      <div className="mt-5 grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <LoopFiltersPanel filters={filters} onChange={setFilters} />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <LoopSortButtons sortBy={filters.sortBy} onChange={(sortBy) => setFilters({ ...filters, sortBy })} />
            <div className="flex items-center gap-3">
              {query.isSuccess ? (
                <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="loops-count">
                  {total >= LOOP_TOTAL_CAP ? `${formatCount(LOOP_TOTAL_CAP)}+` : formatCount(total)} {total === 1 ? "loop" : "loops"} found
                </p>
              ) : null}
              <LoopLayoutToggle layout={layout} onChange={setLayout} />
            </div>
          </div>

          <div className="mt-4">
            {query.isPending ? (
              <p role="status" className="flex items-center gap-2 py-16 text-muted-foreground justify-center">
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
              <p className="rounded-xl border border-dashed border-border py-16 text-center text-muted-foreground">
                No loops found. Try adjusting your filters.
              </p>
            ) : (
              <>
                <LoopList loops={loops} layout={layout} onSignInRequired={onSignInRequired} />
                <LoadMoreLoops query={query} />
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
