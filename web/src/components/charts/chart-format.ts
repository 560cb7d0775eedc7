/** Text for charts: compact axis numbers and UTC days (the series' dates are UTC days, not local ones). */

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const plain = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** Axis ticks: 12500 → "12.5K"; below 10,000 as they are, grouped ("1,500", "0.5"). */
export function formatCompact(value: number): string {
  return Math.abs(value) >= 10_000 ? compact.format(value) : plain.format(value);
}

/** Axis ticks of USD amounts: "$0.5", "$1,200", "$12.5K". */
export function usdTick(value: number): string {
  return `$${formatCompact(value)}`;
}

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const dayYearFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

function utcDay(date: string): Date | null {
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** "2026-03-04" → "Mar 4" (UTC). A value that is not a date is shown as given. */
export function formatDay(date: string): string {
  const day = utcDay(date);
  return day ? dayFormat.format(day) : date;
}

/** "2026-03-04" → "Mar 4, 2026" (UTC). A value that is not a date is shown as given. */
export function formatDayWithYear(date: string): string {
  const day = utcDay(date);
  return day ? dayYearFormat.format(day) : date;
}

/** At most `count` evenly spaced items of `items`, the last one always included (axis tick values). */
export function spreadTicks<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const step = Math.ceil(items.length / Math.max(1, count));
  const picked = items.filter((_, index) => (items.length - 1 - index) % step === 0);
  return picked;
}
