import type { CreatorAnalytics } from "@loop/rules/schemas/analytics";
import { Coins, Download, Handshake, MousePointerClick, Play, ShoppingCart } from "lucide-react";
import { LoopAmount } from "@/components/ui/loop-amount";
import { StatCard } from "@/components/ui/stat-card";
import { countText, formatCount } from "@/lib/format";
import { usdText } from "@/lib/loop-amounts";
import { conversionText } from "../lib/analytics-format";

/** The period's totals: earnings, sales, plays, downloads, conversion, offers. */
export function AnalyticsTotals({ totals }: { totals: CreatorAnalytics["totals"] }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-7">
      <StatCard
        size="sm"
        label="Earnings"
        icon={Coins}
        className="col-span-2 sm:col-span-1 lg:col-span-2"
        value={<LoopAmount value={totals.earningsLoop} className="[overflow-wrap:anywhere]" />}
        hint={`${usdText(totals.earningsUsd)} as recorded at sale time`}
      />
      <StatCard
        size="sm"
        label="Sales"
        icon={ShoppingCart}
        value={formatCount(totals.sales)}
        hint={totals.refunds > 0 ? `${countText(totals.refunds, "refund")} taken out` : "No refunds"}
      />
      <StatCard size="sm" label="Plays" icon={Play} value={formatCount(totals.plays)} hint="Previews over 5 s" />
      <StatCard size="sm" label="Downloads" icon={Download} value={formatCount(totals.downloads)} />
      <StatCard
        size="sm"
        label="Conversion"
        icon={MousePointerClick}
        value={conversionText(totals.conversion)}
        hint={totals.conversion === null ? "No plays yet" : "Sales ÷ plays"}
      />
      <StatCard
        size="sm"
        label="Offers"
        icon={Handshake}
        className="col-span-2 sm:col-span-1"
        value={formatCount(totals.offers.received)}
        hint={`${formatCount(totals.offers.accepted)} accepted`}
      />
    </div>
  );
}
