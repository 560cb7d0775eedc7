// LoopMarketplace.OfferSettled: the operator carried out the answer to a wallet-funded offer.
// Accepted: the sale is recorded (on-chain XP 7/12, the seller's accept XP for a plain accept or
// counter XP for an accepted counter: issue 18, only when it ends in a paid sale), a
// seller paid to LoopVault is credited in app, e-mails follow the commit. Rejected: the buyer got
// the escrow back; the offer ends rejected or withdrawn, as answered (no XP: it ended without a sale).
// The chain decides (issue 35): an offer the app had expired meanwhile still ends as settled, and an
// accepted settlement the app cannot record as a sale is a discrepancy for the admins.
import type { Format } from "@loop/rules/fees";
import { paths } from "@loop/rules/paths";
import { UNITS_PER_CENT, weiToLedgerUnits } from "@loop/rules/units";
import type { AppDeps } from "../../../deps";
import type { Tx } from "../../../db/prisma";
import { downloadSigningKey } from "../../downloads/signing-secret";
import { platformAccountId, postEntryInTx } from "../../ledger/ledger.service";
import { awardOfferSaleXpInTx, recordOfferSaleInTx } from "../../negotiations/offer-sale";
import { createNotificationInTx } from "../../notifications/create-notification";
import { loopForSale } from "../../purchases/purchases.service";
import { ownedPurchase, toPurchase } from "../../purchases/record-purchase";
import { sendPurchaseMails } from "../../purchases/send-purchase-mails";
import type { IndexedEvent, SettlementHandler, SettlementOutcome } from "../settlement-handler";
import { negotiationOfOffer } from "./wallet-offer";

async function applyOfferSettled(
  tx: Tx,
  event: IndexedEvent,
  deps: Pick<AppDeps, "config" | "logger" | "mailer" | "prisma">,
): Promise<SettlementOutcome> {
  const accepted = event.args.accepted === "true";
  const row = await negotiationOfOffer(tx, event);
  if (!row)
    return accepted
      ? {
          outcome: "discrepancy",
          detail: `Offer ${event.args.offer_id} was accepted on chain (${event.args.amount} wei to ${event.args.seller}) but is no negotiation of the app: no sale was recorded`,
        }
      : { outcome: "unmatched", detail: `offer ${event.args.offer_id} is no negotiation (refused when opened)` };
  // What the chain did decides: an offer the clock expired in the app meanwhile still ends as settled.
  if (row.status === "accepted" || (!accepted && (row.status === "rejected" || row.status === "withdrawn")))
    return { outcome: "already_applied", detail: `negotiation ${row.id} is ${row.status}` };
  const what = `${row.loop.title} (${row.format.toUpperCase()})`;

  if (!accepted) {
    const withdrawn = row.settling === "withdraw";
    const countered = row.counterCents !== null;
    await tx.negotiation.update({
      where: { id: row.id },
      data: { status: withdrawn ? "withdrawn" : "rejected", settling: null, settleTx: event.txHash, version: { increment: 1 } },
    });
    await createNotificationInTx(tx, {
      userId: withdrawn || countered ? row.sellerId : row.buyerId,
      type: "info",
      title: withdrawn ? "Offer Withdrawn" : countered ? "Counter Offer Rejected" : "Offer Rejected",
      message: withdrawn
        ? `${row.buyer.username} withdrew their offer on ${what}.`
        : countered
          ? `${row.buyer.username} declined your counter offer on ${what}.`
          : `${row.loop.user.username} declined your offer on ${what}. The escrowed LOOP went back to your wallet.`,
      actionUrl: paths.negotiations(),
      actionText: "View",
    });
    return { outcome: "applied", detail: `negotiation ${row.id} ${withdrawn ? "withdrawn" : "rejected"}` };
  }

  const paid = `${event.args.amount} wei paid to ${event.args.seller} on chain with no sale recorded`;
  if (row.status === "rejected" || row.status === "withdrawn")
    return { outcome: "discrepancy", detail: `Negotiation ${row.id} (${what}) is ${row.status} in the app: ${paid}` };
  const format = row.format as Format;
  const agreedCents = row.counterCents ?? row.offerCents;
  // The amount agreed in the app, which settleOffer was asked to check (expectedAmount).
  const priceUnits = BigInt(agreedCents) * UNITS_PER_CENT;
  const loop = await loopForSale(tx, row.loopId);
  const unrecordable =
    weiToLedgerUnits(BigInt(event.args.amount!)) !== priceUnits
      ? `it agreed on ${agreedCents} cents`
      : !loop
        ? `its loop ${row.loopId} is gone`
        : (await ownedPurchase(tx, row.buyerId, row.loopId, format))
          ? `the buyer owns ${what} already`
          : null;
  // (`!loop` implies `unrecordable`: it is there for the type of `loop` below.)
  if (unrecordable || !loop) {
    // Closed on chain: the negotiation ends too, and the buyer hears that an admin will settle it.
    await tx.negotiation.update({
      where: { id: row.id },
      data: { status: "rejected", settling: null, settleTx: event.txHash, version: { increment: 1 } },
    });
    await createNotificationInTx(tx, {
      userId: row.buyerId,
      type: "warning",
      title: "Offer Payment Under Review",
      message: `Your offer on ${what} was paid from your wallet but could not be completed as a sale. An admin will look at it and refund or complete it.`,
      actionUrl: paths.negotiations(),
      actionText: "View",
    });
    return {
      outcome: "discrepancy",
      detail: `Negotiation ${row.id} (${what}): ${unrecordable}: ${paid}; refund the buyer or complete the sale by hand`,
    };
  }
  const feeUnits = weiToLedgerUnits(BigInt(event.args.fee!)) ?? 0n;
  const priceCents = agreedCents;
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
    afterCommit: async () => sendPurchaseMails(deps, await downloadSigningKey(deps.prisma, deps.config)(), done),
  };
}

export const offerSettledHandler: SettlementHandler = {
  kind: "offer_settled",
  table: "offer_settled",
  columns: ["offer_id", "buyer", "seller", "accepted", "amount", "fee"],
  apply: (tx, event, deps) => applyOfferSettled(tx, event, deps),
};
