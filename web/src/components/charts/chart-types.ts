/**
 * The shapes every chart of web/src/components/charts takes: a series of points by date, each with a
 * value per key, and the keys' labels and colours. Charts are generic: the analytics pages build the
 * series from their API answers and pass formatters for the axis and the tooltips.
 */

/** One series of a chart: what the legend, the tooltip and the table call it, and its colour. */
export interface ChartKey<K extends string> {
  key: K;
  label: string;
  /** A CSS colour; use the theme's (`CHART_COLORS`). */
  color: string;
}

/** One point of a series over days. */
export interface ChartDatum<K extends string> {
  /** The UTC day, YYYY-MM-DD. */
  date: string;
  /** The value of each key, as a number for drawing (money may be rounded here: see `display`). */
  values: Record<K, number>;
  /**
   * The exact text of a value (money arrives as decimal strings), shown by the tooltip in place of
   * `formatValue(values[key])`; `total` for the sum of a stacked chart.
   */
  display?: Partial<Record<K | "total", string>>;
}

/** Turns a value into text (the axis ticks, and the tooltip when a point has no `display` text). */
export type ValueFormatter = (value: number) => string;

/** The theme's colours (web/src/index.css), in the order series take them. */
export const CHART_COLORS = {
  primary: "var(--color-primary)",
  accent: "var(--color-accent)",
  highlight: "var(--color-highlight)",
  success: "var(--color-success)",
  warning: "var(--color-warning)",
  destructive: "var(--color-destructive)",
  muted: "var(--color-muted-foreground)",
} as const;

/** A point per day with the value of each key read off the day's field of the same name (counts: plays, uploads, members…). */
export function fieldSeries<K extends string>(
  days: readonly ({ date: string } & Record<K, number>)[],
  keys: readonly ChartKey<K>[],
): ChartDatum<K>[] {
  return days.map((day) => {
    const fields: Record<K, number> = day;
    const values = {} as Record<K, number>;
    for (const { key } of keys) values[key] = fields[key];
    return { date: day.date, values };
  });
}

/**
 * A point of exact amounts (money as decimal strings): each drawn as a number and shown as `text` gives
 * it; `total`, when given, is the text of a stacked chart's sum.
 */
export function amountDatum<K extends string>(
  date: string,
  amounts: Record<K, string>,
  text: (amount: string, key: K) => string,
  total?: string,
): ChartDatum<K> {
  const values = {} as Record<K, number>;
  const display: Partial<Record<K | "total", string>> = {};
  for (const key of Object.keys(amounts) as K[]) {
    values[key] = Number(amounts[key]);
    display[key] = text(amounts[key], key);
  }
  if (total !== undefined) display.total = total;
  return { date, values, display };
}
