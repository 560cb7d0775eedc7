import type { AdminAnalytics } from "@loop/rules/schemas/admin-analytics";
import type { AnalyticsRange } from "@loop/rules/schemas/analytics";
import { ArrowDownToLine, Upload, Users } from "lucide-react";
import { useState } from "react";
import { ChartFrame } from "@/components/charts/chart-frame";
import { formatCompact } from "@/components/charts/chart-format";
import { periodText } from "@/components/charts/chart-range";
import { ChartToggle } from "@/components/charts/chart-toggle";
import { fieldSeries } from "@/components/charts/chart-types";
import { LineChart } from "@/components/charts/line-chart";
import { SeriesTable } from "@/components/charts/series-table";
import { LoopAmount } from "@/components/ui/loop-amount";
import { countText, formatCount } from "@/lib/format";
import {
  MEMBER_KEYS,
  UPLOAD_KEYS,
  WITHDRAWAL_KEYS,
  WITHDRAWAL_MEASURES,
  WITHDRAWAL_TABLE_KEYS,
  type WithdrawalMeasure,
  withdrawalsSeries,
  withdrawalsTable,
} from "../lib/admin-analytics-series";

interface ChartProps {
  data: AdminAnalytics;
  range: AnalyticsRange;
}

/** New members and active members (signed in and made a request) per day. */
export function MembersChart({ data, range }: ChartProps) {
  const { totals } = data;
  const series = fieldSeries(data.days, MEMBER_KEYS);
  return (
    <ChartFrame
      id="admin-members-title"
      title="Members per day"
      icon={<Users className="size-5 text-violet-300" aria-hidden />}
      description="New accounts, and members who made at least one signed-in request that day (UTC)."
      empty={
        totals.newMembers === 0 && totals.activeMembers === 0
          ? `No new or active members ${periodText(range)}. New members appear here on the day they sign up, and active members on each day they use the app signed in.`
          : undefined
      }
      summary={
        <>
          {countText(totals.newMembers, "new member")} and {countText(totals.activeMembers, "member-day")} of activity {periodText(range)}{" "}
          (each active member counted once per day).
        </>
      }
      table={<SeriesTable caption="New and active members per day" data={series} keys={MEMBER_KEYS} formatValue={formatCount} />}
    >
      <LineChart data={series} keys={MEMBER_KEYS} label="New and active members per day" formatValue={formatCompact} />
    </ChartFrame>
  );
}

/** Loops uploaded and audio processing that failed, per day. */
export function UploadsChart({ data, range }: ChartProps) {
  const { totals } = data;
  const series = fieldSeries(data.days, UPLOAD_KEYS);
  return (
    <ChartFrame
      id="admin-uploads-title"
      title="Uploads per day"
      icon={<Upload className="size-5 text-sky-300" aria-hidden />}
      description="Loops uploaded, and loops whose audio processing ended failed (refused audio, or out of attempts)."
      empty={
        totals.uploads === 0 && totals.processingFailures === 0
          ? `No uploads ${periodText(range)}. Uploads appear here on the day a creator uploads a loop, and processing failures on the day processing gives up.`
          : undefined
      }
      summary={
        <>
          {countText(totals.uploads, "upload")} and {countText(totals.processingFailures, "processing failure")} {periodText(range)}.
        </>
      }
      table={<SeriesTable caption="Uploads and processing failures per day" data={series} keys={UPLOAD_KEYS} formatValue={formatCount} />}
    >
      <LineChart data={series} keys={UPLOAD_KEYS} label="Uploads and processing failures per day" formatValue={formatCompact} />
    </ChartFrame>
  );
}

/** Withdrawals requested (the day asked) and paid (the day completed), as counts or LOOP. */
export function WithdrawalsChart({ data, range }: ChartProps) {
  const [measure, setMeasure] = useState<WithdrawalMeasure>("count");
  const { withdrawalsRequested: requested, withdrawalsPaid: paid } = data.totals;
  const series = withdrawalsSeries(data.days, measure);
  const label = `Withdrawals requested and paid per day, ${measure === "count" ? "how many" : "in LOOP"}`;
  return (
    <ChartFrame
      id="admin-withdrawals-title"
      title="Withdrawals per day"
      icon={<ArrowDownToLine className="size-5 text-emerald-300" aria-hidden />}
      description="Requested on the day a member asks; paid on the day the withdrawal completes."
      empty={
        requested.count === 0 && paid.count === 0
          ? `No withdrawals ${periodText(range)}. Requests appear here on the day a member asks for one, and payments on the day a withdrawal completes.`
          : undefined
      }
      actions={<ChartToggle label="Withdrawals shown as" options={WITHDRAWAL_MEASURES} value={measure} onChange={setMeasure} />}
      summary={
        <>
          {countText(requested.count, "withdrawal")} requested (<LoopAmount value={requested.amountLoop} />) and {formatCount(paid.count)}{" "}
          paid (
          <LoopAmount value={paid.amountLoop} />) {periodText(range)}.
        </>
      }
      table={
        <SeriesTable
          caption="Withdrawals requested and paid per day"
          data={withdrawalsTable(data.days)}
          keys={WITHDRAWAL_TABLE_KEYS}
          formatValue={formatCount}
        />
      }
    >
      <LineChart data={series} keys={WITHDRAWAL_KEYS} label={label} formatValue={formatCompact} />
    </ChartFrame>
  );
}
