import { ArrowDownWideNarrow, ArrowUpNarrowWide, LayoutGrid, List } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { LoopSort } from "../lib/loop-filters";
import type { LoopLayout } from "./loop-card";

const SORTS = [
  { key: "popular", label: "Popular" },
  { key: "recent", label: "Recent" },
  { key: "price", label: "Price" },
  { key: "rating", label: "Rating" },
] as const;

/** Sort buttons (popular, recent, price: low to high, then high to low on a second press, rating). */
export function LoopSortButtons({ sortBy, onChange }: { sortBy: LoopSort; onChange: (sortBy: LoopSort) => void }) {
  return (
    <div role="group" aria-label="Sort loops" className="flex flex-wrap gap-1.5">
      {SORTS.map(({ key, label }) => {
        if (key === "price") {
          const active = sortBy === "price_asc" || sortBy === "price_desc";
          const descending = sortBy === "price_desc";
          return (
            <Button
              key={key}
              size="sm"
              variant={active ? "secondary" : "ghost"}
              aria-pressed={active}
              aria-label={active ? (descending ? "Price: high to low" : "Price: low to high") : "Price"}
              className={cn(active && "ring-1 ring-primary/60")}
              onClick={() => onChange(sortBy === "price_asc" ? "price_desc" : "price_asc")}
            >
              Price
              {active ? descending ? <ArrowDownWideNarrow aria-hidden /> : <ArrowUpNarrowWide aria-hidden /> : null}
            </Button>
          );
        }
        const active = sortBy === key;
        return (
          <Button
            key={key}
            size="sm"
            variant={active ? "secondary" : "ghost"}
            aria-pressed={active}
            className={cn(active && "ring-1 ring-primary/60")}
            onClick={() => onChange(key)}
          >
            {label}
          </Button>
        );
      })}
    </div>
  );
}

/** Grid or list. */
export function LoopLayoutToggle({ layout, onChange }: { layout: LoopLayout; onChange: (layout: LoopLayout) => void }) {
  return (
    <div role="group" aria-label="Layout" className="flex rounded-md border border-border p-0.5">
      <Button
        size="icon-sm"
        variant={layout === "grid" ? "secondary" : "ghost"}
        aria-pressed={layout === "grid"}
        aria-label="Grid view"
        onClick={() => onChange("grid")}
      >
        <LayoutGrid aria-hidden />
      </Button>
      <Button
        size="icon-sm"
        variant={layout === "list" ? "secondary" : "ghost"}
        aria-pressed={layout === "list"}
        aria-label="List view"
        onClick={() => onChange("list")}
      >
        <List aria-hidden />
      </Button>
    </div>
  );
}
