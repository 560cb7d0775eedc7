/**
 * The chart series and texts of GET /api/admin/analytics (the Overview tab's charts). Money arrives
 * as decimal strings (LOOP 8 decimals, USD 2): shown exactly (LOOP without trailing zeros), summed
 * as integers, turned into numbers only to draw.
 */
import type { AdminAnalyticsDay, MethodVolume, MoneyHealthDay, MoneyHealthSample } from "@loop/rules/schemas/admin-analytics";
import type { SaleMethod } from "@loop/rules/schemas/analytics";
import { formatLoop, formatUsd, parseLoop, parseUsd } from "@loop/rules/units";
import { amountDatum, CHART_COLORS, type ChartDatum, type ChartKey } from "@/components/charts/chart-types";
import { SALE_METHOD_KEYS, saleMethodDatum } from "@/components/charts/sale-method-keys";
import { formatCount, loopText } from "@/lib/format";
import { usdText } from "./admin-format";

export type MoneyUnit = "usd" | "loop";
/** What a sales chart shows: what buyers paid (fee included), or the platform's fees. */
export type SalesMeasure = "volume" | "fees";

export const MONEY_UNITS: readonly { id: MoneyUnit; label: string }[] = [
  { id: "usd", label: "USD" },
  { id: "loop", label: "LOOP" },
];

/** A signed amount of `decimals` places as an integer ("-12.5" → -1250000000n for LOOP); 0 when malformed. */
function signedUnits(text: string, parse: (text: string) => bigint | null): bigint {
  const trimmed = text.trim();
  const negative = trimmed.startsWith("-");
  const units = parse(negative ? trimmed.slice(1) : trimmed) ?? 0n;
  return negative ? -units : units;
}

export const loopUnitsOf = (text: string) => signedUnits(text, parseLoop);
export const centsOf = (text: string) => signedUnits(text, parseUsd);

/** The exact sum of LOOP strings, as a LOOP string. */
export function sumLoop(texts: readonly string[]): string {
  return formatLoop(texts.reduce((sum, text) => sum + loopUnitsOf(text), 0n));
}

/** The exact sum of USD strings, as a USD string. */
export function sumUsd(texts: readonly string[]): string {
  return formatUsd(texts.reduce((sum, text) => sum + centsOf(text), 0n));
}

/** The amount of a method's figures that `measure` and `unit` pick. */
export function methodAmount(figures: MethodVolume, measure: SalesMeasure, unit: MoneyUnit): string {
  if (measure === "volume") return unit === "usd" ? figures.volumeUsd : figures.volumeLoop;
  return unit === "usd" ? figures.feesUsd : figures.feesLoop;
}

/** An amount as shown: "$1.04", "520 LOOP". */
export function moneyText(text: string, unit: MoneyUnit): string {
  return unit === "usd" ? usdText(text) : loopText(text);
}

/** The sum of the four methods' amounts, exact. */
export function methodsTotal(byMethod: Record<SaleMethod, MethodVolume>, measure: SalesMeasure, unit: MoneyUnit): string {
  const amounts = SALE_METHOD_KEYS.map((item) => methodAmount(byMethod[item.key], measure, unit));
  return unit === "usd" ? sumUsd(amounts) : sumLoop(amounts);
}

/** Volume or fees per day, stacked by way of paying, in USD or LOOP. */
export function salesSeries(days: readonly AdminAnalyticsDay[], measure: SalesMeasure, unit: MoneyUnit): ChartDatum<SaleMethod>[] {
  return days.map((day) =>
    saleMethodDatum(
      day.date,
      (method) => methodAmount(day.byMethod[method], measure, unit),
      (amount) => moneyText(amount, unit),
      moneyText(methodsTotal(day.byMethod, measure, unit), unit),
    ),
  );
}

export type MemberKey = "newMembers" | "activeMembers";
export const MEMBER_KEYS: readonly ChartKey<MemberKey>[] = [
  { key: "newMembers", label: "New members", color: CHART_COLORS.primary },
  { key: "activeMembers", label: "Active members", color: CHART_COLORS.highlight },
];

export type UploadKey = "uploads" | "processingFailures";
export const UPLOAD_KEYS: readonly ChartKey<UploadKey>[] = [
  { key: "uploads", label: "Uploads", color: CHART_COLORS.primary },
  { key: "processingFailures", label: "Processing failures", color: CHART_COLORS.destructive },
];

export type WithdrawalMeasure = "count" | "loop";
export const WITHDRAWAL_MEASURES: readonly { id: WithdrawalMeasure; label: string }[] = [
  { id: "count", label: "Count" },
  { id: "loop", label: "LOOP" },
];

export type WithdrawalKey = "requested" | "paid";
export const WITHDRAWAL_KEYS: readonly ChartKey<WithdrawalKey>[] = [
  { key: "requested", label: "Requested", color: CHART_COLORS.warning },
  { key: "paid", label: "Paid", color: CHART_COLORS.success },
];

/** Withdrawals requested and paid per day: how many, or how much LOOP. */
export function withdrawalsSeries(days: readonly AdminAnalyticsDay[], measure: WithdrawalMeasure): ChartDatum<WithdrawalKey>[] {
  return days.map((day) =>
    measure === "count"
      ? { date: day.date, values: { requested: day.withdrawalsRequested.count, paid: day.withdrawalsPaid.count } }
      : {
          date: day.date,
          values: { requested: Number(day.withdrawalsRequested.amountLoop), paid: Number(day.withdrawalsPaid.amountLoop) },
          display: { requested: loopText(day.withdrawalsRequested.amountLoop), paid: loopText(day.withdrawalsPaid.amountLoop) },
        },
  );
}

export type WithdrawalTableKey = "requestedCount" | "requestedLoop" | "paidCount" | "paidLoop";
export const WITHDRAWAL_TABLE_KEYS: readonly ChartKey<WithdrawalTableKey>[] = [
  { key: "requestedCount", label: "Requested", color: CHART_COLORS.warning },
  { key: "requestedLoop", label: "Requested LOOP", color: CHART_COLORS.warning },
  { key: "paidCount", label: "Paid", color: CHART_COLORS.success },
  { key: "paidLoop", label: "Paid LOOP", color: CHART_COLORS.success },
];

/** Both measures side by side, for the table. */
export function withdrawalsTable(days: readonly AdminAnalyticsDay[]): ChartDatum<WithdrawalTableKey>[] {
  return days.map((day) => ({
    date: day.date,
    values: {
      requestedCount: day.withdrawalsRequested.count,
      requestedLoop: Number(day.withdrawalsRequested.amountLoop),
      paidCount: day.withdrawalsPaid.count,
      paidLoop: Number(day.withdrawalsPaid.amountLoop),
    },
    display: {
      requestedCount: formatCount(day.withdrawalsRequested.count),
      requestedLoop: loopText(day.withdrawalsRequested.amountLoop),
      paidCount: formatCount(day.withdrawalsPaid.count),
      paidLoop: loopText(day.withdrawalsPaid.amountLoop),
    },
  }));
}

export type BackingKey = "reserve" | "liability" | "gap";
export const BACKING_KEYS: readonly ChartKey<BackingKey>[] = [
  { key: "reserve", label: "Vault reserve", color: CHART_COLORS.primary },
  { key: "liability", label: "Ledger liability", color: CHART_COLORS.highlight },
  { key: "gap", label: "Gap (reserve − liability)", color: CHART_COLORS.destructive },
];

/** The reserve beside the liability at each sample, and the gap between them (exact in the tooltip and the table). */
export function backingSeries(samples: readonly MoneyHealthSample[]): ChartDatum<BackingKey>[] {
  return samples.map((sample) =>
    amountDatum(sample.at, { reserve: sample.reserveLoop, liability: sample.liabilityLoop, gap: sample.gapLoop }, (amount, key) =>
      // The gap is signed: "+" when the reserve is above the liability.
      key === "gap" ? loopText(amount, { plus: true }) : loopText(amount),
    ),
  );
}

export type FlowKey = "depositsIn" | "payoutsOut";
export const FLOW_KEYS: readonly ChartKey<FlowKey>[] = [
  { key: "depositsIn", label: "Deposits in", color: CHART_COLORS.success },
  { key: "payoutsOut", label: "Payouts out", color: CHART_COLORS.warning },
];

export function flowsSeries(days: readonly MoneyHealthDay[]): ChartDatum<FlowKey>[] {
  return days.map((day) =>
    amountDatum(day.date, { depositsIn: day.depositsInLoop, payoutsOut: day.payoutsOutLoop }, (amount) => loopText(amount)),
  );
}

const hourFormat = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });
const sampleFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** A sample's hour in full: "Mar 4, 2026, 14:00 UTC". */
export function sampleTitle(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : `${sampleFormat.format(date)} UTC`;
}

/**
 * The axis label of a sample: its hour ("14:00") when the samples span two days or less, the day
 * otherwise ("Mar 4"); midnight is always the day.
 */
export function sampleTick(samples: readonly MoneyHealthSample[]): (at: string) => string {
  const first = samples[0] ? Date.parse(samples[0].at) : 0;
  const last = samples.at(-1) ? Date.parse(samples.at(-1)!.at) : 0;
  const hourly = last - first <= 2 * 24 * 3600 * 1000;
  const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
  return (at) => {
    const date = new Date(at);
    if (Number.isNaN(date.getTime())) return at;
    return hourly && date.getUTCHours() !== 0 ? hourFormat.format(date) : day.format(date);
  };
}
