import { SlidersHorizontal } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useGenres } from "@/lib/get-genres";
import { DURATION_FILTERS, type DurationFilter, isFiltered, type LoopFilters, PRICE_BANDS, type PriceBand } from "../lib/loop-filters";

const inputClass = "size-4 shrink-0 cursor-pointer accent-violet-500";
const optionClass = "flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm hover:bg-muted/60";

/** The Home sidebar (docs/product.md#home): genres (several at once), price band, duration band. */
export function LoopFiltersPanel({ filters, onChange }: { filters: LoopFilters; onChange: (filters: LoopFilters) => void }) {
  const genres = useGenres();
  const toggleGenre = (id: number, checked: boolean) =>
    onChange({ ...filters, genreIds: checked ? [...filters.genreIds, id] : filters.genreIds.filter((genreId) => genreId !== id) });

  return (
    <aside aria-label="Filters" className="rounded-xl border border-border bg-card/60 p-4">
      <div className="flex items-center justify-between">
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          <SlidersHorizontal className="size-4" aria-hidden />
          Filters
        </h2>
        {isFiltered(filters) ? (
          <Button
            variant="link"
            size="sm"
            className="h-auto text-xs"
            onClick={() => onChange({ ...filters, genreIds: [], price: "all", duration: "all" })}
          >
            Clear all
          </Button>
        ) : null}
      </div>

      <FilterGroup legend="Genre">
        {genres.isLoading ? (
          <div className="grid gap-2 px-2 py-1">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-4 w-28" />
            ))}
          </div>
        ) : genres.isError ? (
          <p className="px-2 text-xs text-muted-foreground">Genres could not be loaded.</p>
        ) : (
          <div className="grid max-h-72 gap-0.5 overflow-y-auto pr-1">
            {(genres.data ?? []).map((genre) => (
              <label key={genre.id} className={optionClass}>
                <input
                  type="checkbox"
                  className={inputClass}
                  checked={filters.genreIds.includes(genre.id)}
                  onChange={(event) => toggleGenre(genre.id, event.target.checked)}
                />
                {genre.name}
              </label>
            ))}
          </div>
        )}
      </FilterGroup>

      <FilterGroup legend="Price">
        {PRICE_BANDS.map((band) => (
          <label key={band.value} className={optionClass}>
            <input
              type="radio"
              name="loop-price"
              className={inputClass}
              value={band.value}
              checked={filters.price === band.value}
              onChange={() => onChange({ ...filters, price: band.value as PriceBand })}
            />
            {band.label}
          </label>
        ))}
      </FilterGroup>

      <FilterGroup legend="Duration">
        {DURATION_FILTERS.map((band) => (
          <label key={band.value} className={optionClass}>
            <input
              type="radio"
              name="loop-duration"
              className={inputClass}
              value={band.value}
              checked={filters.duration === band.value}
              onChange={() => onChange({ ...filters, duration: band.value as DurationFilter })}
            />
            {band.label}
          </label>
        ))}
      </FilterGroup>
    </aside>
  );
}

function FilterGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="mt-4 border-t border-border pt-3">
      <legend className="float-left mb-1.5 w-full px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {legend}
      </legend>
      <div className="clear-both grid gap-0.5">{children}</div>
    </fieldset>
  );
}
