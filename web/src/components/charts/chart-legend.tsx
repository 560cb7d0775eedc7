import type { ChartKey } from "./chart-types";

/** The chart's keys with their colours (the chart's SVG is hidden from screen readers: this is text). */
export function ChartLegend<K extends string>({ keys }: { keys: readonly ChartKey<K>[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {keys.map((item) => (
        <li key={item.key} className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm" style={{ backgroundColor: item.color }} aria-hidden />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
