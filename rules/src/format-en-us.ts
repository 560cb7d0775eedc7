/**
 * US English number and date formats written out by hand, without `Intl`. The first `Intl` object a
 * browser tab makes loads the ICU locale data: 50–80 ms of main thread on a desktop, four times that
 * on a mid-range phone, inside the first render of every page (the landing page's figures, the
 * cards' prices). These give the same text as `Intl.NumberFormat("en-US")` and the `en-US`
 * `DateTimeFormat` options named on each (format-en-us.test.ts compares them), for the only formats
 * the first screens need.
 */

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** A whole number with thousands separators: 1234567 → "1,234,567" (as `Intl.NumberFormat("en-US")`). */
export function groupDigits(value: bigint | number): string {
  if (typeof value === "number" && !Number.isSafeInteger(value)) return String(value);
  const text = value.toString();
  const negative = text.startsWith("-");
  const digits = negative ? text.slice(1) : text;
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ",");
  return negative ? `-${grouped}` : grouped;
}

/** The parts of a date in the viewer's time zone or in UTC. */
function dateParts(date: Date, zone: "local" | "utc") {
  return zone === "utc"
    ? {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth(),
        day: date.getUTCDate(),
        hours: date.getUTCHours(),
        minutes: date.getUTCMinutes(),
      }
    : { year: date.getFullYear(), month: date.getMonth(), day: date.getDate(), hours: date.getHours(), minutes: date.getMinutes() };
}

/** "Mar 4, 2026" (`{ month: "short", day: "numeric", year: "numeric" }`). */
export function formatShortDate(date: Date, zone: "local" | "utc" = "local"): string {
  const { year, month, day } = dateParts(date, zone);
  return `${SHORT_MONTHS[month]} ${day}, ${year}`;
}

/** "Mar 4, 2026, 3:07 PM" (the short date with `{ hour: "numeric", minute: "2-digit" }`). */
export function formatShortDateTime(date: Date, zone: "local" | "utc" = "local"): string {
  const { hours, minutes } = dateParts(date, zone);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${formatShortDate(date, zone)}, ${hour12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}
