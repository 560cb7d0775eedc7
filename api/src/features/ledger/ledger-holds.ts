// Holds (docs/product.md#ledger): LOOP of an account reserved for a payment to come (a withdrawal,
// an offer, a card or PayPal sale's proceeds until their hold ends), then captured into an entry or
// released. Each locks its accounts in the ledger's order (lockAccounts) first.
import type { PrismaClient, Tx } from "../../db/prisma";
import { TX_QUEUED } from "../../db/transactions";
import {
  InsufficientFunds,
  lockAccounts,
  postEntryInTx,
  promoAccountId,
  spendingSplit,
  userAccountId,
  type EntryInput,
  type EntryKind,
} from "./ledger.service";

export interface Hold {
  id: string;
  accountId: string;
  amount: bigint;
  state: "open" | "captured" | "released";
  reason: string;
  entryId: string | null;
  /** A timed hold is released by the job (see timed-holds.ts) once this time has passed. */
  releaseAt: Date | null;
}

export const holdSelect = { id: true, accountId: true, amount: true, state: true, reason: true, entryId: true, releaseAt: true } as const;

const isMemberAccount = (kind: string) => kind === "user" || kind === "user_promo";

/**
 * Reserves `amount` of a user account's available balance (InsufficientFunds otherwise). With
 * `releaseAt`, a timed hold: the job releases it then, unless it was captured or released before.
 */
export async function placeHoldInTx(
  tx: Tx,
  accountId: string,
  amount: bigint,
  reason: string,
  options: { releaseAt?: Date } = {},
): Promise<Hold> {
  if (amount <= 0n) throw new Error("ledger: a hold reserves a positive amount");
  const account = (await lockAccounts(tx, [accountId])).get(accountId)!;
  if (isMemberAccount(account.kind) && account.balance - account.held < amount) throw new InsufficientFunds(accountId);
  return (await tx.ledgerHold.create({
    data: { accountId, amount, reason, releaseAt: options.releaseAt ?? null },
    select: holdSelect,
  })) as Hold;
}

export function placeHold(prisma: PrismaClient, accountId: string, amount: bigint, reason: string): Promise<Hold> {
  return prisma.$transaction((tx) => placeHoldInTx(tx, accountId, amount, reason), TX_QUEUED);
}

/**
 * Captures an open hold: the held amount leaves the account for `toAccountId` in one entry
 * (key `hold:<id>:capture`). Capturing a captured hold returns it unchanged; a released one throws.
 */
export async function captureHoldInTx(tx: Tx, holdId: string, toAccountId: string, kind: EntryKind, description?: string): Promise<Hold> {
  const rows = await tx.$queryRaw<{ account_id: string }[]>`SELECT "account_id" FROM "app"."ledger_holds" WHERE "id" = ${holdId}::uuid`;
  if (!rows[0]) throw new Error(`ledger: no hold ${holdId}`);
  await lockAccounts(tx, [rows[0].account_id, toAccountId]);
  const hold = (await tx.ledgerHold.findUniqueOrThrow({ where: { id: holdId }, select: holdSelect })) as Hold;
  if (hold.state === "captured") return hold;
  if (hold.state === "released") throw new Error(`ledger: hold ${holdId} was released`);
  // Release the reservation first, then move the money (balance − held never dips below zero).
  await tx.ledgerHold.update({ where: { id: holdId }, data: { state: "captured", resolvedAt: new Date() } });
  const entry = await postEntryInTx(tx, {
    idempotencyKey: `hold:${holdId}:capture`,
    kind,
    description,
    postings: [
      { accountId: hold.accountId, amount: -hold.amount },
      { accountId: toAccountId, amount: hold.amount },
    ],
  });
  return (await tx.ledgerHold.update({ where: { id: holdId }, data: { entryId: entry.id }, select: holdSelect })) as Hold;
}

export function captureHold(
  prisma: PrismaClient,
  holdId: string,
  toAccountId: string,
  kind: EntryKind,
  description?: string,
): Promise<Hold> {
  return prisma.$transaction((tx) => captureHoldInTx(tx, holdId, toAccountId, kind, description), TX_QUEUED);
}

/**
 * Captures an open hold into an entry of its own making (e.g. a sale: buyer → seller the price, buyer
 * → fees the fee), which may take more or less than was held from the hold's account: the hold stops
 * reserving, the entry moves the money, and the hold points at it. InsufficientFunds when the account
 * cannot pay what the entry takes beyond the hold.
 */
export async function captureHoldIntoEntryInTx(tx: Tx, holdId: string, entry: EntryInput): Promise<Hold> {
  const hold = (await tx.ledgerHold.findUniqueOrThrow({ where: { id: holdId }, select: holdSelect })) as Hold;
  await lockAccounts(tx, [hold.accountId]);
  const current = (await tx.ledgerHold.findUniqueOrThrow({ where: { id: holdId }, select: holdSelect })) as Hold;
  if (current.state !== "open") throw new Error(`ledger: hold ${holdId} is ${current.state}`);
  await tx.ledgerHold.update({ where: { id: holdId }, data: { state: "captured", resolvedAt: new Date() } });
  const posted = await postEntryInTx(tx, entry);
  return (await tx.ledgerHold.update({ where: { id: holdId }, data: { entryId: posted.id }, select: holdSelect })) as Hold;
}

/** Releases an open hold; releasing a released hold returns it unchanged; a captured one throws. */
export async function releaseHoldInTx(tx: Tx, holdId: string): Promise<Hold> {
  const rows = await tx.$queryRaw<{ account_id: string }[]>`SELECT "account_id" FROM "app"."ledger_holds" WHERE "id" = ${holdId}::uuid`;
  if (!rows[0]) throw new Error(`ledger: no hold ${holdId}`);
  await lockAccounts(tx, [rows[0].account_id]);
  const hold = (await tx.ledgerHold.findUniqueOrThrow({ where: { id: holdId }, select: holdSelect })) as Hold;
  if (hold.state === "released") return hold;
  if (hold.state === "captured") throw new Error(`ledger: hold ${holdId} was captured`);
  return (await tx.ledgerHold.update({
    where: { id: holdId },
    data: { state: "released", resolvedAt: new Date() },
    select: holdSelect,
  })) as Hold;
}

export function releaseHold(prisma: PrismaClient, holdId: string): Promise<Hold> {
  return prisma.$transaction((tx) => releaseHoldInTx(tx, holdId), TX_QUEUED);
}

export interface SpendingHolds {
  /** The hold on the withdrawable account, when any of it is needed. */
  holdId: string | null;
  /** The hold on the promotional account, when the member has promotional LOOP available. */
  promoHoldId: string | null;
}

/**
 * Reserves `amount` of a member's available LOOP for a payment to come (an offer): promotional LOOP
 * first, the rest from the withdrawable account; InsufficientFunds when both together fall short.
 */
export async function placeSpendingHoldsInTx(tx: Tx, userId: string, amount: bigint, reason: string): Promise<SpendingHolds> {
  if (amount <= 0n) throw new Error("ledger: a hold reserves a positive amount");
  const [earnedId, promoId] = [await userAccountId(tx, userId), await promoAccountId(tx, userId)];
  const locked = await lockAccounts(tx, [earnedId, promoId]);
  const earned = locked.get(earnedId)!;
  const promo = locked.get(promoId)!;
  const split = spendingSplit(amount, promo.balance - promo.held);
  if (earned.balance - earned.held < split.withdrawable) throw new InsufficientFunds(earnedId);
  const hold = async (accountId: string, part: bigint) =>
    part > 0n ? (await tx.ledgerHold.create({ data: { accountId, amount: part, reason }, select: { id: true } })).id : null;
  return { promoHoldId: await hold(promoId, split.promotional), holdId: await hold(earnedId, split.withdrawable) };
}
