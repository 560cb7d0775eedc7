/** How a loop's page shows what the upload form collected (issue 36). */
import { formatShortDate } from "@loop/rules/format-en-us";

/** A release date ("2026-10-02", a day without a time) as "Oct 2, 2026", whatever the viewer's time zone. */
export function formatReleaseDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00.000Z`);
  return Number.isNaN(parsed.getTime()) ? date : formatShortDate(parsed, "utc");
}

/** The loop's tags (stored comma-separated, as entered), trimmed, without empty ones or repeats. */
export function loopTags(tags: string): string[] {
  return [
    ...new Set(
      tags
        .split(",")
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ""),
    ),
  ];
}
