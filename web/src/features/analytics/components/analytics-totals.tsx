import type { CreatorAnalytics } from "@loop/rules/schemas/analytics";
import { Coins, Download, Handshake, MousePointerClick, Play, ShoppingCart, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { LoopAmount } from "@/components/ui/loop-amount";
import { countText, formatCount } from "@/lib/format";
import { usdText } from "@/lib/loop-amounts";
import { conversionText } from "../lib/analytics-format";

/** The period's totals: earnings, sales, plays, downloads, conversion, offers. */
export function AnalyticsTotals({ totals }: { totals: CreatorAnalytics["totals"] }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-7">
      <Figure
        label="Earnings"
        icon={Coins}
        className="col-span-2 sm:col-span-1 lg:col-span-2"
        value={<LoopAmount value={totals.earningsLoop} className="[overflow-wrap:anywhere]" />}
        hint={`${usdText(totals.earningsUsd)} as recorded at sale time`}
      />
      <Figure
        label="Sales"
        icon={ShoppingCart}
        value={formatCount(totals.sales)}
        hint={totals.refunds > 0 ? `${countText(totals.refunds, "refund")} taken out` : "No refunds"}
      />
      <Figure label="Plays" icon={Play} value={formatCount(totals.plays)} hint="Previews over 5 s" />
      <Figure label="Downloads" icon={Download} value={formatCount(totals.downloads)} />
      <Figure
        label="Conversion"
        icon={MousePointerClick}
        value={conversionText(totals.conversion)}
        hint={totals.conversion === null ? "No plays yet" : "Sales ÷ plays"}
      />
      <Figure
        label="Offers"
        icon={Handshake}
        className="col-span-2 sm:col-span-1"
        value={formatCount(totals.offers.received)}
        hint={`${formatCount(totals.offers.accepted)} accepted`}
      />
    </div>
  );
}

function Figure({
  label,
  icon: Icon,
  value,
  hint,
  className,
}: {
  label: string;
  icon: LucideIcon;
  value: ReactNode;
  hint?: string;
  className?: string;
}) {
  const id = `analytics-total-${label.toLowerCase()}`;
  return (
    <Card role="group" aria-labelledby={id} className={className ? `p-4 ${className}` : "p-4"}>
      <div className="flex items-start justify-between gap-2">
        <p id={id} className="text-sm font-medium text-muted-foreground">
          {label}
        </p>
        <Icon className="size-4 text-primary" aria-hidden />
      </div>
      <div className="mt-1.5 text-xl font-bold tabular-nums">{value}</div>
      {hint ? <p className="mt-0.5 text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}
