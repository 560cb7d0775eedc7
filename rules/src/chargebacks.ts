/**
 * Card and PayPal chargebacks (issue 35, docs/product.md#sale-hold): how long a seller's fiat sale
 * proceeds are held, and when a seller's withdrawals are suspended. One table for the API (which
 * decides) and the admin's pages (which show it). No zod here.
 */

/** Days after a card or PayPal payment in which the buyer's bank can still take it back (a chargeback). */
export const CHARGEBACK_WINDOW_DAYS = 120;

/** The longest sale hold an admin can give one seller, in days (as the platform's hold settings). */
export const SALE_HOLD_DAYS_MAX = 180;

/** A seller's chargebacks (disputed card or PayPal payments) at which their withdrawals are suspended until an admin lifts it. */
export const CHARGEBACKS_TO_SUSPEND = 2;

/**
 * Why a seller's new fiat sale gets its hold: `custom`, the admin's days for this seller;
 * `approved`, an admin approved the seller (the normal hold); `standard`, the seller has the history
 * (enough completed fiat sales older than the chargeback window) or the rule holds no longer anyway;
 * `new_seller`, the longer hold of a seller without that history.
 */
export const SALE_HOLD_BASES = ["custom", "approved", "standard", "new_seller"] as const;
export type SaleHoldBasis = (typeof SALE_HOLD_BASES)[number];

export interface SaleHoldSettings {
  /** The normal hold (platform setting fiatHoldDays), in any unit… */
  normal: number;
  /** …the hold of a seller without the history (newSellerHoldDays), in the same unit… */
  newSeller: number;
  /** …and the old completed fiat sales that give the normal hold (trustedSellerSales; 0: everyone). */
  trustedSales: number;
}

export interface SellerHoldFacts {
  /** The admin approved the seller. */
  approved: boolean;
  /** The admin's hold for this seller, in the unit of the settings; null: none. */
  custom: number | null;
  /** The seller's completed (not reversed) fiat sales older than the chargeback window (counting may stop at `trustedSales`). */
  oldSales: number;
}

/**
 * The hold of a seller's new fiat sale: the admin's own figure for the seller first; else the
 * normal hold for an approved seller or one with the history; else the longer of the normal and the
 * new-seller hold.
 */
export function saleHold(settings: SaleHoldSettings, seller: SellerHoldFacts): { hold: number; basis: SaleHoldBasis } {
  if (seller.custom !== null) return { hold: seller.custom, basis: "custom" };
  if (seller.approved) return { hold: settings.normal, basis: "approved" };
  if (settings.newSeller <= settings.normal || seller.oldSales >= settings.trustedSales)
    return { hold: settings.normal, basis: "standard" };
  return { hold: settings.newSeller, basis: "new_seller" };
}
