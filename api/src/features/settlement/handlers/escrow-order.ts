// The quote an escrow event's orderId names (LoopMarketplace's orderId is the quote's id as bytes32),
// locked with its purchase; null when the order is not one of ours.
import { uuidFromBytes32 } from "@loop/rules/deposit-ref";
import type { Tx } from "../../../db/prisma";
import { lockQuote } from "../../purchases/wallet-purchase.service";

export async function escrowOrder(tx: Tx, orderId: string) {
  const quoteId = uuidFromBytes32(orderId);
  const quote = quoteId ? await lockQuote(tx, quoteId) : null;
  if (!quote) return null;
  const purchase = quote.purchaseId
    ? await tx.purchase.findUniqueOrThrow({
        where: { id: quote.purchaseId },
        select: { id: true, externalRef: true, ledgerEntryId: true, refundedAt: true },
      })
    : null;
  return { quote, purchase };
}
