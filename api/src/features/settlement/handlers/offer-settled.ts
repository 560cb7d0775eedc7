// LoopMarketplace.OfferSettled: the operator carried out the answer to a wallet-funded offer.
// Accepted: the sale is recorded (on-chain XP 7/12, the seller's accept XP for a plain accept or
// counter XP for an accepted counter: issue 18, only when it ends in a paid sale), a
// seller paid to LoopVault is credited in app, e-mails follow the commit. Rejected: the buyer got
// the escrow back; the offer ends rejected or withdrawn, as answered (no XP: it ended without a sale).
import type { Format } from "@loop/rules/fees";
import { paths } from "@loop/rules/paths";
import { UNITS_PER_CENT, weiToLedgerUnits } from "@loop/rules/units";
import type { AppDeps } from "../../../deps";
import type { Tx } from "../../../db/prisma";
import { downloadSigningKey } from "../../downloads/signing-secret";
import { platformAccountId, postEntryInTx } from "../../ledger/ledger.service";
import { catalogChanged } from "../../loops/catalog-cache";
import { awardOfferSaleXpInTx, recordOfferSaleInTx } from "../../negotiations/offer-sale";
import { createNotificationInTx } from "../../notifications/create-notification";
import { loopForSale } from "../../purchases/purchases.service";
import { ownedPurchase, toPurchase } from "../../purchases/record-purchase";
import { sendPurchaseMails } from "../../purchases/send-purchase-mails";
import type { IndexedEvent, SettlementHandler, SettlementOutcome } from "../settlement-handler";
import { isOpen, negotiationOfOffer } from "./wallet-offer";

async function applyOfferSettled(tx: Tx, event: IndexedEvent, deps: AppDeps): Promise<SettlementOutcome> {
  const row = await negotiationOfOffer(tx, event);
  if (!row) return { outcome: "unmatched", detail: `offer ${event.args.offer_id} is no negotiation (refused when opened)` };
  if (!isOpen(row.status)) return { outcome: "already_applied", detail: `negotiation ${row.id} is ${row.status}` };
  const what = `${row.loop.title} (${row.format.toUpperCase()})`;

  if (event.args.accepted !== "true") {
    const withdrawn = row.settling === "withdraw";
    await tx.negotiation.update({
      where: { id: row.id },
      data: { status: withdrawn ? "withdrawn" : "rejected", settling: null, settleTx: event.txHash, version: { increment: 1 } },
    });
    await createNotificationInTx(tx, {
      userId: withdrawn || row.status === "counter" ? row.sellerId : row.buyerId,
      type: "info",
      title: withdrawn ? "Offer Withdrawn" : row.status === "counter" ? "Counter Offer Rejected" : "Offer Rejected",
      message: withdrawn
        ? `${row.buyer.username} withdrew their offer on ${what}.`
        : row.status === "counter"
          ? `${row.buyer.username} declined your counter offer on ${what}.`
          : `${row.loop.user.username} declined your offer on ${what}. The escrowed LOOP went back to your wallet.`,
      actionUrl: paths.negotiations(),
      actionText: "View",
    });
    return { outcome: "applied", detail: `negotiation ${row.id} ${withdrawn ? "withdrawn" : "rejected"}` };
  }

  const format = row.format as Format;
  const loop = await loopForSale(tx, row.loopId);
  if (!loop) return { outcome: "unmatched", detail: `negotiation ${row.id}: loop ${row.loopId} is gone` };
  if (await ownedPurchase(tx, row.buyerId, row.loopId, format)) {
    return {
      outcome: "unmatched",
      detail: `negotiation ${row.id}: the buyer owns ${what} already; the seller was paid on chain, refund by hand`,
    };
  }
  const priceUnits = weiToLedgerUnits(BigInt(event.args.amount!))!;
  const feeUnits = weiToLedgerUnits(BigInt(event.args.fee!)) ?? 0n;
  const priceCents = Number(priceUnits / UNITS_PER_CENT);
  // The fee the chain took (OfferSettled.fee), half-up to the cent: never recomputed with a changed setting.
  const feeCents = Number((feeUnits * 2n + UNITS_PER_CENT) / (2n * UNITS_PER_CENT));
  // Accepted as offered unless the seller had countered.
  const bySeller = row.counterCents === null;
  await awardOfferSaleXpInTx(tx, row, { priceCents, onChain: true, bySeller });
  let ledgerEntryId: string | null = null;
  const vault = deps.config.chains.find((chain) => chain.id === event.chainId)?.contracts?.vault?.toLowerCase();
  if (row.sellerAddress === vault) {
    // Paid into LoopVault on chain: the seller without a wallet gets it in app.
    const clearing = await platformAccountId(tx, "clearing");
    const entry = await postEntryInTx(tx, {
      idempotencyKey: `wallet-offer:${event.chainId}:${row.chainOfferId}`,
      kind: "sale",
      description: `${what}, offer paid from a wallet`,
      postings: [
        { accountId: clearing, amount: -priceUnits },
        { userId: row.sellerId, amount: priceUnits },
      ],
    });
    ledgerEntryId = entry.id;
  }
  const { recorded } = await recordOfferSaleInTx(tx, row, {
    loop,
    format,
    priceCents,
    feeCents,
    method: "wallet",
    loopUnits: priceUnits + feeUnits,
    ledgerEntryId,
    externalRef: event.txHash,
    chain: { chainId: event.chainId, contract: event.address, txHash: event.txHash },
    bySeller,
    accepted: { settling: null, settleTx: event.txHash },
  });
  const done = { purchase: toPurchase(recorded, loop, ""), sellerId: row.sellerId, buyerId: row.buyerId };
  return {
    outcome: "applied",
    detail: `negotiation ${row.id} accepted: purchase ${recorded.id}`,
    afterCommit: async () => {
      catalogChanged(deps.prisma);
      await sendPurchaseMails(deps, await downloadSigningKey(deps.prisma, deps.config)(), done);
    },
  };
}

export const offerSettledHandler: SettlementHandler = {
  kind: "offer_settled",
  table: "offer_settled",
  columns: ["offer_id", "buyer", "seller", "accepted", "amount", "fee"],
  apply: (tx, event, deps) => applyOfferSettled(tx, event, deps),
};
