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
// Here: listing, the row lock and the answers; a new offer is create-negotiation.ts, the sale
// accept-offer.ts, the holds offer-funds.ts and the expiry job expire-negotiations.ts.
import { paths } from "@loop/rules/paths";
import { type Negotiation, type NEGOTIATION_SCOPES, type RespondNegotiationRequest } from "@loop/rules/schemas/negotiations";
import { centsToLoopUnits, formatUsd, ledgerUnitsToWei, parseUsd } from "@loop/rules/units";
import type { AppDeps } from "../../deps";
import type { PrismaClient, Tx } from "../../db/prisma";
import { UUID } from "../../http/uuid";
import { createNotificationInTx } from "../notifications/create-notification";
import { settingsInUse } from "../platform-settings/platform-settings.service";
import { downloadSigningKey } from "../downloads/signing-secret";
import { sendPurchaseMails } from "../purchases/send-purchase-mails";
import { acceptOfferInTx, type AnswerOutcome } from "./accept-offer";
import { NEGOTIATION_INCLUDE, presentAmount, toNegotiation, type NegotiationRow } from "./negotiation-view";
import { releaseOfferHoldsInTx } from "./offer-funds";
import { requestOfferSettlementInTx, sendOfferSettlementRequest } from "../settlement/offer-settlement-requests";
import { TX_DEFAULT } from "../../db/transactions";
import { DomainError } from "../../domain-error";

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

/**
 * A wallet offer's answer: marked as settling (further answers get 409) until OfferSettled is
 * indexed, and recorded as a settlement request in the same transaction, so that a crash before it
 * is sent leaves it to the request sender rather than an answer nobody carries out.
 */
async function markSettlingInTx(
  tx: Tx,
  row: NegotiationRow,
  action: "accept" | "reject" | "withdraw",
  bySeller: boolean,
  message: string | null,
): Promise<AnswerOutcome> {
  const updated = await tx.negotiation.update({
    where: { id: row.id },
    data: { settling: action, version: { increment: 1 }, ...(bySeller ? { responseMessage: message } : {}) },
    include: NEGOTIATION_INCLUDE,
  });
  const amountCents = BigInt(row.offerCents);
  const request = await requestOfferSettlementInTx(
    tx,
    {
      chainId: row.chainId!,
      offerId: row.chainOfferId!,
      accepted: action === "accept",
      amountWei: ledgerUnitsToWei(centsToLoopUnits(amountCents)).toString(),
      reason: `negotiation ${row.id}: ${action} by the ${bySeller ? "seller" : "buyer"}`,
    },
    { claimed: true },
  );
  return { negotiation: toNegotiation(updated), sold: null, onChain: request };
}

/** PUT /api/negotiations/:id/respond */
export async function respondToNegotiation(
  deps: Pick<AppDeps, "chains" | "config" | "logger" | "mailer" | "prisma">,
  userId: string,
  id: string,
  { action, counterOffer, message, version }: RespondNegotiationRequest,
  now = new Date(),
): Promise<Negotiation> {
  if (!UUID.test(id)) throw new DomainError("OFFER_NOT_FOUND");
  const outcome = await deps.prisma.$transaction(async (tx): Promise<AnswerOutcome> => {
    const row = await lockNegotiation(tx, id);
    // Someone else's offer is answered like one that does not exist.
    if (!row || (row.buyerId !== userId && row.sellerId !== userId)) throw new DomainError("OFFER_NOT_FOUND");
    if (version !== undefined && version !== row.version) throw new DomainError("OFFER_CHANGED");
    if ((row.status !== "pending" && row.status !== "counter") || row.expiresAt <= now) throw new DomainError("OFFER_CLOSED");
    const isSeller = row.sellerId === userId;
    const allowed = isSeller
      ? row.status === "pending" && action !== "withdraw"
      : row.status === "counter"
        ? action === "accept" || action === "reject"
        : action === "withdraw";
    if (!allowed) throw new DomainError("OFFER_NOT_YOURS");
    if (row.settling) throw new DomainError("OFFER_SETTLING");
    if (row.funding === "wallet" && action !== "counter") {
      // The buyer accepts a counter by raising the escrowed offer to it (OfferChanged settles it).
      if (action === "accept" && !isSeller) throw new DomainError("WALLET_OFFER_COUNTER");
      return markSettlingInTx(tx, row, action, isSeller, message);
    }

    if (action === "accept") return acceptOfferInTx(tx, row, isSeller, message);
    if (action === "counter") return { negotiation: await counterInTx(tx, row, counterOffer!, message, now), sold: null };
    return { negotiation: await closeInTx(tx, row, action === "withdraw" ? "withdrawn" : "rejected", isSeller, message), sold: null };
  }, TX_DEFAULT);
  if (outcome.onChain) {
    const sent = await sendOfferSettlementRequest(deps, outcome.onChain);
    // Refused by the contract: the answer is open again (the request sender reopened it).
    if ("refused" in sent) throw sent.refused;
    // The chain did not answer: the answer stays settling and the request sender tries again.
    if ("failed" in sent) return outcome.negotiation;
    const row = await deps.prisma.negotiation.update({
      where: { id },
      data: { settleTx: sent.sent.toLowerCase() },
      include: NEGOTIATION_INCLUDE,
    });
    return toNegotiation(row);
  }
  if (outcome.sold) {
    const key = await downloadSigningKey(deps.prisma, deps.config)();
    void sendPurchaseMails(deps, key, outcome.sold);
  }
  return outcome.negotiation;
}

// The counter earns its XP only if the buyer accepts it (a paid sale: see acceptOfferInTx).
async function counterInTx(tx: Tx, row: NegotiationRow, amount: string, message: string | null, now: Date): Promise<Negotiation> {
  const counterCents = Number(parseUsd(amount));
  if (counterCents === row.offerCents) throw new DomainError("COUNTER_SAME_AMOUNT");
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
    message: `${row.loop.user.username} counters your offer on ${row.loop.title} with ${presentAmount(formatUsd(BigInt(counterCents)))}.`,
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
