// A loop that leaves sale (hidden by a moderator, made private or free by its creator) can no
// longer be sold through an offer (acceptance checks the loop), so its open in-app offers are closed
// at once rather than holding the buyers' LOOP until they expire. Each offer is closed in its own
// transaction after the change committed, its row locked first, like every answer, so a closing
// never deadlocks with an answer and never closes an offer on a loop that is on sale again.
// Wallet-funded offers stay in the escrow: they cannot be accepted either, and the buyer reclaims
// them after the expiry (or withdraws them).
import { paths } from "@loop/rules/paths";
import type { PrismaClient } from "../../db/prisma";
import { isReachable } from "../loops/loop-access";
import { createNotificationInTx } from "../notifications/create-notification";
import { lockNegotiation } from "./negotiations.service";
import { releaseOfferHoldsInTx } from "./offer-funds";
import { TX_DEFAULT } from "../../db/transactions";

/** Closes (as rejected) the open in-app offers of `loopId` if it is off sale; returns how many. */
export async function closeOffersOffSale(prisma: PrismaClient, loopId: string): Promise<number> {
  const open = await prisma.negotiation.findMany({
    where: { loopId, status: { in: ["pending", "counter"] }, funding: { not: "wallet" }, settling: null },
    select: { id: true },
  });
  let closed = 0;
  for (const { id } of open) {
    const done = await prisma.$transaction(async (tx) => {
      const row = await lockNegotiation(tx, id);
      if (!row || (row.status !== "pending" && row.status !== "counter") || row.funding === "wallet" || row.settling) return false;
      const loop = await tx.loop.findUnique({
        where: { id: loopId },
        select: { status: true, isPublic: true, unlisted: true, isFree: true },
      });
      if (loop && isReachable(loop) && !loop.isFree) return false;
      await releaseOfferHoldsInTx(tx, row);
      await tx.negotiation.update({
        where: { id },
        data: { status: "rejected", responseMessage: "The loop is no longer on sale.", version: { increment: 1 } },
      });
      await createNotificationInTx(tx, {
        userId: row.buyerId,
        type: "info",
        title: "Offer Closed",
        message: `${row.loop.title} is no longer on sale, so your offer was closed. The held LOOP is available again.`,
        actionUrl: paths.negotiations(),
        actionText: "View",
      });
      return true;
    }, TX_DEFAULT);
    if (done) closed++;
  }
  return closed;
}
