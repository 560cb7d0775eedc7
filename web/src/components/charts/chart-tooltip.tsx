import type { ReactNode } from "react";
import type { ChartDatum, ChartKey, ValueFormatter } from "./chart-types";
import { ColorKey } from "./color-key";

export interface ChartTooltipRow {
  label: string;
  color: string;
  value: string;
}

export interface ChartTooltipProps {
  /** The x of the day shown, in the chart's box, in pixels. */
  x: number;
  /** The chart's width: the box goes beside the day, on the side with more room. */
  width: number;
  title: ReactNode;
  rows: readonly ChartTooltipRow[];
  /** A last row in bold (a stacked chart's total). */
  total?: { label: string; value: string };
}

/** A day's row per key: its `display` text, or its value formatted. */
export function tooltipRows<K extends string>(
  keys: readonly ChartKey<K>[],
  datum: ChartDatum<K>,
  formatValue: ValueFormatter,
): ChartTooltipRow[] {
  return keys.map((item) => ({
    label: item.label,
    color: item.color,
    value: datum.display?.[item.key] ?? formatValue(datum.values[item.key]),
  }));
}

/** Pixels between the day and the box. */
const GAP = 12;

/**
 * The figures of the day under the pointer (or chosen with the arrow keys), beside that day so as
 * not to hide it. A polite live region, so that a screen reader reads the day chosen with the keyboard.
 */
export function ChartTooltip({ x, width, title, rows, total }: ChartTooltipProps) {
  const left = x > width / 2;
  return (
    <div
      role="status"
      className="pointer-events-none absolute top-0 z-10 w-max rounded-md border border-border bg-popover px-3 py-2 text-xs whitespace-nowrap text-popover-foreground shadow-xl shadow-black/40"
      style={{ left: left ? x - GAP : x + GAP, transform: left ? "translateX(-100%)" : undefined }}
    >
      <p className="mb-1 font-semibold">{title}</p>
      <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="inline-flex items-center gap-1.5 text-muted-foreground">
              <ColorKey color={row.color} label={row.label} swatchClassName="size-2" />
            </dt>
            <dd className="text-right tabular-nums">{row.value}</dd>
          </div>
        ))}
        {total ? (
          <div className="contents font-semibold">
            <dt>{total.label}</dt>
            <dd className="text-right tabular-nums">{total.value}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
