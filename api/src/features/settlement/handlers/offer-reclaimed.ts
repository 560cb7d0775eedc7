// LoopMarketplace.OfferReclaimed: the buyer took back an expired wallet-funded offer's escrow.
import type { Tx } from "../../../db/prisma";
import type { IndexedEvent, SettlementHandler, SettlementOutcome } from "../settlement-handler";
import { isOpen, negotiationOfOffer } from "./wallet-offer";

async function applyOfferReclaimed(tx: Tx, event: IndexedEvent): Promise<SettlementOutcome> {
  const row = await negotiationOfOffer(tx, event);
  if (!row) return { outcome: "unmatched", detail: `offer ${event.args.offer_id} is no negotiation` };
  if (!isOpen(row.status)) return { outcome: "already_applied", detail: `negotiation ${row.id} is ${row.status}` };
  await tx.negotiation.update({ where: { id: row.id }, data: { status: "expired", settling: null, version: { increment: 1 } } });
  return { outcome: "applied", detail: `negotiation ${row.id} expired and reclaimed` };
}

export const offerReclaimedHandler: SettlementHandler = {
  kind: "offer_reclaimed",
  table: "offer_reclaimed",
  columns: ["offer_id", "buyer", "amount"],
  apply: (tx, event) => applyOfferReclaimed(tx, event),
};
