// POST /api/purchases (docs/product.md#paying-with-in-app-loop): a free loop, or a paid one with the in-app LOOP balance. The
// server is the authority on the price, the fee and the balance: the client sends only the loop,
// the format and how it pays. A paid purchase is one transaction: XP for both sides (awarded first,
// see award-xp.ts on lock order), one ledger entry (buyer → seller the price, buyer → fees the fee;
// promotional LOOP first, the seller credited promotional LOOP for that part: postPaymentInTx)
// keyed per buyer, loop and format, the purchase row, and a notification to each side; so it is
// recorded once whatever retries or double clicks happen (the second finds the row: 409).
import { formatFeeCents, type Format } from "@loop/rules/fees";
import { DOWNLOAD_LINK_TTL_MS } from "@loop/rules/schemas/downloads";
import { type Purchase, type PurchaseMethod, type PurchaseRequest } from "@loop/rules/schemas/purchases";
import { centsToLoopUnits, parseUsd } from "@loop/rules/units";
import { Prisma, type Tx } from "../../db/prisma";
import { TX_DEFAULT, type WithAfterCommit } from "../../db/transactions";
import type { AppDeps } from "../../deps";
import { postPaymentInTx } from "../ledger/ledger-payments";
import { InsufficientFunds, userBalance } from "../ledger/ledger.service";
import { awardXpMany, purchaseXpAward, saleXpAward, type XpAward } from "../levels/award-xp";
import { UUID } from "../../http/uuid";
import { signDownloadToken } from "../downloads/download-token";
import { recordPurchaseInTx, toPurchase, type CompletedPurchase, type LoopForSale } from "./record-purchase";
import { sendPurchaseMails } from "./send-purchase-mails";
import { isReachable } from "../loops/loop-access";
import { DomainError } from "../../domain-error";

/** A LoopForSale's columns of `app.loops` aliased `l` (loopForSale, purchaseFacts). */
const LOOP_FOR_SALE_COLUMNS = Prisma.sql`l."id"::text, l."title", l."user_id"::text AS "userId", l."price_cents" AS "priceCents",
  l."is_free" AS "isFree", l."status"::text, l."is_public" AS "isPublic", l."unlisted"`;

/**
 * The loop, locked until the purchase commits: against a concurrent price edit, and so that
 * purchases of one loop take turns (the purchase row's trigger updates the loop's count; a shared
 * lock upgraded by several buyers at once would deadlock). An in-app purchase reads it unlocked
 * (purchaseFacts).
 */
export async function loopForSale(tx: Tx, loopId: string): Promise<LoopForSale | null> {
  if (!UUID.test(loopId)) return null;
  const rows = await tx.$queryRaw<LoopForSale[]>`
    SELECT ${LOOP_FOR_SALE_COLUMNS} FROM "app"."loops" l WHERE l."id" = ${loopId}::uuid FOR NO KEY UPDATE`;
  return rows[0] ?? null;
}

/** What an in-app purchase checks before it pays, read in one statement (purchaseFacts). */
interface PurchaseFacts {
  loop: LoopForSale;
  /** The buyer holds a purchase of it in this format that was not refunded (ownedPurchase). */
  owned: boolean;
  /** The format's fee in the platform settings now (currentFeeBps). */
  feeBps: bigint;
  /** The buyer's spendable LOOP, earned and promotional (userBalance's `available`), in ledger units. */
  availableUnits: bigint;
}

/**
 * The loop (unlocked: its row is locked only from the purchase row's insert on), whether the buyer owns it in this format, the format's
 * fee and the buyer's spendable balance: one round trip where there were four, each through
 * Prisma's query layer, while the purchase's transaction held its connection (docs/capacity.md,
 * run 7). Null when there is no such loop.
 */
async function purchaseFacts(tx: Tx, buyerId: string, loopId: string, format: Format): Promise<PurchaseFacts | null> {
  if (!UUID.test(loopId)) return null;
  const rows = await tx.$queryRaw<(LoopForSale & { owned: boolean; feeBps: number | null; availableUnits: string })[]>`
    SELECT ${LOOP_FOR_SALE_COLUMNS},
           EXISTS (SELECT 1 FROM "app"."purchases" p WHERE p."buyer_id" = ${buyerId}::uuid AND p."loop_id" = l."id"
                     AND p."format"::text = ${format} AND p."refunded_at" IS NULL) AS "owned",
           (SELECT CASE ${format} WHEN 'mp3' THEN s."mp3_fee_bps" WHEN 'wav' THEN s."wav_fee_bps" END
              FROM "app"."platform_settings" s WHERE s."id") AS "feeBps",
           (SELECT COALESCE(sum(a."balance" - a."held"), 0)::text FROM "app"."ledger_accounts" a
              WHERE a."user_id" = ${buyerId}::uuid AND a."kind" IN ('user', 'user_promo')) AS "availableUnits"
    FROM "app"."loops" l WHERE l."id" = ${loopId}::uuid`;
  const row = rows[0];
  if (!row) return null;
  if (row.feeBps === null) throw new Error(`no platform fee for ${format}: the platform_settings row is missing`);
  const { owned, feeBps, availableUnits, ...loop } = row;
  return { loop, owned, feeBps: BigInt(feeBps), availableUnits: BigInt(availableUnits) };
}

const purchaseKey = (buyerId: string, loopId: string, format: Format) => `purchase:${buyerId}:${loopId}:${format}`;

/**
 * POST /api/purchases with the in-app balance (or a free loop): in `db`, the transaction of the
 * request's Idempotency-Key, or without one in a transaction of its own. After the commit the
 * e-mails go out. The catalog's cache is kept: a sale moves the popular sort within its TTL
 * (catalog-cache.ts), and the buyer's own page shows the purchase at once (viewer-marks.ts).
 */
export async function purchaseLoop(
  deps: Pick<AppDeps, "config" | "logger" | "mailer" | "prisma">,
  db: Tx | null,
  buyerId: string,
  input: PurchaseRequest,
  signingKey: string,
): Promise<WithAfterCommit<Purchase>> {
  const buy = (tx: Tx) => buyLoop(tx, buyerId, input, signingKey);
  const done = db === null ? await deps.prisma.$transaction(buy, TX_DEFAULT) : await buy(db);
  return {
    result: done.purchase,
    afterCommit: () => void sendPurchaseMails(deps, signingKey, done),
  };
}

async function buyLoop(tx: Tx, buyerId: string, input: PurchaseRequest, signingKey: string, now = Date.now()): Promise<CompletedPurchase> {
  const { loopId, format, paymentMethod, expectedTotal } = input;
  // Not locked: a loop that sells to many buyers at once (a release) would have them take turns for
  // the whole purchase. The price is the one this transaction read, the one the buyer was shown
  // (expectedTotal); a price edit committed meanwhile applies to the next purchase.
  const facts = await purchaseFacts(tx, buyerId, loopId, format);
  if (!facts || !isReachable(facts.loop)) throw new DomainError("LOOP_NOT_FOUND");
  const { loop } = facts;
  if (loop.userId === buyerId) throw new DomainError("OWN_LOOP_PURCHASE");
  if (facts.owned) throw new DomainError("ALREADY_PURCHASED");

  const free = loop.isFree || loop.priceCents === 0;
  const priceCents = free ? 0 : loop.priceCents;
  // The fee in the platform settings now (the admin may change it; the page shows GET /api/config's).
  const feeCents = free ? 0 : Number(formatFeeCents(BigInt(priceCents), format, facts.feeBps));
  // The page's total, when sent, must be the one charged: a price or fee changed since it was shown is refused.
  if (expectedTotal !== undefined && parseUsd(expectedTotal) !== BigInt(priceCents + feeCents)) throw new DomainError("PRICE_CHANGED");
  let loopUnits: bigint | null = null;
  let ledgerEntryId: string | null = null;
  let method: PurchaseMethod = "free";

  if (!free) {
    if (paymentMethod !== "loop") throw new DomainError("PAYMENT_METHOD_REQUIRED");
    method = "loop";
    const priceUnits = centsToLoopUnits(BigInt(priceCents));
    const feeUnits = centsToLoopUnits(BigInt(feeCents));
    loopUnits = priceUnits + feeUnits;
    if (facts.availableUnits < loopUnits)
      throw new DomainError("INSUFFICIENT_BALANCE", { neededUnits: loopUnits, availableUnits: facts.availableUnits });

    const trade = { priceCents, buyerId, sellerId: loop.userId, onChain: false, loopId: loop.id };
    await awardXpMany(
      tx,
      [purchaseXpAward(trade), saleXpAward(trade)].filter((award): award is XpAward => award !== null),
    );
    try {
      const entry = await postPaymentInTx(tx, {
        idempotencyKey: purchaseKey(buyerId, loop.id, format),
        kind: "purchase",
        description: `${loop.title} (${format.toUpperCase()})`,
        buyerId,
        sellerId: loop.userId,
        price: priceUnits,
        fee: feeUnits,
      });
      // The key is per buyer, loop and format: an entry that existed means it was bought already.
      if (!entry.created) throw new DomainError("ALREADY_PURCHASED");
      ledgerEntryId = entry.id;
    } catch (error) {
      if (error instanceof InsufficientFunds) {
        const { available: now } = await userBalance(tx, buyerId);
        throw new DomainError("INSUFFICIENT_BALANCE", { neededUnits: loopUnits, availableUnits: now });
      }
      throw error;
    }
  }

  const recorded = await recordPurchaseInTx(tx, {
    loop,
    buyerId,
    format,
    priceCents,
    feeCents,
    method,
    loopUnits,
    ledgerEntryId,
    externalRef: null,
  });
  const token = signDownloadToken(signingKey, { loopId: loop.id, format, userId: buyerId, expiresAt: now + DOWNLOAD_LINK_TTL_MS });
  return { purchase: toPurchase(recorded, loop, `/api/downloads/${token}`), sellerId: loop.userId, buyerId };
}
