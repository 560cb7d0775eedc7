import { ArrowDownWideNarrow, ArrowUpNarrowWide, LayoutGrid, List } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { LoopSort } from "../lib/loop-filters";
import type { LoopLayout } from "./loop-card";

const SORTS = [
  { key: "popular", label: "Popular" },
  { key: "recent", label: "Recent" },
  { key: "price", label: "Price" },
  { key: "rating", label: "Rating" },
  { key: "likes", label: "Most liked" },
] as const;

/** A pressed/unpressed button: secondary while pressed, ghost otherwise. */
function PressButton({ pressed, ...props }: ButtonProps & { pressed: boolean }) {
  return <Button variant={pressed ? "secondary" : "ghost"} aria-pressed={pressed} {...props} />;
}

/** Sort buttons (popular, recent, price: low to high, then high to low on a second press, rating, most liked). */
export function LoopSortButtons({ sortBy, onChange }: { sortBy: LoopSort; onChange: (sortBy: LoopSort) => void }) {
  return (
    <div role="group" aria-label="Sort loops" className="flex flex-wrap gap-1.5">
      {SORTS.map(({ key, label }) => {
        if (key === "price") {
          const active = sortBy === "price_asc" || sortBy === "price_desc";
          const descending = sortBy === "price_desc";
          return (
            <PressButton
              key={key}
              size="sm"
              pressed={active}
              aria-label={active ? (descending ? "Price: high to low" : "Price: low to high") : "Price"}
              className={cn(active && "ring-1 ring-primary/60")}
              onClick={() => onChange(sortBy === "price_asc" ? "price_desc" : "price_asc")}
            >
              Price
              {active ? descending ? <ArrowDownWideNarrow aria-hidden /> : <ArrowUpNarrowWide aria-hidden /> : null}
            </PressButton>
          );
        }
        const active = sortBy === key;
        return (
          <PressButton
            key={key}
            size="sm"
            pressed={active}
            className={cn(active && "ring-1 ring-primary/60")}
            onClick={() => onChange(key)}
          >
            {label}
          </PressButton>
        );
      })}
    </div>
  );
}

const LAYOUTS = [
  { layout: "grid", label: "Grid view", icon: LayoutGrid },
  { layout: "list", label: "List view", icon: List },
] as const;

/** Grid or list. */
export function LoopLayoutToggle({ layout, onChange }: { layout: LoopLayout; onChange: (layout: LoopLayout) => void }) {
  return (
    <div role="group" aria-label="Layout" className="flex rounded-md border border-border p-0.5">
      {LAYOUTS.map(({ layout: value, label, icon: Icon }) => (
        <PressButton key={value} size="icon-sm" pressed={layout === value} aria-label={label} onClick={() => onChange(value)}>
          <Icon aria-hidden />
        </PressButton>
      ))}
    </div>
  );
}
