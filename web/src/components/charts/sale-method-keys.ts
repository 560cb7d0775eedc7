import type { SaleMethod } from "@loop/rules/schemas/analytics";
import { amountDatum, CHART_COLORS, type ChartDatum, type ChartKey } from "./chart-types";

/** The ways of paying as chart series, in the creator's and the admin's sales charts alike. */
export const SALE_METHOD_KEYS: readonly ChartKey<SaleMethod>[] = [
  { key: "loop", label: "In-app LOOP", color: CHART_COLORS.primary },
  { key: "wallet", label: "Wallet", color: CHART_COLORS.highlight },
  { key: "paypal", label: "PayPal", color: CHART_COLORS.warning },
  { key: "card", label: "Card", color: CHART_COLORS.accent },
];

/** A day of a chart stacked by way of paying: each way's amount (exact text), shown as `text` gives it, and the day's total. */
export function saleMethodDatum(
  date: string,
  amount: (method: SaleMethod) => string,
  text: (amount: string) => string,
  total: string,
): ChartDatum<SaleMethod> {
  const amounts = { loop: amount("loop"), wallet: amount("wallet"), paypal: amount("paypal"), card: amount("card") };
  return amountDatum(date, amounts, (value) => text(value), total);
}
