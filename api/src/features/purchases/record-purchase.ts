// What every way to pay ends with (docs/product.md#purchases): the purchase row (once per buyer, loop and format)
// with its licence (docs/licence.md), and for a paid one a notification to each side. Runs in the payment's transaction.
import type { Format } from "@loop/rules/fees";
import { paths } from "@loop/rules/paths";
import { type Purchase, type PurchaseMethod } from "@loop/rules/schemas/purchases";
import { formatLoop, formatUsd } from "@loop/rules/units";
import { isUniqueViolation, type PrismaClient, type Tx } from "../../db/prisma";
import { createNotificationsInTx, type NotificationInput } from "../notifications/create-notification";
import { DomainError } from "../../domain-error";

/**
 * What a sale cost as every answer shows it (a purchase, its licence, a library entry): the price,
 * the format fee and their total in USD (2 decimals), and the LOOP paid (8 decimals) when paid in LOOP.
 */
export function saleAmounts(sale: { priceCents: number; feeCents: number; loopUnits: bigint | null }) {
  return {
    price: formatUsd(BigInt(sale.priceCents)),
    fee: formatUsd(BigInt(sale.feeCents)),
    total: formatUsd(BigInt(sale.priceCents + sale.feeCents)),
    loopAmount: sale.loopUnits === null ? null : formatLoop(sale.loopUnits),
  };
}

export interface LoopForSale {
  id: string;
  title: string;
  userId: string;
  priceCents: number;
  isFree: boolean;
  status: string;
  isPublic: boolean;
  /** Reachable by its link, listed nowhere: on sale as a public loop is (issue 37). */
  unlisted: boolean;
}

/** What was bought, for the answer and the e-mails. */
export interface CompletedPurchase {
  purchase: Purchase;
  sellerId: string;
  buyerId: string;
}

export interface PurchaseToRecord {
  loop: Pick<LoopForSale, "id" | "title" | "userId">;
  buyerId: string;
  format: Format;
  priceCents: number;
  feeCents: number;
  method: PurchaseMethod;
  /** LOOP paid, in ledger units (in app or on chain); null when not paid in LOOP. */
  loopUnits: bigint | null;
  ledgerEntryId: string | null;
  /** E.g. the transaction hash of a wallet purchase. */
  externalRef: string | null;
  /** Appended to the seller's "New Sale" notification (e.g. when held proceeds become available). */
  sellerNote?: string;
  /** An on-chain purchase: where it happened, for its licence (docs/licence.md). */
  chain?: { chainId: number; contract: string; txHash: string };
}

export interface RecordedPurchase {
  id: string;
  createdAt: Date;
  format: Format;
  method: string;
  priceCents: number;
  feeCents: number;
  loopUnits: bigint | null;
  /** Its licence (written by the database with the purchase: migration 20261130080000_licences). */
  licence: { id: string } | null;
}

/** The purchase's own columns of a RecordedPurchase. */
const PURCHASE_COLUMNS = {
  id: true,
  createdAt: true,
  format: true,
  method: true,
  priceCents: true,
  feeCents: true,
  loopUnits: true,
} as const;

/** The columns of a RecordedPurchase (what toPurchase shows), for a query's select. */
export const RECORDED_PURCHASE_SELECT = { ...PURCHASE_COLUMNS, licence: { select: { id: true } } } as const;

/** The buyer's purchase of this loop and format that is not refunded (what "owning" it means), or null. */
export function ownedPurchase(db: Tx | PrismaClient, buyerId: string, loopId: string, format: Format) {
  return db.purchase.findFirst({ where: { buyerId, loopId, format, refundedAt: null }, select: { id: true } });
}

/**
 * The purchase row (with its licence, which the database writes in the same statement; an on-chain
 * purchase's chain facts are added to it here) and the notifications; a second purchase of the same
 * loop and format is 409.
 */
export async function recordPurchaseInTx(tx: Tx, input: PurchaseToRecord): Promise<RecordedPurchase> {
  const { loop, buyerId, format, priceCents, feeCents, method, loopUnits, ledgerEntryId, externalRef, sellerNote, chain } = input;
  let created: Omit<RecordedPurchase, "licence">;
  try {
    created = await tx.purchase.create({
      data: { loopId: loop.id, buyerId, format, priceCents, feeCents, method, loopUnits, ledgerEntryId, externalRef },
      select: PURCHASE_COLUMNS,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("ALREADY_PURCHASED");
    throw error;
  }
  const licence = chain
    ? await tx.licence.update({
        where: { purchaseId: created.id },
        data: { chainId: chain.chainId, contractAddress: chain.contract.toLowerCase(), txHash: chain.txHash.toLowerCase() },
        select: { id: true },
      })
    : await tx.licence.findUniqueOrThrow({ where: { purchaseId: created.id }, select: { id: true } });
  const row: RecordedPurchase = { ...created, licence };
  if (method !== "free") await createNotificationsInTx(tx, saleNotifications({ loop, buyerId, format, priceCents, sellerNote }));
  return row;
}

/** A paid purchase's notifications: the buyer's "Purchase Complete" and the seller's "New Sale". */
export function saleNotifications({
  loop,
  buyerId,
  format,
  priceCents,
  sellerNote,
}: Pick<PurchaseToRecord, "loop" | "buyerId" | "format" | "priceCents" | "sellerNote">): NotificationInput[] {
  const what = `${loop.title} (${format.toUpperCase()})`;
  return [
    {
      userId: buyerId,
      type: "success",
      title: "Purchase Complete",
      message: `${what} is yours: download it from the loop's page, or from the link in your e-mail.`,
      actionUrl: paths.loop(loop.id),
      actionText: "Open",
    },
    {
      userId: loop.userId,
      type: "success",
      title: "New Sale",
      message: `You sold ${what} for $${formatUsd(BigInt(priceCents))}.${sellerNote ? ` ${sellerNote}` : ""}`,
      actionUrl: paths.tokens(),
      actionText: "View balance",
    },
  ];
}

export function toPurchase(row: RecordedPurchase, loop: Pick<LoopForSale, "id" | "title">, downloadUrl: string): Purchase {
  return {
    id: row.id,
    loopId: loop.id,
    loopTitle: loop.title,
    format: row.format,
    method: row.method as PurchaseMethod,
    ...saleAmounts(row),
    createdAt: row.createdAt.toISOString(),
    downloadUrl,
    licenceId: licenceIdOf(row),
  };
}

/** The purchase's licence id; every purchase has one (the database writes it with the purchase). */
function licenceIdOf(row: RecordedPurchase): string {
  if (!row.licence) throw new Error(`purchase ${row.id} has no licence`);
  return row.licence.id;
}
