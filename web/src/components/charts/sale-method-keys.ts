import type { SaleMethod } from "@loop/rules/schemas/analytics";
import { CHART_COLORS, type ChartKey } from "./chart-types";

/** The ways of paying as chart series, in the creator's and the admin's sales charts alike. */
export const SALE_METHOD_KEYS: readonly ChartKey<SaleMethod>[] = [
  { key: "loop", label: "In-app LOOP", color: CHART_COLORS.primary },
  { key: "wallet", label: "Wallet", color: CHART_COLORS.highlight },
  { key: "paypal", label: "PayPal", color: CHART_COLORS.warning },
  { key: "card", label: "Card", color: CHART_COLORS.accent },
];
