// The admins' side of token orders: list, fulfil (credit the buyer once, from issuance, as an
// admin_airdrop) and reject. Each decision is one transaction on the row-locked order, so two
// admins acting at once produce one decision; the loser gets 409.
import { paths } from "@loop/rules/paths";
import { loopText, type AdminTokenOrder, type TokenOrderStatus, type RejectTokenOrderRequest } from "@loop/rules/schemas/token-orders";
import { formatLoop } from "@loop/rules/units";
import type { Prisma, PrismaClient, Tx } from "../../db/prisma";
import { newestFirst } from "../../db/newest-first";
import { platformAccountId, postEntryInTx, userAccountId } from "../ledger/ledger.service";
import { createNotificationInTx, type NotificationInput } from "../notifications/create-notification";
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
    ...newestFirst(query.limit, query.offset),
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

/**
 * An admin's decision on the locked order, in the caller's transaction: its `status` (and `data`), the
 * buyer's notice (to the Tokens page) and the audit entry, whose `after` starts with the status.
 */
async function decideOrderInTx(
  tx: Tx,
  adminId: string,
  order: LockedOrder,
  decision: {
    status: "fulfilled" | "rejected";
    data: Prisma.TokenOrderUncheckedUpdateInput;
    notice: Pick<NotificationInput, "type" | "title" | "message" | "actionText">;
    after: Record<string, unknown>;
  },
) {
  const { status } = decision;
  const updated = await tx.tokenOrder.update({
    where: { id: order.id },
    data: { ...decision.data, status, processedAt: new Date(), processedBy: adminId },
    select: adminTokenOrderSelect,
  });
  await createNotificationInTx(tx, { userId: order.user_id, ...decision.notice, actionUrl: paths.tokens() });
  await recordAdminActionInTx(tx, {
    adminId,
    action: `token_order.${status}`,
    targetType: "token_order",
    targetId: order.id,
    before: { status: order.status },
    after: { status, ...decision.after },
  });
  return updated;
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
    return decideOrderInTx(tx, adminId, order, {
      status: "fulfilled",
      data: { ledgerEntryId: entry.id },
      notice: {
        type: "success",
        title: "Tokens Credited",
        message: `${loopText(order.requested_amount)} LOOP from your order have been added to your balance.`,
        actionText: "View Balance",
      },
      after: { amount: formatLoop(order.requested_amount), userId: order.user_id, ledgerEntryId: entry.id },
    });
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
    return decideOrderInTx(tx, adminId, order, {
      status: "rejected",
      data: { rejectionReason: reason },
      notice: {
        type: "warning",
        title: "Order Rejected",
        message: `Your order for ${loopText(order.requested_amount)} LOOP was rejected. Reason: ${reason}`,
        actionText: "View Orders",
      },
      after: { rejectionReason: reason, userId: order.user_id },
    });
  }, TX_QUEUED);
  return toAdminTokenOrder(row);
}
