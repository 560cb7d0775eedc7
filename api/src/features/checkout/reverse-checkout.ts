// A card or PayPal payment taken back after the sale (issue 17): a Stripe dispute (chargeback) or
// refund, a PayPal reversal or refund, reported by the provider's signed webhook. The purchase is
// revoked (no longer owned: no new download links, the buyer may buy again), and the LOOP moves in
// one entry keyed `reversal:<checkout>`:
//
//   at the sale:         clearing −(price + fee)   seller +price   fees +fee   (seller's price held)
//   inside the hold:     seller −price (the held proceeds)   fees −fee   clearing +(price + fee)
//   after the hold:      chargeback_losses −price            fees −fee   clearing +(price + fee)
//
// `clearing` is where the buyer's fiat entered the ledger at the sale, so a reversal puts it back
// there: the money left with the buyer. The fee is never the platform's earning once the sale is
// undone. Inside the hold the seller gives back the proceeds they could not spend yet; after it
// they may have spent them, so the platform bears the price in `chargeback_losses` and the seller
// keeps the LOOP. The checkout row is locked first, so a replayed event, a dispute followed by a
// refund of the same payment, and the release job (which skips a locked hold) take turns: the
// second finds the checkout reversed and changes nothing.
import type { Format } from "@loop/rules/fees";
import { paths } from "@loop/rules/paths";
import { centsToLoopUnits, formatLoopBrief, formatUsd } from "@loop/rules/units";
import type { AppDeps } from "../../deps";
import type { Tx } from "../../db/prisma";
import { captureHoldIntoEntryInTx } from "../ledger/ledger-holds";
import { platformAccountId, postEntryInTx, userAccountId, type PostingInput } from "../ledger/ledger.service";
import { catalogChanged } from "../loops/catalog-cache";
import { createNotificationInTx } from "../notifications/create-notification";
import { TX_DEFAULT } from "../../db/transactions";

export interface ReportedReversal {
  provider: "stripe" | "paypal";
  /** The payment as the provider names it: the Stripe charge or PayPal capture id (the checkout's paymentRef)… */
  paymentRef: string | null;
  /** …and/or the Stripe PaymentIntent or PayPal order id (the checkout's providerRef). */
  providerRef: string | null;
  reason: "refund" | "dispute";
  /** The provider's id of the dispute or refund. */
  reference: string;
  /** For a refund: how much of the payment has been refunded so far, in cents (less than the total changes nothing). */
  refundedCents?: bigint;
}

export type ReversalOutcome =
  /** Inside the hold: the held proceeds and the fee went back. */
  | { status: "returned"; checkoutId: string }
  /** After the hold: the platform's loss. */
  | { status: "loss"; checkoutId: string }
  /** Reversed before (a replay, or the dispute's refund): nothing changed. */
  | { status: "already_reversed"; checkoutId: string }
  /** Not recorded yet: the checkout is closed as refunded, so it never will be. */
  | { status: "closed"; checkoutId: string }
  /** Nothing was recorded for it (e.g. our own refund of a second payment): nothing to do. */
  | { status: "nothing_recorded"; checkoutId: string }
  /** A partial refund: the purchase stands (the platform chose to give part back). */
  | { status: "partial"; checkoutId: string }
  | { status: "unknown_payment" };

const PROVIDER_NAME = { stripe: "card", paypal: "PayPal" } as const;

async function findCheckout(tx: Tx, reversal: ReportedReversal) {
  const refs = [
    ...(reversal.paymentRef ? [{ paymentRef: reversal.paymentRef }] : []),
    ...(reversal.providerRef ? [{ providerRef: reversal.providerRef }] : []),
  ];
  if (refs.length === 0) return null;
  const found = await tx.checkout.findFirst({
    where: { provider: reversal.provider, OR: refs },
    select: { id: true },
    orderBy: { createdAt: "asc" },
  });
  if (!found) return null;
  await tx.$queryRaw`SELECT "id" FROM "app"."checkouts" WHERE "id" = ${found.id}::uuid FOR UPDATE`;
  return tx.checkout.findUniqueOrThrow({ where: { id: found.id } });
}

async function reverseInTx(tx: Tx, reversal: ReportedReversal, now: Date): Promise<ReversalOutcome> {
  const checkout = await findCheckout(tx, reversal);
  if (!checkout) return { status: "unknown_payment" };
  const checkoutId = checkout.id;
  const totalCents = BigInt(checkout.priceCents + checkout.feeCents);
  if (reversal.reason === "refund" && reversal.refundedCents !== undefined && reversal.refundedCents < totalCents)
    return { status: "partial", checkoutId };
  if (checkout.status === "reversed") return { status: "already_reversed", checkoutId };
  if (checkout.status === "refunded") return { status: "nothing_recorded", checkoutId };
  const what = `${reversal.reason} ${reversal.reference}`;
  if (checkout.status !== "completed") {
    // The money went back before the purchase was recorded (e.g. a capture still pending review):
    // the checkout is closed, so a later "completed" report records nothing.
    await tx.checkout.update({
      where: { id: checkoutId },
      data: { status: "refunded", failureReason: `${reversal.provider} reported a ${what} before the purchase was recorded` },
    });
    return { status: "closed", checkoutId };
  }

  const purchase = await tx.purchase.findUniqueOrThrow({
    where: { id: checkout.purchaseId! },
    select: { id: true, refundedAt: true, loop: { select: { id: true, title: true, userId: true } } },
  });
  const sellerId = purchase.loop.userId;
  const priceUnits = centsToLoopUnits(BigInt(checkout.priceCents));
  const feeUnits = centsToLoopUnits(BigInt(checkout.feeCents));
  const [clearing, fees, sellerAccount] = await Promise.all([
    platformAccountId(tx, "clearing"),
    platformAccountId(tx, "fees"),
    userAccountId(tx, sellerId),
  ]);

  // The hold row before the accounts (the release job's order): whether it is still open decides.
  const holds = checkout.proceedsHoldId
    ? await tx.$queryRaw<
        { state: string }[]
      >`SELECT "state" FROM "app"."ledger_holds" WHERE "id" = ${checkout.proceedsHoldId}::uuid FOR UPDATE`
    : [];
  const inHold = holds[0]?.state === "open";
  const description = `${purchase.loop.title} (${checkout.format.toUpperCase()}): ${PROVIDER_NAME[reversal.provider]} payment ${reversal.reason === "dispute" ? "disputed" : "refunded"} (${reversal.reference})`;
  const feePosting: PostingInput[] = feeUnits > 0n ? [{ accountId: fees, amount: -feeUnits }] : [];
  const clearingPosting: PostingInput = { accountId: clearing, amount: priceUnits + feeUnits };
  let entryId: string;
  if (inHold) {
    const losses: PostingInput[] = [{ accountId: sellerAccount, amount: -priceUnits }, ...feePosting, clearingPosting];
    // Every account of the entry locked in id order up front (the capture locks the seller's first).
    const ids = [...new Set(losses.map((posting) => posting.accountId!))].sort();
    await tx.$queryRaw`SELECT "id" FROM "app"."ledger_accounts" WHERE "id" = ANY(${ids}::uuid[]) ORDER BY "id" FOR UPDATE`;
    const hold = await captureHoldIntoEntryInTx(tx, checkout.proceedsHoldId!, {
      idempotencyKey: `reversal:${checkoutId}`,
      kind: "sale_reversal",
      description,
      postings: losses,
    });
    entryId = hold.entryId!;
  } else {
    const chargebackLosses = await platformAccountId(tx, "chargeback_losses");
    const entry = await postEntryInTx(tx, {
      idempotencyKey: `reversal:${checkoutId}`,
      kind: "chargeback_loss",
      description: `${description}, after the seller's proceeds became available`,
      postings: [{ accountId: chargebackLosses, amount: -priceUnits }, ...feePosting, clearingPosting],
    });
    entryId = entry.id;
  }

  const reference = `${reversal.provider}:${reversal.reference}`;
  if (!purchase.refundedAt) await tx.purchase.update({ where: { id: purchase.id }, data: { refundedAt: now, refundRef: reference } });
  await tx.checkout.update({
    where: { id: checkoutId },
    data: {
      status: "reversed",
      reversedAt: now,
      reversalRef: reversal.reference,
      reversalReason: reversal.reason,
      reversalOutcome: inHold ? "returned" : "loss",
      reversalEntryId: entryId,
    },
  });

  const item = `${purchase.loop.title} (${(checkout.format as Format).toUpperCase()})`;
  const how = reversal.reason === "dispute" ? "disputed" : "refunded";
  const payment = `${PROVIDER_NAME[reversal.provider]} payment of $${formatUsd(totalCents)}`;
  await createNotificationInTx(tx, {
    userId: checkout.buyerId,
    type: "warning",
    title: "Purchase Cancelled",
    message: `Your ${payment} for ${item} was ${how}, so the purchase was cancelled: it is no longer in your library.`,
    actionUrl: paths.userProfile(sellerId),
    actionText: "Open",
  });
  await createNotificationInTx(tx, {
    userId: sellerId,
    type: "warning",
    title: "Sale Reversed",
    message: inHold
      ? `The buyer's ${payment} for ${item} was ${how}. The sale was cancelled and its ${formatLoopBrief(priceUnits)} LOOP, still pending, were taken back.`
      : `The buyer's ${payment} for ${item} was ${how} after the sale's ${formatLoopBrief(priceUnits)} LOOP became available. You keep them (the platform bears the loss); the buyer no longer has the loop.`,
    actionUrl: paths.tokens(),
    actionText: "View balance",
  });
  return { status: inHold ? "returned" : "loss", checkoutId };
}

/** Applies a reported refund or chargeback once (see above); the catalog refresh follows the commit. */
export async function reverseCheckout(deps: AppDeps, reversal: ReportedReversal, now: Date = new Date()): Promise<ReversalOutcome> {
  const outcome = await deps.prisma.$transaction((tx) => reverseInTx(tx, reversal, now), TX_DEFAULT);
  if (outcome.status === "returned" || outcome.status === "loss") catalogChanged(deps.prisma);
  return outcome;
}
