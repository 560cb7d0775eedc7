// The admins' side of token orders: list, fulfil (credit the buyer once, from issuance, as an
// admin_airdrop) and reject. Each decision is one transaction on the row-locked order, so two
// admins acting at once produce one decision; the loser gets 409.
import { paths } from "@loop/rules/paths";
import { loopText, type AdminTokenOrder, type TokenOrderStatus, type RejectTokenOrderRequest } from "@loop/rules/schemas/token-orders";
import { formatLoop } from "@loop/rules/units";
import type { PrismaClient, Tx } from "../../db/prisma";
import { platformAccountId, postEntryInTx, userAccountId } from "../ledger/ledger.service";
import { createNotificationInTx } from "../notifications/create-notification";
import { adminTokenOrderSelect, toAdminTokenOrder } from "../token-orders/token-order.view";
import { recordAdminActionInTx } from "./audit-log";
import { foundById } from "../../http/uuid";
import { TX_QUEUED } from "../../db/transactions";
import { DomainError } from "../../domain-error";

export async function listAdminTokenOrders(
  prisma: PrismaClient,
  query: { status?: TokenOrderStatus; limit: number; offset: number },
): Promise<AdminTokenOrder[]> {
  const rows = await prisma.tokenOrder.findMany({
    where: query.status ? { status: query.status } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit,
    skip: query.offset,
    select: adminTokenOrderSelect,
  });
  return rows.map(toAdminTokenOrder);
}

interface LockedOrder {
  id: string;
  user_id: string;
  requested_amount: bigint;
  status: TokenOrderStatus;
}

/** SELECT … FOR UPDATE: a concurrent decision on the same order waits here, then sees ours. */
async function lockPendingOrder(tx: Tx, orderId: string): Promise<LockedOrder> {
  const order = await foundById(
    orderId,
    "TOKEN_ORDER_NOT_FOUND",
    (id) => tx.$queryRaw<LockedOrder[]>`
      SELECT "id", "user_id"::text AS "user_id", "requested_amount", "status" FROM "app"."token_orders"
      WHERE "id" = ${id}::uuid FOR UPDATE`,
  );
  if (order.status !== "pending") throw new DomainError("TOKEN_ORDER_ALREADY_PROCESSED", { status: order.status });
  return order;
}

/** Credits the order's LOOP to the buyer (issuance → user, key `token-order:<id>:fulfil`) and tells them. */
export async function fulfilTokenOrder(prisma: PrismaClient, adminId: string, orderId: string): Promise<AdminTokenOrder> {
  const row = await prisma.$transaction(async (tx) => {
    const order = await lockPendingOrder(tx, orderId);
    const issuance = await platformAccountId(tx, "issuance");
    const buyer = await userAccountId(tx, order.user_id);
    const entry = await postEntryInTx(tx, {
      idempotencyKey: `token-order:${order.id}:fulfil`,
      kind: "admin_airdrop",
      description: "Token order",
      postings: [
        { accountId: issuance, amount: -order.requested_amount },
        { accountId: buyer, amount: order.requested_amount },
      ],
    });
    const updated = await tx.tokenOrder.update({
      where: { id: order.id },
      data: { status: "fulfilled", processedAt: new Date(), processedBy: adminId, ledgerEntryId: entry.id },
      select: adminTokenOrderSelect,
    });
    await createNotificationInTx(tx, {
      userId: order.user_id,
      type: "success",
      title: "Tokens Credited",
      message: `${loopText(order.requested_amount)} LOOP from your order have been added to your balance.`,
      actionUrl: paths.tokens(),
      actionText: "View Balance",
    });
    await recordAdminActionInTx(tx, {
      adminId,
      action: "token_order.fulfilled",
      targetType: "token_order",
      targetId: order.id,
      before: { status: order.status },
      after: { status: "fulfilled", amount: formatLoop(order.requested_amount), userId: order.user_id, ledgerEntryId: entry.id },
    });
    return updated;
  }, TX_QUEUED);
  return toAdminTokenOrder(row);
}

/** Rejects a pending order with a reason the buyer sees. Nothing was held, so nothing is released. */
export async function rejectTokenOrder(
  prisma: PrismaClient,
  adminId: string,
  orderId: string,
  { reason }: RejectTokenOrderRequest,
): Promise<AdminTokenOrder> {
  const row = await prisma.$transaction(async (tx) => {
    const order = await lockPendingOrder(tx, orderId);
    const updated = await tx.tokenOrder.update({
      where: { id: order.id },
      data: { status: "rejected", rejectionReason: reason, processedAt: new Date(), processedBy: adminId },
      select: adminTokenOrderSelect,
    });
    await createNotificationInTx(tx, {
      userId: order.user_id,
      type: "warning",
      title: "Order Rejected",
      message: `Your order for ${loopText(order.requested_amount)} LOOP was rejected. Reason: ${reason}`,
      actionUrl: paths.tokens(),
      actionText: "View Orders",
    });
    await recordAdminActionInTx(tx, {
      adminId,
      action: "token_order.rejected",
      targetType: "token_order",
      targetId: order.id,
      before: { status: order.status },
      after: { status: "rejected", rejectionReason: reason, userId: order.user_id },
    });
    return updated;
  }, TX_QUEUED);
  return toAdminTokenOrder(row);
}
