import { ANALYTICS_RANGES, type AnalyticsRange } from "@loop/rules/schemas/analytics";
import { cn } from "@/lib/utils";
import { RANGE_LABELS } from "./chart-range";

export interface RangePickerProps {
  value: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
}

/** 7 days, 30 days, 90 days, All time: a row of toggle buttons (the pressed one is the period shown). */
export function RangePicker({ value, onChange }: RangePickerProps) {
  return (
    <div role="group" aria-label="Period" className="inline-flex rounded-xl border border-border bg-surface p-1">
      {ANALYTICS_RANGES.map((range) => {
        const selected = range === value;
        return (
          <button
            key={range}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(range)}
            className={cn(
              "cursor-pointer rounded-lg px-3 py-1.5 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-ring sm:px-4",
              selected ? "bg-primary/20 text-foreground" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {RANGE_LABELS[range]}
          </button>
        );
      })}
    </div>
  );
}
