// The risk-based sale hold (issue 35, docs/product.md#sale-hold): how long a seller's card and PayPal
// proceeds are held when a sale is recorded. A card payment can be charged back for
// CHARGEBACK_WINDOW_DAYS, so a seller without a history — fewer than `trustedSellerSales` completed
// (not reversed) fiat sales older than that window — gets the longer of the normal and the
// new-seller hold, unless an admin approved them (the normal hold) or gave them their own hold (the
// users row: sale_hold_approved, sale_hold_days). The rule itself is @loop/rules/chargebacks' saleHold.
import { CHARGEBACK_WINDOW_DAYS, saleHold, type SaleHoldBasis } from "@loop/rules/chargebacks";
import type { PrismaClient, Tx } from "../../db/prisma";
import type { SettingsInUse } from "../platform-settings/platform-settings.service";

const DAY_MS = 24 * 60 * 60 * 1000;
export const CHARGEBACK_WINDOW_MS = CHARGEBACK_WINDOW_DAYS * DAY_MS;

type Db = PrismaClient | Tx;

export interface SellerHold {
  /** The hold of a new fiat sale of theirs now, in milliseconds (0: available at once). */
  ms: number;
  basis: SaleHoldBasis;
  approved: boolean;
  customDays: number | null;
  /** Completed (not reversed) card and PayPal sales older than the chargeback window. */
  oldSales: number;
}

/** Per seller: their completed, not reversed, card and PayPal sales made before `now` − the chargeback window. */
export async function oldFiatSales(db: Db, sellerIds: string[], now: Date = new Date()): Promise<Map<string, number>> {
  if (sellerIds.length === 0) return new Map();
  const before = new Date(now.getTime() - CHARGEBACK_WINDOW_MS);
  // A reversed sale's purchase is refunded (refunded_at): it never counts.
  const rows = await db.$queryRaw<{ seller_id: string; sales: number }[]>`
    SELECT l."user_id"::text AS "seller_id", COUNT(*)::int AS "sales"
    FROM "app"."loops" l JOIN "app"."purchases" p ON p."loop_id" = l."id"
    WHERE l."user_id" = ANY(${sellerIds}::uuid[]) AND p."method" IN ('card', 'paypal') AND p."refunded_at" IS NULL AND p."created_at" <= ${before}
    GROUP BY l."user_id"`;
  return new Map(rows.map((row) => [row.seller_id, Number(row.sales)]));
}

export interface SellerHoldRow {
  id: string;
  saleHoldApproved: boolean;
  saleHoldDays: number | null;
}

/**
 * The holds of these sellers' new fiat sales, under `settings` (settingsInUse). The history is read
 * only where it can make a difference, unless `countEverySeller` (the admin's list shows it).
 */
export async function sellerHolds(
  db: Db,
  sellers: SellerHoldRow[],
  settings: Pick<SettingsInUse, "fiatHoldMs" | "newSellerHoldMs" | "trustedSellerSales">,
  now: Date = new Date(),
  countEverySeller = false,
): Promise<Map<string, SellerHold>> {
  const ruleDecides = settings.newSellerHoldMs > settings.fiatHoldMs && settings.trustedSellerSales > 0;
  const counted = countEverySeller
    ? sellers
    : ruleDecides
      ? sellers.filter((seller) => seller.saleHoldDays === null && !seller.saleHoldApproved)
      : [];
  const history = await oldFiatSales(
    db,
    counted.map((seller) => seller.id),
    now,
  );
  return new Map(
    sellers.map((seller) => {
      const oldSales = history.get(seller.id) ?? 0;
      const { hold, basis } = saleHold(
        { normal: settings.fiatHoldMs, newSeller: settings.newSellerHoldMs, trustedSales: settings.trustedSellerSales },
        { approved: seller.saleHoldApproved, custom: seller.saleHoldDays === null ? null : seller.saleHoldDays * DAY_MS, oldSales },
      );
      return [seller.id, { ms: hold, basis, approved: seller.saleHoldApproved, customDays: seller.saleHoldDays, oldSales }];
    }),
  );
}

/** The hold of one seller's new fiat sale now. */
export async function sellerHold(
  db: Db,
  sellerId: string,
  settings: Pick<SettingsInUse, "fiatHoldMs" | "newSellerHoldMs" | "trustedSellerSales">,
  now: Date = new Date(),
): Promise<SellerHold> {
  const seller = await db.user.findUniqueOrThrow({
    where: { id: sellerId },
    select: { id: true, saleHoldApproved: true, saleHoldDays: true },
  });
  return (await sellerHolds(db, [seller], settings, now)).get(sellerId)!;
}
