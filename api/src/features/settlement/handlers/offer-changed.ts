// LoopMarketplace.OfferChanged: the buyer changed a wallet-funded offer. Raised (or lowered) to the
// seller's counter, it is the buyer's accept: the operator settles it as accepted. Any other amount
// is a new offer for the seller to answer. The operator's settleOffer is a request the sender
// carries out (offer-settlement-requests.ts): settlement waits for no transaction.
import { UNITS_PER_CENT, weiToLedgerUnits } from "@loop/rules/units";
import type { Tx } from "../../../db/prisma";
import { requestOfferSettlementInTx } from "../offer-settlement-requests";
import type { IndexedEvent, SettlementHandler, SettlementOutcome } from "../settlement-handler";
import { isOpen, negotiationOfOffer } from "./wallet-offer";

async function applyOfferChanged(tx: Tx, event: IndexedEvent): Promise<SettlementOutcome> {
  const row = await negotiationOfOffer(tx, event);
  if (!row) return { outcome: "unmatched", detail: `offer ${event.args.offer_id} is no negotiation` };
  if (!isOpen(row.status) || row.settling)
    return { outcome: "unmatched", detail: `negotiation ${row.id} is ${row.settling ? `settling (${row.settling})` : row.status}` };
  const units = weiToLedgerUnits(BigInt(event.args.amount!));
  const cents = units !== null && units % UNITS_PER_CENT === 0n ? Number(units / UNITS_PER_CENT) : null;
  const expiresAt = new Date(Number(event.args.expires_at) * 1000);
  if (row.status === "counter" && cents === row.counterCents) {
    await tx.negotiation.update({ where: { id: row.id }, data: { settling: "accept", expiresAt, version: { increment: 1 } } });
    await requestOfferSettlementInTx(tx, {
      chainId: event.chainId,
      offerId: row.chainOfferId!,
      accepted: true,
      amountWei: event.args.amount!,
      reason: `negotiation ${row.id}: the buyer accepted the counter on chain`,
    });
    return { outcome: "applied", detail: `negotiation ${row.id}: the buyer accepted the counter on chain` };
  }
  if (cents === null || cents <= 0)
    return { outcome: "unmatched", detail: `negotiation ${row.id}: ${event.args.amount} wei is not whole cents` };
  await tx.negotiation.update({
    where: { id: row.id },
    data: { status: "pending", offerCents: cents, counterCents: null, expiresAt, version: { increment: 1 } },
  });
  return { outcome: "applied", detail: `negotiation ${row.id}: the buyer now offers ${cents} cents` };
}

export const offerChangedHandler: SettlementHandler = {
  kind: "offer_changed",
  table: "offer_changed",
  columns: ["offer_id", "amount", "fee", "expires_at"],
  apply: (tx, event) => applyOfferChanged(tx, event),
};
