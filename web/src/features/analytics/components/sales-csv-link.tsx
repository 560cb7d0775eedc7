import type { AnalyticsRange } from "@loop/rules/schemas/analytics";
import { Download } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { salesCsvUrl } from "../api/get-creator-analytics";
import { RANGE_LABELS } from "../lib/analytics-format";

/**
 * The sales of the period as CSV: a plain link, since the API client authenticates with the session
 * cookie (`credentials: "include"`), which a same-origin download sends too.
 */
export function SalesCsvLink({ range }: { range: AnalyticsRange }) {
  return (
    <a
      href={salesCsvUrl(range)}
      download
      className={buttonVariants({ variant: "outline", size: "sm" })}
      aria-label={`Export sales CSV, ${RANGE_LABELS[range].toLowerCase()}`}
    >
      <Download aria-hidden />
      Export sales CSV
    </a>
  );
}
