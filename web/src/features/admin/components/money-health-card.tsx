import type { AdminAnalytics, ChargebackLossSeller, MoneyHealthChain } from "@loop/rules/schemas/admin-analytics";
import type { AnalyticsRange } from "@loop/rules/schemas/analytics";
import { AlertTriangle, ArrowLeftRight, CheckCircle2, CreditCard, Landmark, Scale } from "lucide-react";
import { ChartFrame } from "@/components/charts/chart-frame";
import { formatCompact } from "@/components/charts/chart-format";
import { periodText } from "@/components/charts/chart-range";
import { LineChart } from "@/components/charts/line-chart";
import { SeriesTable } from "@/components/charts/series-table";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { LoopAmount } from "@/components/ui/loop-amount";
import { countText, formatCount } from "@/lib/format";
import { usdText } from "../lib/admin-format";
import {
  BACKING_KEYS,
  backingSeries,
  FLOW_KEYS,
  flowsSeries,
  loopUnitsOf,
  sampleTick,
  sampleTitle,
  sumLoop,
} from "../lib/admin-analytics-series";
import { LiftSuspensionButton } from "./lift-suspension-button";

export const NO_CHARGEBACK_LOSSES_TEXT =
  "No chargeback losses: every card or PayPal sale reversed so far was taken back from proceeds still held.";

export const NO_CHAIN_TEXT =
  "No chain has contracts configured, so there is no vault to watch. Once a chain's contracts are deployed and configured, its vault reserve beside the ledger's liability, deposits, payouts and settlement lag appear here, sampled every hour.";

/** Money health: per chain with contracts, the vault against the ledger; an empty state without any. */
export function MoneyHealth({ data, range }: { data: AdminAnalytics; range: AnalyticsRange }) {
  return (
    <section aria-labelledby="money-health-title" className="grid gap-4">
      <div>
        <h2 id="money-health-title" className="flex items-center gap-2 text-xl font-semibold tracking-tight">
          <Scale className="size-5 text-primary" aria-hidden />
          Money health
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Per chain: the vault&apos;s reserve on chain beside what the ledger owes members through it, sampled every hour, and the LOOP
          moving in and out.
        </p>
      </div>
      {data.moneyHealth.length === 0 ? (
        <Card className="flex min-h-32 items-center justify-center border-dashed p-6 text-center text-sm text-muted-foreground">
          <p className="max-w-xl">{NO_CHAIN_TEXT}</p>
        </Card>
      ) : (
        data.moneyHealth.map((chain) => <ChainHealth key={chain.chainId} chain={chain} range={range} />)
      )}
      <ChargebackLosses sellers={data.chargebackLosses} />
    </section>
  );
}

/**
 * The sellers whose card or PayPal sales were reversed after their hold (the platform bore the price),
 * whatever the range: the loss, how many sales, their chargebacks, and Lift Suspension where a second
 * chargeback suspended their withdrawals (docs/product.md#sale-hold).
 */
function ChargebackLosses({ sellers }: { sellers: readonly ChargebackLossSeller[] }) {
  return (
    <Card aria-labelledby="chargeback-losses-title" className="grid gap-3 p-4 sm:p-6">
      <h3 id="chargeback-losses-title" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        <CreditCard className="size-5 text-rose-300" aria-hidden />
        Chargeback losses
      </h3>
      <p className="text-sm text-muted-foreground">
        Card and PayPal sales reversed after their hold: the seller kept the LOOP and the platform bore the price. A seller&apos;s second
        chargeback suspends their withdrawals until an admin lifts it.
      </p>
      {sellers.length === 0 ? (
        <p className="text-sm text-muted-foreground">{NO_CHARGEBACK_LOSSES_TEXT}</p>
      ) : (
        <ul aria-label="Sellers with chargeback losses" className="grid gap-2 text-sm">
          {sellers.map((seller) => (
            <li
              key={seller.sellerId}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-red-500/30 bg-red-500/5 px-3 py-2"
            >
              <span className="font-semibold">{seller.username}</span>
              <span className="tabular-nums">
                <LoopAmount value={seller.amountLoop} /> ({usdText(seller.amountUsd)})
              </span>
              <span className="text-muted-foreground">
                {countText(seller.count, "sale")} reversed after the hold · {countText(seller.chargebacks, "chargeback")}
              </span>
              {seller.withdrawalsSuspendedAt ? (
                <span className="ml-auto flex items-center gap-2">
                  <Badge variant="destructive">Withdrawals suspended</Badge>
                  <LiftSuspensionButton user={{ id: seller.sellerId, username: seller.username }} />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ChainHealth({ chain, range }: { chain: MoneyHealthChain; range: AnalyticsRange }) {
  const name = `${chain.chainName} (chain ${chain.chainId})`;
  return (
    <section aria-label={`Money health of ${name}`} className="grid gap-4">
      <h3 className="font-semibold">
        {chain.chainName} <span className="text-muted-foreground">· chain {chain.chainId}</span>
      </h3>
      <div className="grid min-w-0 gap-4 lg:grid-cols-3">
        <BackingChart chain={chain} range={range} />
        <GapCard chain={chain} />
      </div>
      <FlowsChart chain={chain} range={range} />
    </section>
  );
}

/** The reserve and the liability over time, the gap between them in red. */
function BackingChart({ chain, range }: { chain: MoneyHealthChain; range: AnalyticsRange }) {
  const series = backingSeries(chain.samples);
  const latest = chain.samples.at(-1);
  const gaps = chain.samples.filter((sample) => loopUnitsOf(sample.gapLoop) !== 0n).length;
  const title = `Reserve and liability on ${chain.chainName}`;
  return (
    <ChartFrame
      id={`money-backing-${chain.chainId}-title`}
      title="Reserve and liability"
      icon={<Landmark className="size-5 text-sky-300" aria-hidden />}
      description="LoopVault's reserve on chain and the ledger's liability through it, at each hourly sample. Wherever they differ, the gap is drawn in red."
      className="lg:col-span-2"
      empty={
        latest
          ? undefined
          : `No sample ${periodText(range)}. The worker samples the reserve and the liability once an hour (and when it starts): points appear here as samples are taken.`
      }
      summary={
        latest ? (
          <>
            Latest sample ({sampleTitle(latest.at)}): reserve <LoopAmount value={latest.reserveLoop} />, liability{" "}
            <LoopAmount value={latest.liabilityLoop} />
            {loopUnitsOf(latest.gapLoop) === 0n ? (
              ", no gap"
            ) : (
              <>
                , gap <LoopAmount value={latest.gapLoop} plus />
              </>
            )}
            . {countText(chain.samples.length, "sample")} {periodText(range)}
            {gaps > 0 ? `, ${formatCount(gaps)} with a gap` : ", none with a gap"}.
          </>
        ) : null
      }
      table={
        <SeriesTable
          caption={`${title}, per sample`}
          data={series}
          keys={BACKING_KEYS}
          formatValue={formatCompact}
          formatDate={sampleTitle}
        />
      }
    >
      <LineChart
        data={series}
        keys={BACKING_KEYS}
        band={{ key: "gap", between: ["reserve", "liability"] }}
        label={`${title}, per hourly sample`}
        formatValue={formatCompact}
        formatDate={sampleTick(chain.samples)}
        formatTitle={sampleTitle}
      />
    </ChartFrame>
  );
}

/** The latest gap and its causes, and the settlement lag, as of the latest sample. */
function GapCard({ chain }: { chain: MoneyHealthChain }) {
  const latest = chain.samples.at(-1);
  const { blocks, seconds } = chain.settlementLag;
  const gapUnits = chain.gap ? loopUnitsOf(chain.gap.amountLoop) : 0n;
  // The gap and the lag are the latest sample's, which may be older than the range.
  const sampled = latest !== undefined || chain.gap !== null || blocks !== null || seconds !== null;
  return (
    <Card aria-labelledby={`money-gap-${chain.chainId}-title`} className="flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <h2 id={`money-gap-${chain.chainId}-title`} className="text-lg font-semibold tracking-tight">
        Gap and settlement
      </h2>
      {!sampled ? (
        <p className="text-sm text-muted-foreground">
          No sample yet: the gap and the lag appear here once the worker has sampled this chain (at its start, then every hour).
        </p>
      ) : chain.gap === null ? (
        <p role="status" className="flex items-start gap-2 text-sm font-medium text-emerald-300" data-testid="money-gap">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            Reserve matches the ledger: the gap is 0 LOOP
            {latest ? <span className="font-normal text-muted-foreground"> (as of {sampleTitle(latest.at)})</span> : null}.
          </span>
        </p>
      ) : (
        <div className="grid gap-2" data-testid="money-gap">
          {/* Red either way; an alert only when the reserve is short. */}
          <p role={gapUnits < 0n ? "alert" : "status"} className="flex items-start gap-2 text-sm font-medium text-red-300">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              The reserve is <LoopAmount value={gapUnits < 0n ? chain.gap.amountLoop.replace(/^-/, "") : chain.gap.amountLoop} />{" "}
              {gapUnits < 0n ? "short of" : "above"} the ledger&apos;s liability (gap <LoopAmount value={chain.gap.amountLoop} plus />
              {latest ? `, as of ${sampleTitle(latest.at)}` : ""}).
            </span>
          </p>
          {chain.gap.causes.length > 0 ? (
            <ul aria-label="Causes of the gap" className="grid gap-2 text-sm">
              {chain.gap.causes.map((cause) => (
                <li key={cause.code} className="grid gap-0.5 rounded-md border border-red-500/30 bg-red-500/5 px-3 py-2">
                  <span>{cause.label}</span>
                  <LoopAmount value={cause.amountLoop} plus className="font-semibold" />
                </li>
              ))}
            </ul>
          ) : null}
          {chain.gap.causes.length > 1 ? (
            <p className="text-xs text-muted-foreground">
              The causes add up to <LoopAmount value={sumLoop(chain.gap.causes.map((cause) => cause.amountLoop))} plus />.
            </p>
          ) : null}
        </div>
      )}
      <dl className="mt-auto grid grid-cols-2 gap-3 text-sm">
        <LagFigure term="Settlement lag, blocks" testId="lag-blocks" count={blocks} unit="block" />
        <LagFigure term="Settlement lag, time" testId="lag-seconds" count={seconds} unit="second" />
      </dl>
      <p className="text-xs text-muted-foreground">
        Blocks between the chain&apos;s head and the last indexed block; age of the oldest event waiting to be settled.
      </p>
    </Card>
  );
}

/** One measure of the settlement lag: how many `unit`s, or "unknown". */
function LagFigure({ term, testId, count, unit }: { term: string; testId: string; count: number | null; unit: string }) {
  return (
    <div className="rounded-lg border border-border/60 p-3">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="mt-1 font-semibold tabular-nums" data-testid={testId}>
        {count === null ? "unknown" : countText(count, unit)}
      </dd>
    </div>
  );
}

/** LOOP deposited (credited by the settlement) and paid out of this chain's vault, per day. */
function FlowsChart({ chain, range }: { chain: MoneyHealthChain; range: AnalyticsRange }) {
  const series = flowsSeries(chain.days);
  const deposits = sumLoop(chain.days.map((day) => day.depositsInLoop));
  const payouts = sumLoop(chain.days.map((day) => day.payoutsOutLoop));
  const nothing = loopUnitsOf(deposits) === 0n && loopUnitsOf(payouts) === 0n;
  const title = `Deposits in and payouts out on ${chain.chainName}`;
  return (
    <ChartFrame
      id={`money-flows-${chain.chainId}-title`}
      title="Deposits in and payouts out"
      icon={<ArrowLeftRight className="size-5 text-emerald-300" aria-hidden />}
      description="Deposits credited to members by the settlement, and LOOP withdrawals paid out of this chain's vault, per day."
      empty={
        nothing
          ? `No deposits or payouts ${periodText(range)}. Deposits appear here on the day the settlement credits them, and payouts on the day a withdrawal from this vault completes.`
          : undefined
      }
      summary={
        <>
          <LoopAmount value={deposits} /> deposited and <LoopAmount value={payouts} /> paid out {periodText(range)}.
        </>
      }
      table={<SeriesTable caption={`${title} per day`} data={series} keys={FLOW_KEYS} formatValue={formatCompact} />}
    >
      <LineChart data={series} keys={FLOW_KEYS} label={`${title} per day, in LOOP`} formatValue={formatCompact} />
    </ChartFrame>
  );
}
