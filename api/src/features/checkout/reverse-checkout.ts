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
//
// Issue 35: the XP the sale earned its buyer and seller is taken back, with the level rewards that
// XP had reached, from promotional LOOP only (levels/revoke-xp.ts: one 'reward_reversal' entry per
// member, key xp-reversal:<checkout>:<user>); and a second chargeback (a dispute, not a refund) on a
// seller's sales suspends their withdrawals until an admin lifts it. Lock order: checkout, the
// buyer's and seller's rows (XP before the ledger), the proceeds' hold, then every account in id order.
import { CHARGEBACKS_TO_SUSPEND } from "@loop/rules/chargebacks";
import type { Format } from "@loop/rules/fees";
import { paths } from "@loop/rules/paths";
import { centsToLoopUnits, formatLoopBrief, formatUsd } from "@loop/rules/units";
import type { AppDeps } from "../../deps";
import type { Tx } from "../../db/prisma";
import { captureHoldIntoEntryInTx } from "../ledger/ledger-holds";
import { XP_EVENTS } from "../levels/award-xp";
import { revokeXpInTx, rewardAccountsToLock, takeBackLevelRewardsInTx, type RevokedXp, type TakenBackRewards } from "../levels/revoke-xp";
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

/**
 * Counts the seller's chargebacks (disputed payments of their sales, this one included: its checkout
 * is not marked yet) and suspends their withdrawals at CHARGEBACKS_TO_SUSPEND, unless they are
 * suspended already. True when this call suspended them. The seller's row is locked (revokeXpInTx).
 */
async function suspendAfterChargebacksInTx(tx: Tx, sellerId: string, now: Date): Promise<boolean> {
  const [earlier] = await tx.$queryRaw<{ n: number }[]>`
    SELECT COUNT(*)::int AS "n" FROM "app"."checkouts" c JOIN "app"."loops" l ON l."id" = c."loop_id"
    WHERE l."user_id" = ${sellerId}::uuid AND c."status" = 'reversed' AND c."reversal_reason" = 'dispute'`;
  if ((earlier?.n ?? 0) + 1 < CHARGEBACKS_TO_SUSPEND) return false;
  const changed = await tx.$executeRaw`
    UPDATE "app"."users" SET "withdrawals_suspended_at" = ${now} WHERE "id" = ${sellerId}::uuid AND "withdrawals_suspended_at" IS NULL`;
  return changed > 0;
}

/** " The 104 XP it earned were taken back (level 2 → 1), with 100 LOOP of level rewards." — or nothing. */
function xpTakenBackText(revoked: RevokedXp[], takenBack: TakenBackRewards[], userId: string): string {
  const xp = revoked.find((user) => user.userId === userId);
  if (!xp) return "";
  const units = takenBack.find((user) => user.userId === userId)?.units ?? 0n;
  const level = xp.levelAfter < xp.levelBefore ? ` (level ${xp.levelBefore} → ${xp.levelAfter})` : "";
  const rewards = units > 0n ? `, with ${formatLoopBrief(units)} LOOP of level rewards` : "";
  return ` The ${xp.xpRemoved} XP it earned ${xp.xpRemoved === 1 ? "was" : "were"} taken back${level}${rewards}.`;
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
  const buyerId = checkout.buyerId;

  // XP before the ledger (award-xp.ts): the buyer's and the seller's rows are locked here, and the
  // XP this sale earned is taken back, unless another purchase of the loop by the buyer still stands
  // (the XP is once per buyer and loop, whichever purchase earned it).
  const standing = await tx.purchase.count({
    where: { buyerId, loopId: purchase.loop.id, id: { not: purchase.id }, refundedAt: null, priceCents: { gt: 0 } },
  });
  const revoked = await revokeXpInTx(
    tx,
    [buyerId, sellerId],
    standing > 0
      ? []
      : [
          { userId: buyerId, event: XP_EVENTS.purchase, key: purchase.loop.id },
          { userId: sellerId, event: XP_EVENTS.sale, key: `${purchase.loop.id}:${buyerId}` },
        ],
  );
  // A second chargeback on the seller's sales suspends their withdrawals until an admin lifts it.
  const suspended = reversal.reason === "dispute" ? await suspendAfterChargebacksInTx(tx, sellerId, now) : false;

  const priceUnits = centsToLoopUnits(BigInt(checkout.priceCents));
  const feeUnits = centsToLoopUnits(BigInt(checkout.feeCents));
  const [clearing, fees, sellerAccount] = await Promise.all([
    platformAccountId(tx, "clearing"),
    platformAccountId(tx, "fees"),
    userAccountId(tx, sellerId),
  ]);
  const rewardAccounts = await rewardAccountsToLock(tx, revoked);

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
  const postings: PostingInput[] = [
    { accountId: inHold ? sellerAccount : await platformAccountId(tx, "chargeback_losses"), amount: -priceUnits },
    ...feePosting,
    clearingPosting,
  ];
  // Every account of the transaction's entries (the reversal, the level rewards taken back) locked in
  // id order up front (the capture locks the seller's first).
  const ids = [...new Set([...postings.map((posting) => posting.accountId!), ...rewardAccounts])].sort();
  await tx.$queryRaw`SELECT "id" FROM "app"."ledger_accounts" WHERE "id" = ANY(${ids}::uuid[]) ORDER BY "id" FOR UPDATE`;
  if (inHold) {
    const hold = await captureHoldIntoEntryInTx(tx, checkout.proceedsHoldId!, {
      idempotencyKey: `reversal:${checkoutId}`,
      kind: "sale_reversal",
      description,
      postings,
    });
    entryId = hold.entryId!;
  } else {
    const entry = await postEntryInTx(tx, {
      idempotencyKey: `reversal:${checkoutId}`,
      kind: "chargeback_loss",
      description: `${description}, after the seller's proceeds became available`,
      postings,
    });
    entryId = entry.id;
  }
  const takenBack = await takeBackLevelRewardsInTx(tx, revoked, checkoutId, description);
  const xpNote = (userId: string) => xpTakenBackText(revoked, takenBack, userId);

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
    message: `Your ${payment} for ${item} was ${how}, so the purchase was cancelled: it is no longer in your library.${xpNote(checkout.buyerId)}`,
    actionUrl: paths.loop(purchase.loop.id),
    actionText: "Open",
  });
  await createNotificationInTx(tx, {
    userId: sellerId,
    type: "warning",
    title: "Sale Reversed",
    message:
      (inHold
        ? `The buyer's ${payment} for ${item} was ${how}. The sale was cancelled and its ${formatLoopBrief(priceUnits)} LOOP, still pending, were taken back.`
        : `The buyer's ${payment} for ${item} was ${how} after the sale's ${formatLoopBrief(priceUnits)} LOOP became available. You keep them (the platform bears the loss); the buyer no longer has the loop.`) +
      xpNote(sellerId),
    actionUrl: paths.tokens(),
    actionText: "View balance",
  });
  if (suspended) {
    await createNotificationInTx(tx, {
      userId: sellerId,
      type: "error",
      title: "Withdrawals Suspended",
      message: `A second card or PayPal payment for your sales was disputed (${item}), so your withdrawals are paused until an admin has reviewed your account. Your balance is safe, and you can still buy and sell loops.`,
      actionUrl: paths.tokens(),
      actionText: "View balance",
    });
  }
  return { status: inHold ? "returned" : "loss", checkoutId };
}

/** Applies a reported refund or chargeback once (see above); the catalog refresh follows the commit. */
export async function reverseCheckout(
  deps: Pick<AppDeps, "prisma">,
  reversal: ReportedReversal,
  now: Date = new Date(),
): Promise<ReversalOutcome> {
  const outcome = await deps.prisma.$transaction((tx) => reverseInTx(tx, reversal, now), TX_DEFAULT);
  if (outcome.status === "returned" || outcome.status === "loss") catalogChanged(deps.prisma);
  return outcome;
}
