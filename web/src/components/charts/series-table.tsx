import { TableHead, type TableColumn } from "@/components/ui/table";
import { formatDayWithYear } from "./chart-format";
import type { ChartDatum, ChartKey, ValueFormatter } from "./chart-types";

/** A figure column's heading: right-aligned, as its figures. */
const FIGURE_HEADING = "px-3 py-2 text-right font-semibold";

export interface SeriesTableProps<K extends string> {
  /** Names the table for screen readers. */
  caption: string;
  data: readonly ChartDatum<K>[];
  keys: readonly ChartKey<K>[];
  /** A value's text when its point has no `display` text. */
  formatValue: ValueFormatter;
  /** Adds a last column with the sum of the keys (its `display.total`, or the formatted sum). */
  totalLabel?: string;
  formatDate?: (date: string) => string;
}

/** A day-by-day series as a table: the "Show as table" view of a chart, with the exact figures. */
export function SeriesTable<K extends string>({
  caption,
  data,
  keys,
  formatValue,
  totalLabel,
  formatDate = formatDayWithYear,
}: SeriesTableProps<K>) {
  const text = (datum: ChartDatum<K>, key: K) => datum.display?.[key] ?? formatValue(datum.values[key]);
  const total = (datum: ChartDatum<K>) => datum.display?.total ?? formatValue(keys.reduce((sum, item) => sum + datum.values[item.key], 0));
  const columns: TableColumn[] = [
    { label: "Date", className: "px-3 py-2 text-left font-semibold" },
    ...keys.map((item) => ({ label: item.label, className: FIGURE_HEADING })),
    ...(totalLabel ? [{ label: totalLabel, className: FIGURE_HEADING }] : []),
  ];
  return (
    <div className="max-h-96 overflow-auto rounded-lg border border-border">
      <table className="w-full min-w-max text-sm">
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={columns} className="sticky top-0 bg-card" />
        <tbody>
          {data.map((datum) => (
            <tr key={datum.date} className="border-b border-border/60 last:border-0">
              <th scope="row" className="px-3 py-1.5 text-left font-medium whitespace-nowrap">
                {formatDate(datum.date)}
              </th>
              {keys.map((item) => (
                <td key={item.key} className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">
                  {text(datum, item.key)}
                </td>
              ))}
              {totalLabel ? <td className="px-3 py-1.5 text-right font-semibold whitespace-nowrap tabular-nums">{total(datum)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
