// LoopMarketplace.Refunded(orderId, buyer, amount): an arbiter returned an escrowed purchase's price
// to the buyer within the dispute window. The purchase is kept but no longer owned (no downloads;
// the buyer may buy again); the seller, paid nothing yet, loses nothing in app; both are told.
import { paths } from "@loop/rules/paths";
import type { Tx } from "../../../db/prisma";
import { createNotificationInTx } from "../../notifications/create-notification";
import { catalogChanged } from "../../loops/catalog-cache";
import type { IndexedEvent, SettlementHandler, SettlementOutcome } from "../settlement-handler";
import type { AppDeps } from "../../../deps";
import { escrowOrder } from "./escrow-order";

async function applyRefund(tx: Tx, event: IndexedEvent, deps: Pick<AppDeps, "prisma">): Promise<SettlementOutcome> {
  const order = await escrowOrder(tx, event.args.order_id!);
  if (!order) return { outcome: "unmatched", detail: `order ${event.args.order_id} is not a quote of ours` };
  const { quote, purchase } = order;
  if (!purchase) return { outcome: "unmatched", detail: `quote ${quote.id} has no purchase: nothing to take back` };
  if (purchase.refundedAt) return { outcome: "already_applied", detail: `purchase ${purchase.id} was refunded already` };
  await tx.purchase.update({
    where: { id: purchase.id },
    data: { refundedAt: new Date(Number(event.blockTimestamp) * 1000), refundRef: event.txHash },
  });
  const what = `${quote.loop.title} (${quote.format.toUpperCase()})`;
  await createNotificationInTx(tx, {
    userId: quote.buyerId,
    type: "info",
    title: "Purchase Refunded",
    message: `Your purchase of ${what} was refunded to your wallet (transaction ${event.txHash}). It is no longer in your library.`,
    actionUrl: paths.loop(quote.loop.id),
    actionText: "Open",
  });
  await createNotificationInTx(tx, {
    userId: quote.loop.userId,
    type: "warning",
    title: "Sale Refunded",
    message: `The sale of ${what} was refunded to the buyer during its dispute window.`,
    actionUrl: paths.tokens(),
    actionText: "View balance",
  });
  return { outcome: "applied", detail: `purchase ${purchase.id} refunded`, afterCommit: async () => catalogChanged(deps.prisma) };
}

export const refundedHandler: SettlementHandler = {
  kind: "refunded",
  table: "refunded",
  columns: ["order_id", "buyer", "amount"],
  apply: (tx, event, deps) => applyRefund(tx, event, deps),
};
