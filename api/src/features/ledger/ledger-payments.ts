// A loop paid with in-app LOOP (docs/product.md#ledger): one entry, promotional LOOP spent first
// and passed on as promotional LOOP, so a purchase never makes promotional LOOP withdrawable.
import type { Tx } from "../../db/prisma";
import { holdSelect, type Hold } from "./ledger-holds";
import {
  InsufficientFunds,
  lockAccounts,
  platformAccountId,
  postEntryInTx,
  promoAccountId,
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

/**
 * One entry for a paid loop: the buyer pays price + fee with promotional LOOP first, then
 * withdrawable LOOP; the seller is credited the promotional part (up to the price) as promotional
 * LOOP and the rest as withdrawable; the fee takes what is left of the promotional part, then
 * withdrawable LOOP. So a purchase never turns promotional LOOP into withdrawable LOOP, and
 * funnelling bonuses through purchases of a friend's loops gains nothing withdrawable.
 * Locks every account of the entry in id order first (as app.ledger_post does). InsufficientFunds
 * when the buyer's available LOOP (both accounts, plus the captured holds) falls short.
 */
export async function postPaymentInTx(tx: Tx, input: PaymentInput): Promise<PostedPayment> {
  const { price, fee } = input;
  if (price <= 0n || fee < 0n) throw new Error("ledger: a payment has a positive price and a fee of at least 0");
  const buyer = await userAccountId(tx, input.buyerId);
  const buyerPromo = await promoAccountId(tx, input.buyerId);
  const seller = await userAccountId(tx, input.sellerId);
  const sellerPromo = await promoAccountId(tx, input.sellerId);
  const fees = await platformAccountId(tx, "fees");
  await lockAccounts(tx, [buyer, buyerPromo, seller, sellerPromo, fees]);
  for (const holdId of input.holdIds ?? []) {
    const hold = (await tx.ledgerHold.findUniqueOrThrow({ where: { id: holdId }, select: holdSelect })) as Hold;
    if (hold.state !== "open") throw new Error(`ledger: hold ${holdId} is ${hold.state}`);
    if (hold.accountId !== buyer && hold.accountId !== buyerPromo) throw new Error(`ledger: hold ${holdId} is not the buyer's`);
    // Release the reservation first, then move the money (balance − held never dips below zero).
    await tx.ledgerHold.update({ where: { id: holdId }, data: { state: "captured", resolvedAt: new Date() } });
  }
  const rows = await tx.ledgerAccount.findMany({
    where: { id: { in: [buyer, buyerPromo] } },
    select: { id: true, balance: true, held: true },
  });
  const available = (id: string) => {
    const row = rows.find((account) => account.id === id)!;
    return row.balance - row.held;
  };
  const paid = spendingSplit(price + fee, available(buyerPromo));
  if (available(buyer) < paid.withdrawable) throw new InsufficientFunds(buyer);
  const sellerPromotional = paid.promotional < price ? paid.promotional : price;
  const postings: PostingInput[] = [
    { accountId: buyerPromo, amount: -paid.promotional },
    { accountId: buyer, amount: -paid.withdrawable },
    { accountId: sellerPromo, amount: sellerPromotional },
    { accountId: seller, amount: price - sellerPromotional },
    { accountId: fees, amount: fee },
  ].filter((posting) => posting.amount !== 0n);
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
