import { paths } from "@loop/rules/paths";
import type { AnalyticsRange, CreatorAnalytics } from "@loop/rules/schemas/analytics";
import { Handshake } from "lucide-react";
import { Link } from "react-router";
import { CHART_COLORS } from "@/components/charts/chart-types";
import { ColorKey } from "@/components/charts/color-key";
import { PanelCard } from "@/components/charts/panel-card";
import { countText, formatCount } from "@/lib/format";
import { periodText } from "../lib/analytics-format";

type Offers = CreatorAnalytics["totals"]["offers"];

const OUTCOMES = [
  { key: "accepted", label: "Accepted", color: CHART_COLORS.success },
  { key: "declined", label: "Declined", color: CHART_COLORS.destructive },
  { key: "withdrawn", label: "Withdrawn", color: CHART_COLORS.muted },
  { key: "expired", label: "Expired", color: CHART_COLORS.warning },
  { key: "open", label: "Still open", color: CHART_COLORS.primary },
] as const;

/** The offers received in the period (counted on the day they were made) and how they ended. */
export function OffersSummary({ offers, range }: { offers: Offers; range: AnalyticsRange }) {
  const closed = offers.accepted + offers.declined + offers.withdrawn + offers.expired;
  const counts = { ...offers, open: Math.max(0, offers.received - closed) };
  const percent = (count: number) => (offers.received > 0 ? `${Math.round((count / offers.received) * 100)}%` : "0%");

  return (
    <PanelCard
      id="analytics-offers-title"
      icon={<Handshake className="size-5 text-cyan-300" aria-hidden />}
      title="Offers received"
      description={`Offers buyers made on your loops ${periodText(range)}, and how each ended.`}
      empty={
        offers.received === 0
          ? `No offers ${periodText(range)}. Offers appear here on the day a buyer makes one on your loops, with how it ended: accepted, declined, withdrawn or expired.`
          : undefined
      }
    >
      <p className="mt-4 text-3xl font-bold tabular-nums">
        {formatCount(offers.received)} <span className="text-base font-semibold text-muted-foreground">received</span>
      </p>
      <div className="mt-3 flex h-3 overflow-hidden rounded-full bg-muted" aria-hidden>
        {OUTCOMES.map((outcome) =>
          counts[outcome.key] > 0 ? (
            <div key={outcome.key} style={{ flexGrow: counts[outcome.key], backgroundColor: outcome.color }} />
          ) : null,
        )}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-5">
        {OUTCOMES.map((outcome) => (
          <div key={outcome.key} className="flex items-baseline justify-between gap-2 sm:block">
            <dt className="inline-flex items-center gap-1.5 text-muted-foreground">
              <ColorKey color={outcome.color} label={outcome.label} />
            </dt>
            <dd className="font-semibold tabular-nums">
              {formatCount(counts[outcome.key])}{" "}
              <span className="text-xs font-normal text-muted-foreground">({percent(counts[outcome.key])})</span>
            </dd>
          </div>
        ))}
      </dl>
      {counts.open > 0 ? (
        <p className="mt-4 text-sm">
          <Link to={paths.negotiations()} className="font-semibold text-primary hover:underline">
            Answer {countText(counts.open, "open offer")} in Negotiations
          </Link>
        </p>
      ) : null}
    </PanelCard>
  );
}
