// POST /api/purchases (docs/product.md#paying-with-in-app-loop): a free loop, or a paid one with the in-app LOOP balance. The
// server is the authority on the price, the fee and the balance: the client sends only the loop,
// the format and how it pays. A paid purchase is one transaction: XP for both sides (awarded first,
// see award-xp.ts on lock order), one ledger entry (buyer → seller the price, buyer → fees the fee;
// promotional LOOP first, the seller credited promotional LOOP for that part: postPaymentInTx)
// keyed per buyer, loop and format, the purchase row, and a notification to each side; so it is
// recorded once whatever retries or double clicks happen (the second finds the row: 409). A paid
// purchase these rules allow is first tried as one statement (purchase-in-one-statement.ts), priced
// by the functions below; the transaction here answers everything else.
import { formatFeeCents, type Format } from "@loop/rules/fees";
import { DOWNLOAD_LINK_TTL_MS } from "@loop/rules/schemas/downloads";
import { type Purchase, type PurchaseMethod, type PurchaseRequest } from "@loop/rules/schemas/purchases";
import { centsToLoopUnits, parseUsd } from "@loop/rules/units";
import { Prisma, type Tx } from "../../db/prisma";
import { TX_DEFAULT, type WithAfterCommit } from "../../db/transactions";
import type { AppDeps } from "../../deps";
import { postPaymentInTx } from "../ledger/ledger-payments";
import { InsufficientFunds, userBalance } from "../ledger/ledger.service";
import { awardXpMany, grantedXpAwards, purchaseXpAward, saleXpAward, type XpAward } from "../levels/award-xp";
import { LOOP_FOR_SALE_COLUMNS, purchaseFacts, type PurchaseFacts } from "./purchase-facts";
import { UUID } from "../../http/uuid";
import { signDownloadToken } from "../downloads/download-token";
import { recordPurchaseInTx, toPurchase, type CompletedPurchase, type LoopForSale } from "./record-purchase";
import { sendPurchaseMails } from "./send-purchase-mails";
import { isReachable } from "../loops/loop-access";
import { DomainError } from "../../domain-error";

/**
 * The loop, locked until the purchase commits: against a concurrent price edit, and so that
 * purchases of one loop take turns (the purchase row's trigger updates the loop's count; a shared
 * lock upgraded by several buyers at once would deadlock). An in-app purchase reads it unlocked
 * (purchaseFacts).
 */
export async function loopForSale(tx: Tx, loopId: string): Promise<LoopForSale | null> {
  if (!UUID.test(loopId)) return null;
  const rows = await tx.$queryRaw<LoopForSale[]>`
    SELECT ${Prisma.raw(LOOP_FOR_SALE_COLUMNS)} FROM "app"."loops" l WHERE l."id" = ${loopId}::uuid FOR NO KEY UPDATE`;
  return rows[0] ?? null;
}

export const purchaseKey = (buyerId: string, loopId: string, format: Format) => `purchase:${buyerId}:${loopId}:${format}`;

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

/** A purchase as priced now, with the checks it passed (pricedPurchase). */
export interface PricedPurchase {
  loop: LoopForSale;
  method: PurchaseMethod;
  priceCents: number;
  feeCents: number;
  /** Paid in LOOP: the price and the fee in ledger units, and their sum; null for a free loop. */
  units: { price: bigint; fee: bigint; total: bigint } | null;
}

/**
 * Every check of an in-app purchase against its facts, in the order the answers take: the loop
 * (reachable, someone else's, not owned in this format), the total the page showed, how it pays and
 * the buyer's balance. Throws the refusal; otherwise the purchase as priced now, with the format's
 * fee in the platform settings now (the admin may change it; the page shows GET /api/config's).
 */
export function pricedPurchase(facts: PurchaseFacts | null, buyerId: string, input: PurchaseRequest): PricedPurchase {
  const { format, paymentMethod, expectedTotal } = input;
  if (!facts || !isReachable(facts.loop)) throw new DomainError("LOOP_NOT_FOUND");
  const { loop } = facts;
  if (loop.userId === buyerId) throw new DomainError("OWN_LOOP_PURCHASE");
  if (facts.owned) throw new DomainError("ALREADY_PURCHASED");
  const free = loop.isFree || loop.priceCents === 0;
  const priceCents = free ? 0 : loop.priceCents;
  const feeCents = free ? 0 : Number(formatFeeCents(BigInt(priceCents), format, facts.feeBps));
  // The page's total, when sent, must be the one charged: a price or fee changed since it was shown is refused.
  if (expectedTotal !== undefined && parseUsd(expectedTotal) !== BigInt(priceCents + feeCents)) throw new DomainError("PRICE_CHANGED");
  if (free) return { loop, method: "free", priceCents, feeCents, units: null };
  if (paymentMethod !== "loop") throw new DomainError("PAYMENT_METHOD_REQUIRED");
  const price = centsToLoopUnits(BigInt(priceCents));
  const fee = centsToLoopUnits(BigInt(feeCents));
  const total = price + fee;
  if (facts.availableUnits < total)
    throw new DomainError("INSUFFICIENT_BALANCE", { neededUnits: total, availableUnits: facts.availableUnits });
  return { loop, method: "loop", priceCents, feeCents, units: { price, fee, total } };
}

/** The XP a paid in-app purchase awards: the buyer's and the seller's (none below $1). */
export function purchaseXpAwards({ loop, priceCents }: PricedPurchase, buyerId: string): XpAward[] {
  const trade = { priceCents, buyerId, sellerId: loop.userId, onChain: false, loopId: loop.id };
  return grantedXpAwards([purchaseXpAward(trade), saleXpAward(trade)]);
}

/** The download link a purchase answers with, valid for DOWNLOAD_LINK_TTL_MS from `now`. */
export function purchaseDownloadUrl(signingKey: string, loopId: string, format: Format, buyerId: string, now = Date.now()): string {
  const token = signDownloadToken(signingKey, { loopId, format, userId: buyerId, expiresAt: now + DOWNLOAD_LINK_TTL_MS });
  return `/api/downloads/${token}`;
}

async function buyLoop(tx: Tx, buyerId: string, input: PurchaseRequest, signingKey: string): Promise<CompletedPurchase> {
  const { format } = input;
  // Not locked: a loop that sells to many buyers at once (a release) would have them take turns for
  // the whole purchase. The price is the one this transaction read, the one the buyer was shown
  // (expectedTotal); a price edit committed meanwhile applies to the next purchase.
  const priced = pricedPurchase(await purchaseFacts(tx, buyerId, input.loopId, format), buyerId, input);
  const { loop, units } = priced;
  let ledgerEntryId: string | null = null;

  if (units) {
    await awardXpMany(tx, purchaseXpAwards(priced, buyerId));
    try {
      const entry = await postPaymentInTx(tx, {
        idempotencyKey: purchaseKey(buyerId, loop.id, format),
        kind: "purchase",
        description: purchaseDescription(loop, format),
        buyerId,
        sellerId: loop.userId,
        price: units.price,
        fee: units.fee,
      });
      // The key is per buyer, loop and format: an entry that existed means it was bought already.
      if (!entry.created) throw new DomainError("ALREADY_PURCHASED");
      ledgerEntryId = entry.id;
    } catch (error) {
      if (error instanceof InsufficientFunds) {
        const { available: now } = await userBalance(tx, buyerId);
        throw new DomainError("INSUFFICIENT_BALANCE", { neededUnits: units.total, availableUnits: now });
      }
      throw error;
    }
  }

  const recorded = await recordPurchaseInTx(tx, {
    loop,
    buyerId,
    format,
    priceCents: priced.priceCents,
    feeCents: priced.feeCents,
    method: priced.method,
    loopUnits: units?.total ?? null,
    ledgerEntryId,
    externalRef: null,
  });
  return {
    purchase: toPurchase(recorded, loop, purchaseDownloadUrl(signingKey, loop.id, format, buyerId)),
    sellerId: loop.userId,
    buyerId,
  };
}

/** The ledger entry's description of a purchase. */
export const purchaseDescription = (loop: Pick<LoopForSale, "title">, format: Format) => `${loop.title} (${format.toUpperCase()})`;
