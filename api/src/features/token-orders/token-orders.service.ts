// POST /api/admin-orders and GET /api/admin-orders: a user's requests to buy LOOP from an admin.
// Nothing moves in the ledger until an admin fulfils the order (features/admin/admin-orders.service.ts).
import { clientUsdCents, type TokenOrder, type TokenOrderRequest } from "@loop/rules/schemas/token-orders";
import { loopUnitsToCents, parseLoop } from "@loop/rules/units";
import type { PrismaClient, Tx } from "../../db/prisma";
import { newestFirst } from "../../db/newest-first";
import { toTokenOrder, tokenOrderSelect } from "./token-order.view";
import { DomainError } from "../../domain-error";

/**
 * The order form (validated by the router, with the spec's messages): recomputes the USD price at
 * 500 LOOP = 1 USD half-up to the cent, refuses a zero price or a client figure that differs, and
 * saves the order.
 */
export async function createTokenOrder(
  db: Tx | PrismaClient,
  userId: string,
  { requestedAmount, paymentMethod, paymentDetails, message, usdAmount }: TokenOrderRequest,
): Promise<TokenOrder> {
  const units = parseLoop(requestedAmount)!;
  const cents = loopUnitsToCents(units);
  if (cents <= 0n) throw new DomainError("TOKEN_ORDER_AMOUNT_INVALID");
  if (clientUsdCents(usdAmount) !== cents) throw new DomainError("USD_AMOUNT_MISMATCH", { loopUnits: units, usdCents: cents });
  const row = await db.tokenOrder.create({
    data: { userId, requestedAmount: units, usdCents: Number(cents), paymentMethod, paymentDetails, message },
    select: tokenOrderSelect,
  });
  return toTokenOrder(row);
}

/** The caller's own orders, newest first. */
export async function listOwnTokenOrders(prisma: PrismaClient, userId: string, limit = 100, offset = 0): Promise<TokenOrder[]> {
  const rows = await prisma.tokenOrder.findMany({
    where: { userId },
    ...newestFirst(limit, offset),
    select: tokenOrderSelect,
  });
  return rows.map(toTokenOrder);
}
