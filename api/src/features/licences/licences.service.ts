// Licences (docs/licence.md, docs/product.md#licences): the public view of a purchase's licence, the
// member's licences of a loop (the Download menu), and the licence a PDF is made of. A licence is
// written by the database with its purchase (migration 20261130080000_licences); it is valid while
// the purchase is not refunded or reversed (purchases.refunded_at), revoked from that date. A free
// loop's download (no purchase) has one too, written with its loop_downloads row: always valid.
import { SUPPORTED_CHAINS } from "@loop/rules/chains";
import { paths } from "@loop/rules/paths";
import { type Licence, type LicenceListQuery, type LicenceSummary } from "@loop/rules/schemas/licences";
import type { PurchaseMethod } from "@loop/rules/schemas/purchases";
import type { Prisma, PrismaClient } from "../../db/prisma";
import { UUID } from "../../http/uuid";
import { saleAmounts } from "../purchases/record-purchase";
import { DomainError } from "../../domain-error";

const LICENCE_SELECT = {
  id: true,
  version: true,
  loopTitle: true,
  creatorId: true,
  creatorUsername: true,
  creatorName: true,
  buyerUsername: true,
  format: true,
  priceCents: true,
  feeCents: true,
  loopUnits: true,
  method: true,
  chainId: true,
  contractAddress: true,
  txHash: true,
  issuedAt: true,
  downloadLoopId: true,
  downloadUserId: true,
  purchase: { select: { id: true, loopId: true, buyerId: true, refundedAt: true } },
} satisfies Prisma.LicenceSelect;

/**
 * A licence with its members' handles as they are now (issue 35): the row keeps the usernames of the
 * purchase's time, but a handle can be given up and taken by someone else, so the licence names its
 * members by their account ids and their current usernames (the snapshot is the fallback for an
 * account that no longer exists).
 */
export type LicenceRow = Prisma.LicenceGetPayload<{ select: typeof LICENCE_SELECT }> & {
  currentUsernames: ReadonlyMap<string, string>;
};

/** The licensee: the buyer, or the member who downloaded the free loop (CHECK licences_source_check: one is set). */
export const licenceOwnerId = (row: { purchase: { buyerId: string } | null; downloadUserId: string | null }): string =>
  row.purchase?.buyerId ?? row.downloadUserId!;

const chainName = (chainId: number) => SUPPORTED_CHAINS.find((chain) => chain.id === chainId)?.name ?? `Chain ${chainId}`;

/** The public answer; `viewerId`: the signed-in caller, if any (ownedByMe). */
export function toLicence(row: LicenceRow, viewerId: string | null): Licence {
  const { purchase } = row;
  const ownerId = licenceOwnerId(row);
  // A free download has nothing to refund: valid for good.
  const revokedAt = purchase?.refundedAt ?? null;
  return {
    id: row.id,
    version: row.version,
    status: revokedAt ? "revoked" : "valid",
    revokedAt: revokedAt?.toISOString() ?? null,
    issuedAt: row.issuedAt.toISOString(),
    loop: { id: purchase?.loopId ?? row.downloadLoopId!, title: row.loopTitle },
    creator: { id: row.creatorId, username: row.currentUsernames.get(row.creatorId) ?? row.creatorUsername, name: row.creatorName },
    buyer: { id: ownerId, username: row.currentUsernames.get(ownerId) ?? row.buyerUsername },
    format: row.format,
    ...saleAmounts(row),
    method: row.method as PurchaseMethod,
    purchaseId: purchase?.id ?? null,
    chain:
      row.chainId === null
        ? null
        : { chainId: row.chainId, name: chainName(row.chainId), contract: row.contractAddress, txHash: row.txHash },
    verifyUrl: paths.licence(row.id),
    ownedByMe: viewerId !== null && viewerId === ownerId,
  };
}

/** The licence with this id; 404 "Licence Not Found" for an unknown or malformed id. */
export async function findLicence(prisma: PrismaClient, id: string): Promise<LicenceRow> {
  const row = UUID.test(id) ? await prisma.licence.findUnique({ where: { id }, select: LICENCE_SELECT }) : null;
  if (!row) throw new DomainError("LICENCE_NOT_FOUND");
  const members = await prisma.user.findMany({
    where: { id: { in: [row.creatorId, licenceOwnerId(row)] } },
    select: { id: true, username: true },
  });
  return { ...row, currentUsernames: new Map(members.map((member) => [member.id, member.username])) };
}

/** GET /api/licences/:id: anyone may verify a licence. */
export async function getLicence(prisma: PrismaClient, id: string, viewerId: string | null): Promise<Licence> {
  return toLicence(await findLicence(prisma, id), viewerId);
}

/** The buyer's (or free downloader's) licence, for the PDF: another member gets the same 404 as an unknown id. */
export async function ownLicence(prisma: PrismaClient, id: string, userId: string): Promise<LicenceRow> {
  const row = await findLicence(prisma, id);
  if (licenceOwnerId(row) !== userId) throw new DomainError("LICENCE_NOT_FOUND");
  return row;
}

/**
 * GET /api/licences?loopId=: the member's licences of a loop, newest first: their purchases' (a refunded
 * one's too, revoked) and their free download's.
 */
export async function listLicences(prisma: PrismaClient, userId: string, { loopId }: LicenceListQuery): Promise<LicenceSummary[]> {
  const rows = await prisma.licence.findMany({
    where: { OR: [{ purchase: { buyerId: userId, loopId } }, { downloadUserId: userId, downloadLoopId: loopId }] },
    orderBy: { issuedAt: "desc" },
    select: { id: true, format: true, issuedAt: true, purchase: { select: { id: true, refundedAt: true } } },
  });
  return rows.map((row) => ({
    id: row.id,
    format: row.format,
    status: row.purchase?.refundedAt ? "revoked" : "valid",
    purchaseId: row.purchase?.id ?? null,
    issuedAt: row.issuedAt.toISOString(),
  }));
}
