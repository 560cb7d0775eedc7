// A loop paid with in-app LOOP (docs/product.md#ledger): one entry, promotional LOOP spent first
// and passed on as promotional LOOP, so a purchase never makes promotional LOOP withdrawable.
import type { Tx } from "../../db/prisma";
import { holdSelect, type Hold } from "./ledger-holds";
import {
  InsufficientFunds,
  postEntryInTx,
  promoAccountId,
  shardOf,
  spendingSplit,
  userAccountId,
  type EntryKind,
  type PostedEntry,
  type PostingInput,
} from "./ledger.service";

/** A buyer paying a seller for a loop, the platform its fee (see postPaymentInTx). */
export interface PaymentInput {
  idempotencyKey: string;
  kind: EntryKind;
  description?: string | null;
  buyerId: string;
  sellerId: string;
  /** What the seller gets, in ledger units (> 0). */
  price: bigint;
  /** What the platform gets into `fees`, in ledger units (≥ 0). */
  fee: bigint;
  /** The buyer's open holds this payment captures (an accepted offer's): they stop reserving and point at the entry. */
  holdIds?: string[];
}

export interface PostedPayment extends PostedEntry {
  /** The promotional LOOP the buyer paid (the seller got up to the price of it as promotional LOOP). */
  promotional: bigint;
}

interface PaymentAccountRow {
  id: string;
  kind: string;
  user_id: string | null;
  balance: bigint;
  held: bigint;
}

interface PaymentAccounts {
  buyer: string;
  buyerPromo: string;
  seller: string;
  sellerPromo: string;
  fees: string;
  rows: PaymentAccountRow[];
}

/**
 * The buyer's and the seller's two accounts and the buyer's shard of fees, found and locked in id order (the
 * ledger's one order) in one statement. Members get their accounts at sign-up (app.ledger_welcome);
 * one made otherwise gets them here first, once.
 */
async function lockPaymentAccounts(tx: Tx, buyerId: string, sellerId: string): Promise<PaymentAccounts> {
  const shard = shardOf(buyerId);
  for (let attempt = 1; ; attempt += 1) {
    const rows = await tx.$queryRaw<PaymentAccountRow[]>`
      SELECT a."id"::text AS id, a."kind", a."user_id"::text AS user_id, a."balance", a."held" FROM "app"."ledger_accounts" a
      WHERE (a."user_id" IN (${buyerId}::uuid, ${sellerId}::uuid) AND a."kind" IN ('user', 'user_promo'))
         OR a."id" = "app"."ledger_platform_account"('fees', ${shard}::int)
      ORDER BY a."id" FOR UPDATE`;
    const find = (userId: string | null, kind: string) => rows.find((row) => row.user_id === userId && row.kind === kind)?.id;
    const accounts = {
      buyer: find(buyerId, "user"),
      buyerPromo: find(buyerId, "user_promo"),
      seller: find(sellerId, "user"),
      sellerPromo: find(sellerId, "user_promo"),
      fees: find(null, "fees"),
    };
    const { buyer, buyerPromo, seller, sellerPromo, fees } = accounts;
    if (buyer && buyerPromo && seller && sellerPromo && fees) return { buyer, buyerPromo, seller, sellerPromo, fees, rows };
    if (attempt === 2 || !fees) throw new Error("ledger: a payment's accounts could not be found");
    for (const userId of [buyerId, sellerId]) {
      await userAccountId(tx, userId);
      await promoAccountId(tx, userId);
    }
  }
}

/** A payment's postings (see postPaymentInTx) as amounts of its accounts, in the order app.purchase_in_app takes them. */
export interface PaymentAmounts {
  /** The buyer's promotional LOOP spent. */
  promotional: bigint;
  /** The buyer's withdrawable LOOP spent. */
  withdrawable: bigint;
  amounts: [buyerPromo: bigint, buyer: bigint, sellerPromo: bigint, seller: bigint, fees: bigint];
}

/**
 * How a buyer with `promoAvailable` promotional LOOP pays `price` to the seller and `fee` to the
 * platform: promotional LOOP first, the seller credited the promotional part up to the price as
 * promotional LOOP (see postPaymentInTx).
 */
export function paymentAmounts(price: bigint, fee: bigint, promoAvailable: bigint): PaymentAmounts {
  const paid = spendingSplit(price + fee, promoAvailable);
  const sellerPromotional = paid.promotional < price ? paid.promotional : price;
  return {
    ...paid,
    amounts: [-paid.promotional, -paid.withdrawable, sellerPromotional, price - sellerPromotional, fee],
  };
}

/**
 * One entry for a paid loop: the buyer pays price + fee with promotional LOOP first, then
 * withdrawable LOOP; the seller is credited the promotional part (up to the price) as promotional
 * LOOP and the rest as withdrawable; the fee takes what is left of the promotional part, then
 * withdrawable LOOP. So a purchase never turns promotional LOOP into withdrawable LOOP, and
 * funnelling bonuses through purchases of a friend's loops gains nothing withdrawable.
 * Locks every account of the entry in id order first (as app.ledger_post does), a shard of fees among
 * them. InsufficientFunds
 * when the buyer's available LOOP (both accounts, plus the captured holds) falls short.
 */
export async function postPaymentInTx(tx: Tx, input: PaymentInput): Promise<PostedPayment> {
  const { price, fee } = input;
  if (price <= 0n || fee < 0n) throw new Error("ledger: a payment has a positive price and a fee of at least 0");
  const locked = await lockPaymentAccounts(tx, input.buyerId, input.sellerId);
  const { buyer, buyerPromo, seller, sellerPromo, fees } = locked;
  for (const holdId of input.holdIds ?? []) {
    const hold = (await tx.ledgerHold.findUniqueOrThrow({ where: { id: holdId }, select: holdSelect })) as Hold;
    if (hold.state !== "open") throw new Error(`ledger: hold ${holdId} is ${hold.state}`);
    if (hold.accountId !== buyer && hold.accountId !== buyerPromo) throw new Error(`ledger: hold ${holdId} is not the buyer's`);
    // Release the reservation first, then move the money (balance − held never dips below zero).
    await tx.ledgerHold.update({ where: { id: holdId }, data: { state: "captured", resolvedAt: new Date() } });
  }
  // Capturing a hold changed the buyer's `held` (a trigger): read again after it.
  const rows =
    (input.holdIds ?? []).length === 0
      ? locked.rows
      : await tx.ledgerAccount.findMany({ where: { id: { in: [buyer, buyerPromo] } }, select: { id: true, balance: true, held: true } });
  const available = (id: string) => {
    const row = rows.find((account) => account.id === id)!;
    return row.balance - row.held;
  };
  const paid = paymentAmounts(price, fee, available(buyerPromo));
  if (available(buyer) < paid.withdrawable) throw new InsufficientFunds(buyer);
  const postings: PostingInput[] = [buyerPromo, buyer, sellerPromo, seller, fees]
    .map((accountId, i) => ({ accountId, amount: paid.amounts[i]! }))
    .filter((posting) => posting.amount !== 0n);
  const entry = await postEntryInTx(tx, {
    idempotencyKey: input.idempotencyKey,
    kind: input.kind,
    description: input.description,
    postings,
  });
  if (entry.created) {
    for (const holdId of input.holdIds ?? []) await tx.ledgerHold.update({ where: { id: holdId }, data: { entryId: entry.id } });
  }
  return { ...entry, promotional: paid.promotional };
}
