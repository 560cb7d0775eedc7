import { lazy } from "react";

/**
 * The Purchase and Make Offer dialogs load on first use, not with every page that shows a loop: they
 * bring the payment panels (PayPal's SDK, the wallet flows, the vault and token helpers) and the
 * shared zod schemas, most of a catalog page's JavaScript that a visitor who only listens never runs.
 * `preloadSaleDialogs` starts the download when a pointer or focus reaches a Buy or Make Offer button.
 */
const loadPurchaseDialog = () => import("@/features/purchase/components/purchase-dialog");
const loadMakeOfferDialog = () => import("@/features/negotiations/components/make-offer-dialog");

export const PurchaseDialog = lazy(() => loadPurchaseDialog().then((m) => ({ default: m.PurchaseDialog })));
export const MakeOfferDialog = lazy(() => loadMakeOfferDialog().then((m) => ({ default: m.MakeOfferDialog })));

/** Starts loading both dialogs (a failure here is retried by the lazy component when it renders). */
export function preloadSaleDialogs(): void {
  void loadPurchaseDialog().catch(() => undefined);
  void loadMakeOfferDialog().catch(() => undefined);
}
