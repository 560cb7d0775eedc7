// What the wallet-offer handlers share: the negotiation of a LoopMarketplace offer, locked.
import type { Tx } from "../../../db/prisma";
import { lockNegotiation } from "../../negotiations/negotiations.service";
import type { IndexedEvent } from "../settlement-handler";

export async function negotiationOfOffer(tx: Tx, event: IndexedEvent) {
  const found = await tx.negotiation.findUnique({
    where: { chainId_chainOfferId: { chainId: event.chainId, chainOfferId: event.args.offer_id! } },
    select: { id: true },
  });
  return found ? lockNegotiation(tx, found.id) : null;
}

export const isOpen = (status: string) => status === "pending" || status === "counter";
