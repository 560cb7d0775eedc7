// What an in-app purchase is decided by, read in one statement: the loop, whether the buyer owns it
// in the format, the format's fee, the buyer's spendable LOOP and both sides' levels. The purchase's
// transaction reads them (buyLoop), and so does its one statement's draft, outside any transaction
// (purchase-in-one-statement.ts).
import type { Format } from "@loop/rules/fees";
import { hotQuery } from "../../db/hot-query";
import type { PrismaClient, Tx } from "../../db/prisma";
import { UUID } from "../../http/uuid";
import type { LoopForSale } from "./record-purchase";

/** A LoopForSale's columns of `app.loops` aliased `l` (loopForSale, purchaseFacts). */
export const LOOP_FOR_SALE_COLUMNS = `l."id"::text, l."title", l."user_id"::text AS "userId", l."price_cents" AS "priceCents",
  l."is_free" AS "isFree", l."status"::text, l."is_public" AS "isPublic", l."unlisted"`;

/** A member's level and experience (XP) as read. */
export interface LevelFacts {
  level: number;
  experience: number;
}

export interface PurchaseFacts {
  loop: LoopForSale;
  /** The buyer holds a purchase of it in this format that was not refunded (ownedPurchase). */
  owned: boolean;
  /** The format's fee in the platform settings now (currentFeeBps). */
  feeBps: bigint;
  /** The buyer's spendable LOOP, earned and promotional (userBalance's `available`), in ledger units. */
  availableUnits: bigint;
  /** Of it, promotional LOOP (spent first). */
  promoAvailableUnits: bigint;
  buyer: LevelFacts;
  seller: LevelFacts;
}

interface FactsRow extends LoopForSale {
  owned: boolean;
  feeBps: number | null;
  availableUnits: string;
  promoAvailableUnits: string;
  buyerLevel: number;
  buyerExperience: number;
  sellerLevel: number;
  sellerExperience: number;
}

const FACTS_SQL = `
  SELECT ${LOOP_FOR_SALE_COLUMNS},
         EXISTS (SELECT 1 FROM "app"."purchases" p WHERE p."buyer_id" = $1::uuid AND p."loop_id" = l."id"
                   AND p."format"::text = $3::text AND p."refunded_at" IS NULL) AS "owned",
         (SELECT CASE $3::text WHEN 'mp3' THEN s."mp3_fee_bps" WHEN 'wav' THEN s."wav_fee_bps" END
            FROM "app"."platform_settings" s WHERE s."id") AS "feeBps",
         COALESCE(a."available", 0)::text AS "availableUnits", COALESCE(a."promo", 0)::text AS "promoAvailableUnits",
         b."level" AS "buyerLevel", b."experience" AS "buyerExperience", u."level" AS "sellerLevel", u."experience" AS "sellerExperience"
  FROM "app"."loops" l
  JOIN "app"."users" u ON u."id" = l."user_id"
  JOIN "app"."users" b ON b."id" = $1::uuid
  CROSS JOIN LATERAL (
    SELECT sum(x."balance" - x."held") AS "available", sum(x."balance" - x."held") FILTER (WHERE x."kind" = 'user_promo') AS "promo"
    FROM "app"."ledger_accounts" x WHERE x."user_id" = $1::uuid AND x."kind" IN ('user', 'user_promo')) a
  WHERE l."id" = $2::uuid`;

const isClient = (db: Tx | PrismaClient): db is PrismaClient => "$transaction" in db;

/**
 * The facts of `buyerId` buying `loopId` in `format`, in one round trip; null when there is no such
 * loop. In a transaction (`db` a Tx) the loop is read unlocked: its row is locked only from the
 * purchase row's insert on. Outside one, as a prepared statement (hot-query.ts).
 */
export async function purchaseFacts(db: Tx | PrismaClient, buyerId: string, loopId: string, format: Format): Promise<PurchaseFacts | null> {
  if (!UUID.test(loopId)) return null;
  const values = [buyerId, loopId, format];
  const rows = isClient(db)
    ? await hotQuery<FactsRow>(db, "loop_purchase_facts", FACTS_SQL, values)
    : await db.$queryRawUnsafe<FactsRow[]>(FACTS_SQL, ...values);
  const row = rows[0];
  if (!row) return null;
  if (row.feeBps === null) throw new Error(`no platform fee for ${format}: the platform_settings row is missing`);
  const { owned, feeBps, availableUnits, promoAvailableUnits, buyerLevel, buyerExperience, sellerLevel, sellerExperience, ...loop } = row;
  return {
    loop,
    owned,
    feeBps: BigInt(feeBps),
    availableUnits: BigInt(availableUnits),
    promoAvailableUnits: BigInt(promoAvailableUnits),
    buyer: { level: buyerLevel, experience: buyerExperience },
    seller: { level: sellerLevel, experience: sellerExperience },
  };
}
