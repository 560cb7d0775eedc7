// What every accepted offer comes to, whether paid in app (accept-offer.ts) or from a wallet on
// chain (settlement/handlers/offer-settled.ts): the sale's XP, the purchase recorded, the
// negotiation accepted with it, and the side that made the accepted amount told.
import { paths } from "@loop/rules/paths";
import { formatUsd } from "@loop/rules/units";
import type { Prisma, Tx } from "../../db/prisma";
import { awardXpMany, grantedXpAwards, offerAnswerXpAward, purchaseXpAward, saleXpAward } from "../levels/award-xp";
import { createNotificationInTx } from "../notifications/create-notification";
import { recordPurchaseInTx, type PurchaseToRecord, type RecordedPurchase } from "../purchases/record-purchase";
import { NEGOTIATION_INCLUDE, presentAmount, type NegotiationRow } from "./negotiation-view";

/**
 * Purchase and sale XP (at the on-chain rates for a wallet offer), and the XP of the seller's answer
 * that led to the sale: their accept (`bySeller`), or the counter the buyer accepts.
 */
export async function awardOfferSaleXpInTx(
  tx: Tx,
  row: NegotiationRow,
  sale: { priceCents: number; onChain: boolean; bySeller: boolean },
): Promise<void> {
  const { buyerId, sellerId, loopId } = row;
  const trade = { priceCents: sale.priceCents, buyerId, sellerId, onChain: sale.onChain, loopId };
  const sellersAnswer = offerAnswerXpAward(sale.bySeller ? "accept" : "counter", { buyerId, sellerId, loopId, saleCents: sale.priceCents });
  await awardXpMany(tx, grantedXpAwards([purchaseXpAward(trade), saleXpAward(trade), sellersAnswer]));
}

export interface OfferSale extends Omit<PurchaseToRecord, "buyerId" | "method" | "sellerNote"> {
  method: "loop" | "wallet";
  /** The seller accepted the buyer's offer; otherwise the buyer accepted the seller's counter. */
  bySeller: boolean;
  /** What else the accepted negotiation records (the seller's message, the settling transaction). */
  accepted: Pick<Prisma.NegotiationUncheckedUpdateInput, "responseMessage" | "settling" | "settleTx">;
}

/** The purchase row, the negotiation accepted with it, and the notification of the side whose amount was accepted. */
export async function recordOfferSaleInTx(
  tx: Tx,
  row: NegotiationRow,
  sale: OfferSale,
): Promise<{ recorded: RecordedPurchase; negotiation: NegotiationRow }> {
  const { bySeller, accepted, ...purchase } = sale;
  const recorded = await recordPurchaseInTx(tx, { ...purchase, buyerId: row.buyerId });
  const negotiation = await tx.negotiation.update({
    where: { id: row.id },
    data: { status: "accepted", purchaseId: recorded.id, version: { increment: 1 }, ...accepted },
    include: NEGOTIATION_INCLUDE,
  });
  const amount = presentAmount(formatUsd(BigInt(sale.priceCents)));
  await createNotificationInTx(tx, {
    userId: bySeller ? row.buyerId : row.sellerId,
    type: "success",
    title: bySeller ? "Offer Accepted" : "Counter Offer Accepted",
    message: bySeller
      ? `${row.loop.user.username} accepted your offer of ${amount} for ${sale.loop.title}.`
      : `${row.buyer.username} accepted your counter offer of ${amount} for ${sale.loop.title}.`,
    actionUrl: paths.negotiations(),
    actionText: "View",
  });
  return { recorded, negotiation };
}
