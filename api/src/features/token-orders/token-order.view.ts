import type { AdminTokenOrder, PaymentMethod, TokenOrder, TokenOrderStatus } from "@loop/rules/schemas/token-orders";
import { formatLoop, formatUsd } from "@loop/rules/units";

/** The columns a TokenOrder answer needs (Prisma select). */
export const tokenOrderSelect = {
  id: true,
  userId: true,
  requestedAmount: true,
  usdCents: true,
  paymentMethod: true,
  paymentDetails: true,
  message: true,
  status: true,
  rejectionReason: true,
  createdAt: true,
  processedAt: true,
} as const;

export interface TokenOrderRow {
  id: string;
  userId: string;
  requestedAmount: bigint;
  usdCents: number;
  paymentMethod: string;
  paymentDetails: string;
  message: string | null;
  status: string;
  rejectionReason: string | null;
  createdAt: Date;
  processedAt: Date | null;
}

export const adminTokenOrderSelect = { ...tokenOrderSelect, user: { select: { username: true, email: true } } } as const;

export type AdminTokenOrderRow = TokenOrderRow & { user: { username: string; email: string | null } };

export function toTokenOrder(row: TokenOrderRow): TokenOrder {
  return {
    id: row.id,
    requestedAmount: formatLoop(row.requestedAmount),
    usdAmount: formatUsd(BigInt(row.usdCents)),
    paymentMethod: row.paymentMethod as PaymentMethod,
    paymentDetails: row.paymentDetails,
    message: row.message,
    status: row.status as TokenOrderStatus,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

export function toAdminTokenOrder(row: AdminTokenOrderRow): AdminTokenOrder {
  return { ...toTokenOrder(row), userId: row.userId, username: row.user.username, email: row.user.email };
}
