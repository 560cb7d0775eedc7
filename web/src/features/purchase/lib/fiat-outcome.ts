import type { FiatPurchaseStatus } from "@loop/rules/schemas/fiat-payments";
import type { Purchase } from "@loop/rules/schemas/purchases";

/**
 * What a card or PayPal answer means for the panel: the purchase is recorded; the provider is still
 * confirming the payment (a webhook records it, the files arrive by e-mail); or it was not completed.
 */
export type FiatOutcome = { state: "completed"; purchase: Purchase } | { state: "pending" } | { state: "failed" };

export function fiatOutcome(status: FiatPurchaseStatus): FiatOutcome {
  if (status.status === "completed" && status.purchase) return { state: "completed", purchase: status.purchase };
  if (status.status === "pending") return { state: "pending" };
  return { state: "failed" };
}
