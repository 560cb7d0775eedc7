// LoopMarketplace.Released(orderId, seller, amount): a wallet purchase's price reached the seller,
// at once (no dispute window) or when the escrow was released after it. A seller without a wallet
// was paid into LoopVault and is credited the price in app now, once per order; a seller whose
// escrowed sale is released later is told so.
import { paths } from "@loop/rules/paths";
import { formatLoopBrief, weiToLedgerUnits } from "@loop/rules/units";
import type { Tx } from "../../../db/prisma";
import { platformAccountId, postEntryInTx } from "../../ledger/ledger.service";
import { createNotificationInTx } from "../../notifications/create-notification";
import type { IndexedEvent, SettlementHandler, SettlementOutcome } from "../settlement-handler";
import { escrowOrder } from "./escrow-order";

async function applyRelease(tx: Tx, event: IndexedEvent): Promise<SettlementOutcome> {
  const order = await escrowOrder(tx, event.args.order_id!);
  if (!order) return { outcome: "unmatched", detail: `order ${event.args.order_id} is not a quote of ours` };
  const { quote, purchase } = order;
  const units = weiToLedgerUnits(BigInt(event.args.amount!));
  if (units === null || event.args.amount !== quote.priceWei || event.args.seller!.toLowerCase() !== quote.sellerAddress) {
    return {
      outcome: "unmatched",
      detail: `quote ${quote.id}: released ${event.args.amount} wei to ${event.args.seller}, quoted ${quote.priceWei} to ${quote.sellerAddress}`,
    };
  }
  // Paid twice, or its purchase was never recorded: the Purchased settlement left it for an admin.
  if (!purchase)
    return { outcome: "unmatched", detail: `quote ${quote.id} has no purchase; the vault holds its price for an admin to settle` };
  if (purchase.refundedAt) return { outcome: "unmatched", detail: `purchase ${purchase.id} was refunded` };
  const released = purchase.externalRef !== event.txHash;
  let credited = "";
  if (quote.sellerPaidInApp) {
    const clearing = await platformAccountId(tx, "clearing");
    const entry = await postEntryInTx(tx, {
      idempotencyKey: `wallet-sale:${quote.id}`,
      kind: "sale",
      description: `${quote.loop.title} (${quote.format.toUpperCase()}), paid from a wallet`,
      postings: [
        { accountId: clearing, amount: -units },
        { userId: quote.loop.userId, amount: units },
      ],
    });
    if (!entry.created) return { outcome: "already_applied", detail: `quote ${quote.id} was credited already` };
    await tx.purchase.update({ where: { id: purchase.id }, data: { ledgerEntryId: entry.id } });
    credited = ` (seller credited in app: entry ${entry.id})`;
  }
  if (released) {
    await createNotificationInTx(tx, {
      userId: quote.loop.userId,
      type: "success",
      title: "Sale Released",
      message: `The escrow of your sale of ${quote.loop.title} (${quote.format.toUpperCase()}) was released: ${formatLoopBrief(units)} LOOP ${quote.sellerPaidInApp ? "were added to your balance" : `were sent to ${event.args.seller}`}.`,
      actionUrl: paths.tokens(),
      actionText: "View balance",
    });
  }
  return { outcome: "applied", detail: `purchase ${purchase.id} paid out${credited}` };
}

export const releasedHandler: SettlementHandler = {
  kind: "released",
  table: "released",
  columns: ["order_id", "seller", "amount"],
  apply: (tx, event) => applyRelease(tx, event),
};
