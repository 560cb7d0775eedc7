import type { ChartKey } from "./chart-types";
import { ColorKey } from "./color-key";

/** The chart's keys with their colours (the chart's SVG is hidden from screen readers: this is text). */
export function ChartLegend<K extends string>({ keys }: { keys: readonly ChartKey<K>[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {keys.map((item) => (
        <li key={item.key} className="inline-flex items-center gap-1.5">
          <ColorKey color={item.color} label={item.label} />
        </li>
      ))}
    </ul>
  );
}
