import { LOOP_TOTAL_CAP } from "@loop/rules/catalog";
import { SlidersHorizontal } from "lucide-react";
import { useCallback, useDeferredValue, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogDescription, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { SheetContent } from "@/components/ui/sheet";
import { formatCount } from "@/lib/format";
import { useMediaQuery } from "@/lib/use-media-query";
import { useLoops } from "../api/get-loops";
import { activeFilterCount, filtersFromSearchParams, filtersToSearchParams, type LoopFilters } from "../lib/loop-filters";
import type { LoopLayout, RenderLoopCard } from "./loop-card";
import { LoopFiltersPanel } from "./loop-filters-panel";
import { LoopLayoutToggle, LoopSortButtons } from "./loop-sort-bar";
import { PagedLoops } from "./paged-loops";

/** Tailwind's `lg`, where the filters sit beside the list. */
const WIDE_SCREEN = "(min-width: 64rem)";

export interface LoopBrowserProps {
  id?: string;
  className?: string;
  /** Each loop's card, as the app composes it. */
  renderCard: RenderLoopCard;
  /** The heading ("Browse loops"). */
  title?: string;
  /** The search page's text: only loops whose title, description or tags contain it. */
  search?: string;
}

/**
 * The catalog (docs/product.md#home), on Home and on the search page: filters (a sidebar on a wide
 * screen, a drawer on a phone), sort buttons, grid/list toggle, the count, the loops and 'Load More
 * Loops' (next 24) while fewer are shown than the total. Filters and sort live in the address's
 * query (a reload or a shared link keeps them; what cannot be read is ignored).
 */
export function LoopBrowser({ id, className, renderCard, title = "Browse loops", search }: LoopBrowserProps) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);
  const setFilters = useCallback(
    (next: LoopFilters) => setParams((current) => filtersToSearchParams(next, current), { replace: true, preventScrollReset: true }),
    [setParams],
  );
  const [layout, setLayout] = useState<LoopLayout>("grid");
  const query = useLoops(filters, search ?? null);
  // The count shows with the cards: they reach the page in a background render (PagedLoops).
  const shownPages = useDeferredValue(query.data?.pages);
  const total = shownPages?.at(-1)?.total ?? 0;
  const active = activeFilterCount(filters);
  // The side panel only where it shows (`lg`): a phone, which has the drawer, does not build a hidden
  // copy of every filter in its first render (~65 ms of main thread at Lighthouse's 4× CPU).
  const wide = useMediaQuery(WIDE_SCREEN, true);

  return (
    <section id={id} tabIndex={-1} aria-labelledby="browse-title" className={className}>
      <h2 id="browse-title" className="font-display text-2xl font-extrabold tracking-tight sm:text-3xl">
        {title}
      </h2>
      <div className="mt-5 grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        {wide ? (
          <aside aria-label="Filters" className="hidden self-start rounded-xl border border-border bg-card/60 p-4 lg:block">
            <LoopFiltersPanel filters={filters} onChange={setFilters} />
          </aside>
        ) : null}
        <div className="min-w-0">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <FiltersDrawer filters={filters} onChange={setFilters} active={active} />
            <LoopSortButtons sortBy={filters.sortBy} onChange={(sortBy) => setFilters({ ...filters, sortBy })} />
            <div className="flex items-center gap-3">
              {query.isSuccess && shownPages !== undefined ? (
                <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="loops-count">
                  {total >= LOOP_TOTAL_CAP ? `${formatCount(LOOP_TOTAL_CAP)}+` : formatCount(total)} {total === 1 ? "loop" : "loops"} found
                </p>
              ) : null}
              <LoopLayoutToggle layout={layout} onChange={setLayout} />
            </div>
          </div>

          <div className="mt-4">
            <PagedLoops
              query={query}
              layout={layout}
              renderCard={renderCard}
              empty={
                <p className="rounded-xl border border-dashed border-border py-16 text-center text-muted-foreground">
                  No loops found. Try adjusting your filters.
                </p>
              }
            />
          </div>
        </div>
      </div>
    </section>
  );
}

/** A phone's filters: a "Filters" button (with how many are set) that opens them in a drawer. */
function FiltersDrawer({ filters, onChange, active }: { filters: LoopFilters; onChange: (filters: LoopFilters) => void; active: number }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        {/* The name starts with the visible text ("Filters 2"), as WCAG's label in name asks. */}
        <Button variant="outline" size="sm" className="lg:hidden" aria-label={active > 0 ? `Filters ${active} active` : undefined}>
          <SlidersHorizontal aria-hidden />
          Filters
          {active > 0 ? (
            <span className="rounded-full bg-primary px-1.5 text-[11px] font-bold text-primary-foreground">{active}</span>
          ) : null}
        </Button>
      </DialogTrigger>
      <SheetContent>
        <DialogTitle className="sr-only">Filters</DialogTitle>
        <DialogDescription className="sr-only">Filters apply to the loops shown as you change them.</DialogDescription>
        <LoopFiltersPanel filters={filters} onChange={onChange} className="pr-6" />
        <DialogClose asChild>
          <Button className="mt-6 w-full">Show loops</Button>
        </DialogClose>
      </SheetContent>
    </Dialog>
  );
}
