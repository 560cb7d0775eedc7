import { CHARGEBACK_WINDOW_DAYS, type SaleHoldBasis } from "@loop/rules/chargebacks";
import type { AdminUser, SaleHoldRequest } from "@loop/rules/schemas/admin-users";

/** What the admin picks for a seller: the rule, approved (the normal hold), or their own days. */
export const SALE_HOLD_MODES = ["rule", "approved", "custom"] as const;
export type SaleHoldMode = (typeof SALE_HOLD_MODES)[number];

export const SALE_HOLD_MODE_LABELS: Record<SaleHoldMode, string> = {
  rule: "By the rule (longer for a new seller)",
  approved: "Approved: the normal hold",
  custom: "Their own hold, in days",
};

const BASIS_TEXT: Record<SaleHoldBasis, string> = {
  custom: "set by an admin",
  approved: "approved",
  standard: "normal",
  new_seller: "new seller",
};

/** "30 days (new seller)", "1 day (set by an admin)". */
export function saleHoldText(hold: AdminUser["saleHold"]): string {
  return `${hold.days} day${hold.days === 1 ? "" : "s"} (${BASIS_TEXT[hold.basis]})`;
}

/** Why: "2 card and PayPal sales older than 120 days". */
export function oldSalesText(hold: AdminUser["saleHold"]): string {
  return `${hold.oldSales} card and PayPal sale${hold.oldSales === 1 ? "" : "s"} older than ${CHARGEBACK_WINDOW_DAYS} days`;
}

/** The dialog's starting choice for a seller. */
export function saleHoldMode(hold: AdminUser["saleHold"]): SaleHoldMode {
  if (hold.customDays !== null) return "custom";
  return hold.approved ? "approved" : "rule";
}

/** The PATCH body for a choice (the modes exclude each other); `days` is what was typed for `custom`. */
export function saleHoldBody(mode: SaleHoldMode, days: string): SaleHoldRequest {
  if (mode === "rule") return { approved: false, holdDays: null };
  if (mode === "approved") return { approved: true, holdDays: null };
  const text = days.trim();
  return { approved: false, holdDays: /^\d+$/.test(text) ? Number(text) : Number.NaN };
}
