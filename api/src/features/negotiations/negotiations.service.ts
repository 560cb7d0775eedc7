// Offers (docs/product.md#offers). Every change runs in one transaction with the offer's row locked and its
// version bumped: the seller's answer, the buyer's answer or withdrawal, and the expiry job race for
// that lock, so one wins and the others find the offer changed (409). The buyer's offer plus its
// format fee is held from the in-app balance while the offer is open (promotional LOOP first, on the
// buyer's promotional account, the rest on the withdrawable one: two holds); accept captures the
// holds into the sale (buyer → seller the agreed amount, buyer → fees the fee, promotional LOOP
// paying the seller promotional LOOP: postPaymentInTx) and records the purchase in the same
// transaction; reject, withdrawal and expiry release them. XP (issue 18): the seller's answer earns
// XP only when the offer ends in a paid sale (accept or counter, awarded at the sale;
// a reject never), and offer actions earn XP from one counterpart at most once in 24 hours.
import { formatFeeCents, type Format } from "@loop/rules/fees";
import { paths } from "@loop/rules/paths";
import {
  NEGOTIATION_MESSAGES,
  type createNegotiationSchema,
  type Negotiation,
  type NEGOTIATION_SCOPES,
  type respondNegotiationSchema,
} from "@loop/rules/schemas/negotiations";
import { insufficientLoopMessage } from "@loop/rules/schemas/purchases";
import { centsToLoopUnits, formatLoopBrief, formatUsd, ledgerUnitsToWei, parseUsd } from "@loop/rules/units";
import type { z } from "zod";
import type { AppDeps } from "../../deps";
import { isUniqueViolation, type PrismaClient, type Tx } from "../../db/prisma";
import { BadRequest, Conflict, Forbidden, NotFound } from "../../http/errors";
import { catalogChanged } from "../loops/catalog-cache";
import { LOOP_NOT_FOUND } from "../loops/catalog.service";
import { UUID } from "../../http/uuid";
import { placeSpendingHoldsInTx, releaseHoldInTx, type SpendingHolds } from "../ledger/ledger-holds";
import { postPaymentInTx } from "../ledger/ledger-payments";
import { InsufficientFunds, userBalance } from "../ledger/ledger.service";
import { awardXpMany, offerAnswerXpAward, offerCreatedXpAward, purchaseXpAward, saleXpAward, type XpAward } from "../levels/award-xp";
import { createNotificationInTx } from "../notifications/create-notification";
import { settingsInUse } from "../platform-settings/platform-settings.service";
import { downloadSigningKey } from "../downloads/signing-secret";
import { loopForSale } from "../purchases/purchases.service";
import { ownedPurchase, recordPurchaseInTx, toPurchase, type CompletedPurchase } from "../purchases/record-purchase";
import { sendPurchaseMails } from "../purchases/send-purchase-mails";
import { agreedCents, NEGOTIATION_INCLUDE, toNegotiation, type NegotiationRow } from "./negotiation-view";
import { settleOfferOnChain } from "./offer-escrow";
import { TX_DEFAULT } from "../../db/transactions";

const present = (amount: string | null) => `$${amount}`;
const xpAwards = (awards: (XpAward | null)[]) => awards.filter((award): award is XpAward => award !== null);

/** The LOOP an amount in cents costs the buyer with the offer's format fee, in ledger units. */
function heldUnits(cents: number, format: Format, feeBps: bigint): bigint {
  return centsToLoopUnits(BigInt(cents) + formatFeeCents(BigInt(cents), format, feeBps));
}

async function insufficient(tx: Tx, buyerId: string, needed: bigint): Promise<BadRequest> {
  const { available } = await userBalance(tx, buyerId);
  return new BadRequest(insufficientLoopMessage(formatLoopBrief(needed), formatLoopBrief(available)));
}

/** The loop (locked) an offer of `offerCents` by `buyerId` may be made on; the refusals of the spec otherwise. */
export async function offerableLoop(tx: Tx, buyerId: string, loopId: string, format: Format, offerCents: number) {
  const loop = UUID.test(loopId) ? await loopForSale(tx, loopId) : null;
  if (!loop || loop.status !== "ready" || !loop.isPublic) throw new NotFound(LOOP_NOT_FOUND);
  if (loop.userId === buyerId) throw new BadRequest(NEGOTIATION_MESSAGES.ownLoop);
  if (loop.isFree || loop.priceCents === 0) throw new BadRequest(NEGOTIATION_MESSAGES.free);
  if (offerCents >= loop.priceCents) throw new BadRequest(NEGOTIATION_MESSAGES.notBelowPrice);
  if (await ownedPurchase(tx, buyerId, loop.id, format)) throw new Conflict(NEGOTIATION_MESSAGES.alreadyPurchased);
  const open = await tx.negotiation.findFirst({
    where: { buyerId, loopId: loop.id, status: { in: ["pending", "counter"] } },
    select: { id: true },
  });
  if (open) throw new Conflict(NEGOTIATION_MESSAGES.openOffer);
  return loop;
}

/** POST /api/negotiations */
export async function createNegotiation(
  deps: AppDeps,
  buyerId: string,
  { loopId, format, offerAmount, message }: z.output<typeof createNegotiationSchema>,
  now = new Date(),
): Promise<Negotiation> {
  const offerCents = Number(parseUsd(offerAmount));
  if (!UUID.test(loopId)) throw new NotFound(LOOP_NOT_FOUND);
  return deps.prisma.$transaction(async (tx) => {
    // The loop row is locked as every purchase locks it: an offer and a purchase of it take turns.
    const loop = await offerableLoop(tx, buyerId, loopId, format, offerCents);

    // The fee and expiry in the platform settings now; the offer keeps its fee until it closes.
    const settings = await settingsInUse(tx);
    const feeBps = settings.feeBps[format];
    const units = heldUnits(offerCents, format, feeBps);
    // XP before the hold: award-xp.ts locks users, then accounts (the lock order of every money path).
    await awardXpMany(
      tx,
      xpAwards([offerCreatedXpAward({ priceCents: loop.priceCents, buyerId, sellerId: loop.userId, loopId: loop.id })]),
    );
    let holds: SpendingHolds;
    try {
      holds = await placeSpendingHoldsInTx(tx, buyerId, units, `offer on ${loop.title} (${format.toUpperCase()})`);
    } catch (error) {
      if (error instanceof InsufficientFunds) throw await insufficient(tx, buyerId, units);
      throw error;
    }
    let row: NegotiationRow;
    try {
      row = await tx.negotiation.create({
        data: {
          loopId: loop.id,
          buyerId,
          sellerId: loop.userId,
          format,
          offerCents,
          feeBps: Number(feeBps),
          message,
          holdId: holds.holdId,
          promoHoldId: holds.promoHoldId,
          expiresAt: new Date(now.getTime() + settings.offerExpiryMs),
        },
        include: NEGOTIATION_INCLUDE,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(NEGOTIATION_MESSAGES.openOffer);
      throw error;
    }
    await createNotificationInTx(tx, {
      userId: loop.userId,
      type: "info",
      title: "New Offer",
      message: `${row.buyer.username} offers ${present(formatUsd(BigInt(offerCents)))} for ${loop.title} (${format.toUpperCase()}).`,
      actionUrl: paths.negotiations(),
      actionText: "Answer",
    });
    return toNegotiation(row);
  }, TX_DEFAULT);
}

/** GET /api/negotiations?scope=sent|received: newest first. */
export async function listNegotiations(
  prisma: PrismaClient,
  userId: string,
  scope: (typeof NEGOTIATION_SCOPES)[number],
): Promise<Negotiation[]> {
  const rows = await prisma.negotiation.findMany({
    where: scope === "sent" ? { buyerId: userId } : { sellerId: userId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: 200,
    include: NEGOTIATION_INCLUDE,
  });
  return rows.map(toNegotiation);
}

export async function lockNegotiation(tx: Tx, id: string): Promise<NegotiationRow | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT "id"::text FROM "app"."negotiations" WHERE "id" = ${id}::uuid FOR UPDATE`;
  if (!rows[0]) return null;
  return tx.negotiation.findUniqueOrThrow({ where: { id }, include: NEGOTIATION_INCLUDE });
}

interface Outcome {
  negotiation: Negotiation;
  /** Set when the answer completed the sale: its e-mails follow the commit. */
  sold: CompletedPurchase | null;
  /** A wallet-funded offer's answer for the operator to carry out on chain after the commit. */
  onChain?: { chainId: number; offerId: bigint; accepted: boolean; amountWei: bigint };
}

/** A wallet offer's answer: marked as settling (further answers get 409) until OfferSettled is indexed. */
async function markSettlingInTx(
  tx: Tx,
  row: NegotiationRow,
  action: "accept" | "reject" | "withdraw",
  bySeller: boolean,
  message: string | null,
): Promise<Outcome> {
  const updated = await tx.negotiation.update({
    where: { id: row.id },
    data: { settling: action, version: { increment: 1 }, ...(bySeller ? { responseMessage: message } : {}) },
    include: NEGOTIATION_INCLUDE,
  });
  const amountCents = BigInt(row.offerCents);
  return {
    negotiation: toNegotiation(updated),
    sold: null,
    onChain: {
      chainId: row.chainId!,
      offerId: BigInt(row.chainOfferId!),
      accepted: action === "accept",
      amountWei: ledgerUnitsToWei(centsToLoopUnits(amountCents)),
    },
  };
}

/** PUT /api/negotiations/:id/respond */
export async function respondToNegotiation(
  deps: AppDeps,
  userId: string,
  id: string,
  { action, counterOffer, message, version }: z.output<typeof respondNegotiationSchema>,
  now = new Date(),
): Promise<Negotiation> {
  if (!UUID.test(id)) throw new NotFound(NEGOTIATION_MESSAGES.notFound);
  const outcome = await deps.prisma.$transaction(async (tx): Promise<Outcome> => {
    const row = await lockNegotiation(tx, id);
    // Someone else's offer is answered like one that does not exist.
    if (!row || (row.buyerId !== userId && row.sellerId !== userId)) throw new NotFound(NEGOTIATION_MESSAGES.notFound);
    if (version !== undefined && version !== row.version) throw new Conflict(NEGOTIATION_MESSAGES.changed);
    if ((row.status !== "pending" && row.status !== "counter") || row.expiresAt <= now) throw new Conflict(NEGOTIATION_MESSAGES.closed);
    const isSeller = row.sellerId === userId;
    const allowed = isSeller
      ? row.status === "pending" && action !== "withdraw"
      : row.status === "counter"
        ? action === "accept" || action === "reject"
        : action === "withdraw";
    if (!allowed) throw new Forbidden(NEGOTIATION_MESSAGES.notYours);
    if (row.settling) throw new Conflict(NEGOTIATION_MESSAGES.settling);
    if (row.funding === "wallet" && action !== "counter") {
      // The buyer accepts a counter by raising the escrowed offer to it (OfferChanged settles it).
      if (action === "accept" && !isSeller) throw new Conflict(NEGOTIATION_MESSAGES.walletCounter);
      return markSettlingInTx(tx, row, action, isSeller, message);
    }

    if (action === "accept") return acceptInTx(tx, row, isSeller, message);
    if (action === "counter") return { negotiation: await counterInTx(tx, row, counterOffer!, message, now), sold: null };
    return { negotiation: await closeInTx(tx, row, action === "withdraw" ? "withdrawn" : "rejected", isSeller, message), sold: null };
  }, TX_DEFAULT);
  if (outcome.onChain) {
    const { chainId, offerId, accepted, amountWei } = outcome.onChain;
    try {
      const hash = await settleOfferOnChain(deps, chainId, offerId, accepted, amountWei);
      const row = await deps.prisma.negotiation.update({
        where: { id },
        data: { settleTx: hash.toLowerCase() },
        include: NEGOTIATION_INCLUDE,
      });
      return toNegotiation(row);
    } catch (error) {
      // Not carried out: the offer can be answered again.
      await deps.prisma.negotiation.updateMany({
        where: { id, settling: { not: null }, status: { in: ["pending", "counter"] } },
        data: { settling: null, version: { increment: 1 } },
      });
      throw error;
    }
  }
  if (outcome.sold) {
    catalogChanged(deps.prisma);
    const key = await downloadSigningKey(deps.prisma, deps.config)();
    void sendPurchaseMails(deps, key, outcome.sold);
  }
  return outcome.negotiation;
}

/** Releases an open offer's holds (its promotional and withdrawable parts). */
export async function releaseOfferHoldsInTx(tx: Tx, row: Pick<NegotiationRow, "holdId" | "promoHoldId">): Promise<void> {
  if (row.promoHoldId) await releaseHoldInTx(tx, row.promoHoldId);
  if (row.holdId) await releaseHoldInTx(tx, row.holdId);
}

/** What an open offer holds, both parts together (ledger units). */
const heldForOffer = (row: NegotiationRow) => (row.hold?.amount ?? 0n) + (row.promoHold?.amount ?? 0n);

// The counter earns its XP only if the buyer accepts it (a paid sale: see acceptInTx).
async function counterInTx(tx: Tx, row: NegotiationRow, amount: string, message: string | null, now: Date): Promise<Negotiation> {
  const counterCents = Number(parseUsd(amount));
  if (counterCents === row.offerCents) throw new BadRequest(NEGOTIATION_MESSAGES.counterSame);
  // The buyer gets the offer expiry of the platform settings to answer a counter, as a new offer would.
  const { offerExpiryMs } = await settingsInUse(tx);
  const updated = await tx.negotiation.update({
    where: { id: row.id },
    data: {
      status: "counter",
      counterCents,
      responseMessage: message,
      version: { increment: 1 },
      expiresAt: new Date(now.getTime() + offerExpiryMs),
    },
    include: NEGOTIATION_INCLUDE,
  });
  await createNotificationInTx(tx, {
    userId: row.buyerId,
    type: "info",
    title: "Counter Offer",
    message: `${row.loop.user.username} counters your offer on ${row.loop.title} with ${present(formatUsd(BigInt(counterCents)))}.`,
    actionUrl: paths.negotiations(),
    actionText: "Answer",
  });
  return toNegotiation(updated);
}

// No XP: an offer that ends without a sale earns its answers nothing (issue 18).
async function closeInTx(
  tx: Tx,
  row: NegotiationRow,
  status: "rejected" | "withdrawn",
  bySeller: boolean,
  message: string | null,
): Promise<Negotiation> {
  await releaseOfferHoldsInTx(tx, row);
  const updated = await tx.negotiation.update({
    where: { id: row.id },
    data: { status, version: { increment: 1 }, ...(bySeller ? { responseMessage: message } : {}) },
    include: NEGOTIATION_INCLUDE,
  });
  const what = row.loop.title;
  await createNotificationInTx(tx, {
    userId: bySeller ? row.buyerId : row.sellerId,
    type: "info",
    title: status === "withdrawn" ? "Offer Withdrawn" : bySeller ? "Offer Rejected" : "Counter Offer Rejected",
    message:
      status === "withdrawn"
        ? `${row.buyer.username} withdrew their offer on ${what}.`
        : bySeller
          ? `${row.loop.user.username} declined your offer on ${what}. The held LOOP is available again.`
          : `${row.buyer.username} declined your counter offer on ${what}.`,
    actionUrl: paths.negotiations(),
    actionText: "View",
  });
  return toNegotiation(updated);
}

/** The sale at the agreed amount: hold captured, purchase recorded, XP, notifications; all or nothing. */
async function acceptInTx(tx: Tx, row: NegotiationRow, bySeller: boolean, message: string | null): Promise<Outcome> {
  const format = row.format as Format;
  const loop = await loopForSale(tx, row.loopId);
  if (!loop) throw new NotFound(LOOP_NOT_FOUND);
  if (await ownedPurchase(tx, row.buyerId, row.loopId, format)) throw new Conflict(NEGOTIATION_MESSAGES.alreadyPurchased);
  const priceCents = agreedCents(row);
  // The fee the offer was opened with (its hold was placed with it), not today's setting.
  const feeCents = Number(formatFeeCents(BigInt(priceCents), format, BigInt(row.feeBps)));
  const priceUnits = centsToLoopUnits(BigInt(priceCents));
  const feeUnits = centsToLoopUnits(BigInt(feeCents));

  const trade = { priceCents, buyerId: row.buyerId, sellerId: row.sellerId, onChain: false, loopId: row.loopId };
  // The seller's answer that led to the sale: their accept, or the counter the buyer accepts.
  const sellersAnswer = offerAnswerXpAward(bySeller ? "accept" : "counter", {
    buyerId: row.buyerId,
    sellerId: row.sellerId,
    loopId: row.loopId,
    saleCents: priceCents,
  });
  await awardXpMany(tx, xpAwards([purchaseXpAward(trade), saleXpAward(trade), sellersAnswer]));
  // A counter above the offer takes more than was held: the buyer must have the difference available.
  const extra = priceUnits + feeUnits - heldForOffer(row);
  if (extra > 0n && (await userBalance(tx, row.buyerId)).available < extra) throw await insufficient(tx, row.buyerId, extra);
  let entryId: string;
  try {
    const entry = await postPaymentInTx(tx, {
      idempotencyKey: `offer:${row.id}`,
      kind: "purchase",
      description: `${loop.title} (${format.toUpperCase()}), offer accepted`,
      buyerId: row.buyerId,
      sellerId: row.sellerId,
      price: priceUnits,
      fee: feeUnits,
      holdIds: [row.promoHoldId, row.holdId].filter((id): id is string => id !== null),
    });
    entryId = entry.id;
  } catch (error) {
    if (error instanceof InsufficientFunds) throw await insufficient(tx, row.buyerId, extra);
    throw error;
  }
  const recorded = await recordPurchaseInTx(tx, {
    loop,
    buyerId: row.buyerId,
    format,
    priceCents,
    feeCents,
    method: "loop",
    loopUnits: priceUnits + feeUnits,
    ledgerEntryId: entryId,
    externalRef: `offer:${row.id}`,
  });
  const updated = await tx.negotiation.update({
    where: { id: row.id },
    data: { status: "accepted", purchaseId: recorded.id, version: { increment: 1 }, ...(bySeller ? { responseMessage: message } : {}) },
    include: NEGOTIATION_INCLUDE,
  });
  await createNotificationInTx(tx, {
    userId: bySeller ? row.buyerId : row.sellerId,
    type: "success",
    title: bySeller ? "Offer Accepted" : "Counter Offer Accepted",
    message: bySeller
      ? `${row.loop.user.username} accepted your offer of ${present(formatUsd(BigInt(priceCents)))} for ${loop.title}.`
      : `${row.buyer.username} accepted your counter offer of ${present(formatUsd(BigInt(priceCents)))} for ${loop.title}.`,
    actionUrl: paths.negotiations(),
    actionText: "View",
  });
  return {
    negotiation: toNegotiation(updated),
    sold: { purchase: toPurchase(recorded, loop, ""), sellerId: row.sellerId, buyerId: row.buyerId },
  };
}

/** The expiry job's pass: every open offer past its time is closed and its hold released. Returns how many. */
export async function expireNegotiations(prisma: PrismaClient, now = new Date()): Promise<number> {
  const due = await prisma.negotiation.findMany({
    where: { status: { in: ["pending", "counter"] }, expiresAt: { lte: now } },
    select: { id: true },
    take: 500,
  });
  let expired = 0;
  for (const { id } of due) {
    const closed = await prisma.$transaction(async (tx) => {
      const row = await lockNegotiation(tx, id);
      // Answered meanwhile: the answer won.
      if (!row || (row.status !== "pending" && row.status !== "counter") || row.expiresAt > now) return false;
      await releaseOfferHoldsInTx(tx, row);
      await tx.negotiation.update({ where: { id }, data: { status: "expired", settling: null, version: { increment: 1 } } });
      for (const userId of [row.buyerId, row.sellerId]) {
        await createNotificationInTx(tx, {
          userId,
          type: "info",
          title: "Offer Expired",
          message:
            userId === row.buyerId
              ? row.funding === "wallet"
                ? `Your offer on ${row.loop.title} expired without an answer. Reclaim the escrowed LOOP from your wallet (offer ${row.chainOfferId}).`
                : `Your offer on ${row.loop.title} expired without an answer. The held LOOP is available again.`
              : `The offer of ${row.buyer.username} on ${row.loop.title} expired.`,
          actionUrl: paths.negotiations(),
          actionText: "View",
        });
      }
      return true;
    }, TX_DEFAULT);
    if (closed) expired += 1;
  }
  return expired;
}
