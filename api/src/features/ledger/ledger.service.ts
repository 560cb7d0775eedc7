// The in-app LOOP ledger (docs/product.md#ledger): idempotent double-entry postings and holds, amounts in
// bigint ledger units (10^-8 LOOP). Usable without HTTP. The database enforces the invariants
// too (see migration 20261122040000_ledger): balanced entries, no overdrawn user account,
// immutable entries, holds resolved once.
//
// A member has two accounts (issue 18, migration 20261126140000_promotional_loop): 'user', the
// withdrawable LOOP (bought, deposited, received from members, sale proceeds paid with withdrawable
// LOOP), and 'user_promo', promotional LOOP (the welcome bonus, level rewards, upload rewards): spendable on loops,
// never sent or withdrawn. A posting that names a `userId` is the 'user' account, so transfers and
// withdrawals cannot reach promotional LOOP; paying for a loop (postPaymentInTx) and holding for an
// offer (placeSpendingHoldsInTx) use promotional LOOP first.
//
// This file: accounts, entries and balances; holds in ledger-holds.ts, a loop's payment in
// ledger-payments.ts.
import { createHash, randomInt } from "node:crypto";
import { isUniqueViolation, Prisma, type PrismaClient, type Tx } from "../../db/prisma";

/** chargeback_losses: fiat payments reversed after their proceeds became the seller's (the platform's loss). */
export type PlatformAccountKind = "issuance" | "fees" | "vault" | "clearing" | "chargeback_losses";
export type EntryKind =
  | "welcome_bonus"
  | "user_transfer"
  | "admin_airdrop"
  | "reward"
  | "level_reward"
  | "purchase"
  | "sale"
  | "deposit"
  | "withdrawal"
  | "vault_deposit"
  | "correction"
  /** A fiat sale reversed inside its hold: the held proceeds and the fee go back to clearing. */
  | "sale_reversal"
  /** A fiat sale reversed after its hold: clearing made whole from chargeback_losses (and fees). */
  | "chargeback_loss"
  /** Migration 20261126140000: a member's existing bonuses and rewards moved to their promotional account. */
  | "promotional_split"
  /** Issue 22: 500 promotional LOOP for an upload that stayed listed (features/upload-rewards). */
  | "upload_reward"
  /** Issue 35: level rewards a reversed fiat sale's XP had earned, taken back (promotional → issuance; levels/revoke-xp.ts). */
  | "reward_reversal"
  /** Issue 35: an upload reward given back (its loop left sale within 30 days): promotional → issuance, by a database trigger. */
  | "upload_reward_return";

export const WELCOME_BONUS_UNITS = 500n * 10n ** 8n;

/** The debited user account has less available than the entry takes. */
export class InsufficientFunds extends Error {
  constructor(readonly accountId: string) {
    super(`account ${accountId} has insufficient available balance`);
    this.name = "InsufficientFunds";
  }
}

/** A posting named a user id that has no user. */
export class UnknownUser extends Error {
  constructor(readonly userId: string) {
    super(`no user ${userId}`);
    this.name = "UnknownUser";
  }
}

/** A posting names its account, or the user whose account it is (created on first use). */
export type PostingInput = ({ accountId: string; userId?: undefined } | { userId: string; accountId?: undefined }) & {
  /** Signed ledger units: positive credits, negative debits. */
  amount: bigint;
};

export interface EntryInput {
  idempotencyKey: string;
  kind: EntryKind;
  description?: string | null;
  postings: PostingInput[];
}

export interface PostedEntry {
  id: string;
  kind: string;
  createdAt: Date;
  /** False when an entry with this key already existed (nothing moved this time). */
  created: boolean;
}

/** The user's (withdrawable) account, created on first use (users normally get it with their welcome bonus). */
export async function userAccountId(tx: Tx | PrismaClient, userId: string): Promise<string> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT "app"."ledger_user_account"(${userId}::uuid)::text AS "id"`;
  return rows[0]!.id;
}

/** The user's promotional account (welcome bonus, level rewards, upload rewards), created on first use. */
export async function promoAccountId(tx: Tx | PrismaClient, userId: string): Promise<string> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT "app"."ledger_user_promo_account"(${userId}::uuid)::text AS "id"`;
  return rows[0]!.id;
}

/**
 * 'issuance' and 'fees' are PLATFORM_SHARDS rows each, so that concurrent entries do not queue on
 * one row's lock (migrations 20261207100000_platform_account_shards and
 * 20261208100000_platform_account_64_shards; docs/decisions.md, "No hot rows"); their balance is
 * the sum of their rows (platformBalance). The other kinds have one row.
 */
export const PLATFORM_SHARDS = 64;

/** A shard for an entry: any will do, spread at random. */
export const anyShard = () => randomInt(PLATFORM_SHARDS);

/** The shard of a member's payments (their own rows are locked anyway: two of theirs queue on those). */
export const shardOf = (userId: string) => createHash("sha256").update(userId).digest().readUInt32BE(0) % PLATFORM_SHARDS;

/**
 * The platform account of `kind` an entry posts to: for issuance and fees one of their shards
 * (`shard`, random by default). Every platform account exists from the migration on: a lookup, no insert.
 */
export async function platformAccountId(tx: Tx | PrismaClient, kind: PlatformAccountKind, shard = anyShard()): Promise<string> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT "app"."ledger_platform_account"(${kind}, ${shard}::int)::text AS "id"`;
  const id = rows[0]?.id;
  if (!id) throw new Error(`ledger: no platform account ${kind}`);
  return id;
}

/** A platform kind's balance: the sum of its shards. */
export async function platformBalance(db: Tx | PrismaClient, kind: PlatformAccountKind): Promise<bigint> {
  const { _sum } = await db.ledgerAccount.aggregate({ where: { kind, userId: null }, _sum: { balance: true } });
  return _sum.balance ?? 0n;
}

export interface LockedAccount {
  id: string;
  kind: string;
  balance: bigint;
  held: bigint;
}

/** SELECT … FOR UPDATE in id order, so two entries touching the same accounts never deadlock (the ledger's modules only). */
export async function lockAccounts(tx: Tx, ids: string[]): Promise<Map<string, LockedAccount>> {
  const sorted = [...new Set(ids)].sort();
  const rows = await tx.$queryRaw<LockedAccount[]>`
    SELECT "id", "kind", "balance", "held" FROM "app"."ledger_accounts"
    WHERE "id" = ANY(${sorted}::uuid[]) ORDER BY "id" FOR UPDATE`;
  if (rows.length !== sorted.length) throw new Error("ledger: unknown account in entry");
  return new Map(rows.map((row) => [row.id, row]));
}

function validatePostings(postings: PostingInput[]): void {
  if (postings.length < 2) throw new Error("ledger: an entry needs at least two postings");
  let sum = 0n;
  for (const posting of postings) {
    if (posting.amount === 0n) throw new Error("ledger: a posting moves a non-zero amount");
    sum += posting.amount;
  }
  if (sum !== 0n) throw new Error(`ledger: postings sum to ${sum}, not zero`);
}

async function findEntry(db: Tx | PrismaClient, idempotencyKey: string): Promise<PostedEntry | null> {
  const entry = await db.ledgerEntry.findUnique({ where: { idempotencyKey }, select: { id: true, kind: true, createdAt: true } });
  return entry ? { ...entry, created: false } : null;
}

/** SQLSTATE raised by app.ledger_post when a user account would be overdrawn (message: its id). */
const INSUFFICIENT_FUNDS_SQLSTATE = "LE001";

/** SQLSTATE raised by app.ledger_user_account for a user id that has no user (message: the id). */
const UNKNOWN_USER_SQLSTATE = "LE002";

/** The SQLSTATE and message of a failed raw query (driver adapter errors), or null. */
function sqlError(error: unknown): { code: unknown; message: string } | null {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return null;
  const meta = (error.meta ?? {}) as {
    code?: unknown;
    message?: unknown;
    driverAdapterError?: { cause?: { originalCode?: unknown; originalMessage?: unknown } };
  };
  const cause = meta.driverAdapterError?.cause;
  return { code: cause?.originalCode ?? meta.code, message: String(cause?.originalMessage ?? meta.message ?? "") };
}

const uuidIn = (message: string) => /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.exec(message)?.[0] ?? "unknown";

interface PostedRow {
  entry_id: string;
  entry_kind: string;
  entry_created_at: Date;
  created: boolean;
}

/** An entry whose id and time the caller chose (so it can answer before the entry is posted). */
export interface PlannedEntry extends EntryInput {
  id: string;
  createdAt: Date;
}

/**
 * The arguments of app.ledger_post for `input`, as SQL: key, kind, description, the accounts
 * (user postings resolved to their accounts, created on first use), amounts, entry id and time.
 */
export function ledgerPostArgs(input: EntryInput | PlannedEntry): Prisma.Sql {
  validatePostings(input.postings);
  const planned = "id" in input ? input : null;
  return Prisma.sql`${input.idempotencyKey}, ${input.kind}, ${input.description ?? null},
    (SELECT array_agg(COALESCE(x.account_id, a."id", "app"."ledger_user_account"(x.user_id)) ORDER BY x.n)
      FROM unnest(${input.postings.map((p) => p.accountId ?? null)}::uuid[], ${input.postings.map((p) => p.userId ?? null)}::uuid[])
        WITH ORDINALITY AS x(account_id, user_id, n)
      LEFT JOIN "app"."ledger_accounts" a ON a."user_id" = x.user_id AND a."kind" = 'user'),
    ${input.postings.map((p) => p.amount.toString())}::bigint[], ${planned?.id ?? null}::uuid, ${planned?.createdAt ?? null}::timestamptz`;
}

/** The ledger's refusal behind a failed posting statement (overdraft, unknown user), or null. */
export function ledgerRefusal(error: unknown): InsufficientFunds | UnknownUser | null {
  const failure = sqlError(error);
  if (failure?.code === INSUFFICIENT_FUNDS_SQLSTATE) return new InsufficientFunds(uuidIn(failure.message));
  if (failure?.code === UNKNOWN_USER_SQLSTATE) return new UnknownUser(uuidIn(failure.message));
  return null;
}

/**
 * Posts inside the caller's transaction (or alone: it is one statement, app.ledger_post, which
 * locks the accounts, refuses overdrafts and honours the key). Returns the existing entry when
 * the key was used.
 */
export async function postEntryInTx(tx: Tx | PrismaClient, input: EntryInput | PlannedEntry): Promise<PostedEntry> {
  try {
    const rows = await tx.$queryRaw<PostedRow[]>`
      SELECT "entry_id"::text, "entry_kind", "entry_created_at", "created" FROM "app"."ledger_post"(${ledgerPostArgs(input)})`;
    const row = rows[0]!;
    return { id: row.entry_id, kind: row.entry_kind, createdAt: row.entry_created_at, created: row.created };
  } catch (error) {
    throw ledgerRefusal(error) ?? error;
  }
}

/** Posts an entry once per idempotency key: a second call (even a concurrent one) returns the first entry. */
export async function postEntry(prisma: PrismaClient, input: EntryInput): Promise<PostedEntry> {
  try {
    return await postEntryInTx(prisma, input);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const existing = await findEntry(prisma, input.idempotencyKey);
      if (existing) return existing;
    }
    throw error;
  }
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** What a member pays from each account: promotional LOOP first, then withdrawable. */
export function spendingSplit(amount: bigint, promoAvailable: bigint): { promotional: bigint; withdrawable: bigint } {
  const promotional = min(amount, promoAvailable > 0n ? promoAvailable : 0n);
  return { promotional, withdrawable: amount - promotional };
}

export interface Balance {
  /** Both accounts, held amounts included. */
  balance: bigint;
  held: bigint;
  /** balance − held: what can be spent on loops now. */
  available: bigint;
  /** The withdrawable account's balance − held: what can be sent or withdrawn now. */
  withdrawable: bigint;
  /** The promotional account's balance (held amounts included): spendable on loops only. */
  promotional: bigint;
  /** The promotional account's balance − held. */
  promotionalAvailable: bigint;
}

export async function userBalance(db: Tx | PrismaClient, userId: string): Promise<Balance> {
  const accounts = await db.ledgerAccount.findMany({ where: { userId }, select: { kind: true, balance: true, held: true } });
  const earned = accounts.find((account) => account.kind === "user") ?? { balance: 0n, held: 0n };
  const promo = accounts.find((account) => account.kind === "user_promo") ?? { balance: 0n, held: 0n };
  const balance = earned.balance + promo.balance;
  const held = earned.held + promo.held;
  return {
    balance,
    held,
    available: balance - held,
    withdrawable: earned.balance - earned.held,
    promotional: promo.balance,
    promotionalAvailable: promo.balance - promo.held,
  };
}

/** The welcome bonus, once per user (the users_welcome trigger posts it when a user row is inserted). */
export async function grantWelcomeBonus(db: Tx | PrismaClient, userId: string): Promise<void> {
  await db.$executeRaw`SELECT "app"."ledger_welcome"(${userId}::uuid)`;
}
