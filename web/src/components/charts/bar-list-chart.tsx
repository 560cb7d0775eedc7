import { cn } from "@/lib/utils";

export interface BarListItem {
  id: string;
  label: string;
  /** For the bar's length. */
  value: number;
  /** The value as shown (exact). */
  display: string;
  /** A second line under the label (what the value is made of, say). */
  detail?: string;
}

export interface BarListChartProps {
  items: readonly BarListItem[];
  /** A CSS colour; use the theme's (`CHART_COLORS`). */
  color: string;
  /** Names the list for screen readers. */
  label: string;
  /** The value that fills a bar (default: the largest value). */
  max?: number;
  className?: string;
}

/**
 * Horizontal bars, one per item, label and value in text beside each: a ranking (conversion per
 * loop, say). Plain HTML, so it wraps on a phone and reads as a list.
 */
export function BarListChart({ items, color, label, max, className }: BarListChartProps) {
  const full = max ?? Math.max(0, ...items.map((item) => item.value));
  return (
    <ol aria-label={label} className={cn("grid gap-3", className)}>
      {items.map((item) => {
        const share = full > 0 ? Math.min(1, Math.max(0, item.value / full)) : 0;
        return (
          <li key={item.id} className="grid gap-1">
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0 truncate font-medium" title={item.label}>
                {item.label}
              </span>
              <span className="shrink-0 font-semibold tabular-nums">{item.display}</span>
            </div>
            <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
              <div
                className="h-full rounded-full"
                style={{ width: `${(share * 100).toFixed(2)}%`, backgroundColor: color }}
                data-testid={`bar-${item.id}`}
              />
            </div>
            {item.detail ? <p className="text-xs text-muted-foreground">{item.detail}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
