// LoopMarketplace.OfferChanged: the buyer changed a wallet-funded offer. Raised (or lowered) to the
// seller's counter, it is the buyer's accept: the operator settles it as accepted. Any other amount
// is a new offer for the seller to answer.
import { UNITS_PER_CENT, weiToLedgerUnits } from "@loop/rules/units";
import type { AppDeps } from "../../../deps";
import type { Tx } from "../../../db/prisma";
import { settleOfferOnChain } from "../../negotiations/offer-escrow";
import type { IndexedEvent, SettlementHandler, SettlementOutcome } from "../settlement-handler";
import { isOpen, negotiationOfOffer } from "./wallet-offer";

async function applyOfferChanged(tx: Tx, event: IndexedEvent, deps: AppDeps): Promise<SettlementOutcome> {
  const row = await negotiationOfOffer(tx, event);
  if (!row) return { outcome: "unmatched", detail: `offer ${event.args.offer_id} is no negotiation` };
  if (!isOpen(row.status) || row.settling)
    return { outcome: "unmatched", detail: `negotiation ${row.id} is ${row.settling ? `settling (${row.settling})` : row.status}` };
  const units = weiToLedgerUnits(BigInt(event.args.amount!));
  const cents = units !== null && units % UNITS_PER_CENT === 0n ? Number(units / UNITS_PER_CENT) : null;
  const expiresAt = new Date(Number(event.args.expires_at) * 1000);
  if (row.status === "counter" && cents === row.counterCents) {
    await tx.negotiation.update({ where: { id: row.id }, data: { settling: "accept", expiresAt, version: { increment: 1 } } });
    return {
      outcome: "applied",
      detail: `negotiation ${row.id}: the buyer accepted the counter on chain`,
      afterCommit: async () => {
        await settleOfferOnChain(deps, event.chainId, BigInt(row.chainOfferId!), true, BigInt(event.args.amount!));
      },
    };
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
  apply: (tx, event, deps) => applyOfferChanged(tx, event, deps),
};
