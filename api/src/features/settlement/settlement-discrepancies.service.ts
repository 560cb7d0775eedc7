// The admins' view of settlement discrepancies (settlement-discrepancy.ts records them): the open
// ones, oldest first, and their resolution: which admin, when, and a note of what was done. A
// resolution is written once, with its audit entry, in one transaction.
import {
  type ResolveDiscrepancyRequest,
  type SettlementDiscrepancy,
  type SettlementDiscrepancyList,
} from "@loop/rules/schemas/settlement-discrepancies";
import type { PrismaClient, Tx } from "../../db/prisma";
import { TX_DEFAULT } from "../../db/transactions";
import { UUID } from "../../http/uuid";
import { recordAdminActionInTx } from "../admin/audit-log";
import { DomainError } from "../../domain-error";

/** How many open ones the overview lists at most (the oldest first). */
const LIST_LIMIT = 200;

type DiscrepancyRow = Awaited<ReturnType<Tx["settlementDiscrepancy"]["findUniqueOrThrow"]>>;

async function toDiscrepancy(prisma: PrismaClient | Tx, row: DiscrepancyRow): Promise<SettlementDiscrepancy> {
  const resolver = row.resolvedBy ? await prisma.user.findUnique({ where: { id: row.resolvedBy }, select: { username: true } }) : null;
  return {
    id: row.id,
    chainId: row.chainId,
    txHash: row.txHash,
    logIndex: row.logIndex,
    kind: row.kind,
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: resolver?.username ?? null,
    resolution: row.resolution,
  };
}

/** GET /api/admin/settlement-discrepancies: the open ones, oldest first. */
export async function listOpenDiscrepancies(prisma: PrismaClient): Promise<SettlementDiscrepancyList> {
  const rows = await prisma.settlementDiscrepancy.findMany({
    where: { resolvedAt: null },
    orderBy: { createdAt: "asc" },
    take: LIST_LIMIT,
  });
  return { discrepancies: await Promise.all(rows.map((row) => toDiscrepancy(prisma, row))) };
}

/** POST /api/admin/settlement-discrepancies/:id/resolve */
export async function resolveDiscrepancy(
  prisma: PrismaClient,
  adminId: string,
  id: string,
  { resolution }: ResolveDiscrepancyRequest,
): Promise<SettlementDiscrepancy> {
  if (!UUID.test(id)) throw new DomainError("DISCREPANCY_NOT_FOUND");
  return prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<
      { id: string }[]
    >`SELECT "id"::text FROM "app"."settlement_discrepancies" WHERE "id" = ${id}::uuid FOR UPDATE`;
    if (!locked[0]) throw new DomainError("DISCREPANCY_NOT_FOUND");
    const before = await tx.settlementDiscrepancy.findUniqueOrThrow({ where: { id } });
    if (before.resolvedAt) throw new DomainError("DISCREPANCY_RESOLVED");
    const after = await tx.settlementDiscrepancy.update({
      where: { id },
      data: { resolvedAt: new Date(), resolvedBy: adminId, resolution },
    });
    await recordAdminActionInTx(tx, {
      adminId,
      action: "settlement.discrepancy_resolved",
      targetType: "settlement",
      targetId: id,
      before: { detail: before.detail, resolvedAt: null },
      after: { resolution, resolvedAt: after.resolvedAt },
    });
    return toDiscrepancy(tx, after);
  }, TX_DEFAULT);
}
