// LoopMarketplace.Purchased(orderId, buyer, seller, loopId, format, price, fee, releaseAt): a wallet
// paid a quote the API signed. Recorded as the purchase only when every term matches the quote
// (chain, buyer, seller, loop, format, price, fee); XP at the on-chain rates (7/12); notifications;
// e-mails after the commit. The price reaches the seller with Released (at once, or after the
// escrow's dispute window); a seller without a wallet is credited in app then (handlers/released.ts).
import { FORMAT_CODES } from "@loop/contracts/quote";
import { uuidFromBytes32, uuidToBytes32 } from "@loop/rules/deposit-ref";
import type { Format } from "@loop/rules/fees";
import { weiToLedgerUnits } from "@loop/rules/units";
import type { AppDeps } from "../../../deps";
import type { Tx } from "../../../db/prisma";
import { awardXpMany, purchaseXpAward, saleXpAward, type XpAward } from "../../levels/award-xp";
import { downloadSigningKey } from "../../downloads/signing-secret";
import { ownedPurchase, recordPurchaseInTx, toPurchase } from "../../purchases/record-purchase";
import { sendPurchaseMails } from "../../purchases/send-purchase-mails";
import { lockQuote } from "../../purchases/wallet-purchase.service";
import { type IndexedEvent, type SettlementHandler, type SettlementOutcome } from "../settlement-handler";

function mismatch(event: IndexedEvent, quote: NonNullable<Awaited<ReturnType<typeof lockQuote>>>): string | null {
  const { args } = event;
  const expected: [string, string, string][] = [
    ["chain", String(quote.chainId), String(event.chainId)],
    ["buyer", quote.buyerAddress, args.buyer!],
    ["seller", quote.sellerAddress, args.seller!],
    ["loop", uuidToBytes32(quote.loopId), args.loop_id!],
    ["format", String(FORMAT_CODES[quote.format as Format]), args.format!],
    ["price", quote.priceWei, args.price!],
    ["fee", quote.feeWei, args.fee!],
  ];
  const wrong = expected.filter(([, want, got]) => want !== got.toLowerCase());
  return wrong.length ? wrong.map(([name, want, got]) => `${name} ${got} (quoted ${want})`).join(", ") : null;
}

async function applyPurchase(
  tx: Tx,
  event: IndexedEvent,
  deps: Pick<AppDeps, "config" | "logger" | "mailer" | "prisma">,
): Promise<SettlementOutcome> {
  const quoteId = uuidFromBytes32(event.args.order_id!);
  const quote = quoteId ? await lockQuote(tx, quoteId) : null;
  if (!quote) return { outcome: "unmatched", detail: `order ${event.args.order_id} is not a quote of ours` };
  if (quote.purchaseId) return { outcome: "already_applied", detail: `quote ${quote.id} was settled already` };
  const wrong = mismatch(event, quote);
  if (wrong) return { outcome: "unmatched", detail: `quote ${quote.id} does not match: ${wrong}` };
  const owned = await ownedPurchase(tx, quote.buyerId, quote.loopId, quote.format as Format);
  // Paid twice (e.g. bought in app while the wallet transaction was on its way): kept for an admin to refund.
  if (owned)
    return {
      outcome: "unmatched",
      detail: `quote ${quote.id}: the buyer already owns this loop in ${quote.format} (purchase ${owned.id}); refund the order`,
    };

  const priceUnits = weiToLedgerUnits(BigInt(quote.priceWei))!;
  const feeUnits = weiToLedgerUnits(BigInt(quote.feeWei))!;
  const trade = { priceCents: quote.priceCents, buyerId: quote.buyerId, sellerId: quote.loop.userId, onChain: true, loopId: quote.loopId };
  await awardXpMany(
    tx,
    [purchaseXpAward(trade), saleXpAward(trade)].filter((award): award is XpAward => award !== null),
  );
  const recorded = await recordPurchaseInTx(tx, {
    loop: quote.loop,
    buyerId: quote.buyerId,
    format: quote.format as Format,
    priceCents: quote.priceCents,
    feeCents: quote.feeCents,
    method: "wallet",
    loopUnits: priceUnits + feeUnits,
    // A seller paid through the vault is credited when the price is released (handlers/released.ts).
    ledgerEntryId: null,
    externalRef: event.txHash,
    // The licence names the chain, LoopMarketplace (the event's emitter) and the transaction.
    chain: { chainId: event.chainId, contract: event.address, txHash: event.txHash },
  });
  await tx.purchaseQuote.update({ where: { id: quote.id }, data: { purchaseId: recorded.id, txHash: quote.txHash ?? event.txHash } });
  const signingKey = downloadSigningKey(deps.prisma, deps.config);
  const done = { purchase: toPurchase(recorded, quote.loop, ""), sellerId: quote.loop.userId, buyerId: quote.buyerId };
  return {
    outcome: "applied",
    detail: `purchase ${recorded.id}`,
    afterCommit: async () => sendPurchaseMails(deps, await signingKey(), done),
  };
}

export const purchasedHandler: SettlementHandler = {
  kind: "purchased",
  table: "purchased",
  columns: ["order_id", "buyer", "seller", "loop_id", "format", "price", "fee", "release_at"],
  apply: (tx, event, deps) => applyPurchase(tx, event, deps),
};
