// The expiry job's pass over open offers (docs/product.md#offers): each one past its time is closed
// in its own transaction with its row locked, so an answer that won the lock meanwhile stands. A
// wallet offer whose answer the operator is carrying out (`settling`) is never expired by the clock:
// the chain decides it (OfferSettled, or the buyer's reclaim once it expired on chain), issue 35.
import { paths } from "@loop/rules/paths";
import type { PrismaClient } from "../../db/prisma";
import { createNotificationInTx } from "../notifications/create-notification";
import { lockNegotiation } from "./negotiations.service";
import { releaseOfferHoldsInTx } from "./offer-funds";
import { TX_DEFAULT } from "../../db/transactions";

/** The expiry job's pass: every open offer past its time is closed and its hold released. Returns how many. */
export async function expireNegotiations(prisma: PrismaClient, now = new Date()): Promise<number> {
  const due = await prisma.negotiation.findMany({
    where: { status: { in: ["pending", "counter"] }, settling: null, expiresAt: { lte: now } },
    select: { id: true },
    take: 500,
  });
  let expired = 0;
  for (const { id } of due) {
    const closed = await prisma.$transaction(async (tx) => {
      const row = await lockNegotiation(tx, id);
      // Answered meanwhile (or an answer on its way to the chain): the answer won.
      if (!row || (row.status !== "pending" && row.status !== "counter") || row.settling || row.expiresAt > now) return false;
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
