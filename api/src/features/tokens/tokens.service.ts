// GET /api/tokens/balance, GET /api/tokens/pending-sales, POST /api/tokens/transfer, GET /api/tokens/transfers.
import { randomUUID } from "node:crypto";
import { paths } from "@loop/rules/paths";
import { type PendingSale, type TokenBalance, type Transfer, type TransferType, type TransferRequest } from "@loop/rules/schemas/tokens";
import { formatLoop, formatLoopBrief, parseLoop } from "@loop/rules/units";
import { hotQuery } from "../../db/hot-query";
import type { PrismaClient, Tx } from "../../db/prisma";
import type { Logger } from "../../deps";
import { type Answer, idempotencyConflict } from "../../http/idempotency";
import { userBalance } from "../ledger/ledger.service";
import { pendingTimedHolds } from "../ledger/timed-holds";
import { announceCommitted } from "../notifications/notification-announcer";
import { UUID } from "../../http/uuid";
import { DomainError } from "../../domain-error";

export async function tokenBalance(prisma: PrismaClient, userId: string): Promise<TokenBalance> {
  const { balance, held, available, withdrawable, promotional } = await userBalance(prisma, userId);
  return {
    balance: formatLoop(balance),
    available: formatLoop(available),
    held: formatLoop(held),
    withdrawable: formatLoop(withdrawable),
    promotional: formatLoop(promotional),
  };
}

/**
 * Why LOOP cannot be sent or withdrawn: a member with promotional LOOP is told that it cannot leave
 * and how much can (PROMOTIONAL_LOOP_LOCKED); one without any gets `fallback`, the spec's refusal.
 */
export async function outgoingRefusal(
  db: PrismaClient | Tx,
  userId: string,
  action: "send" | "withdraw",
  fallback: "TRANSFER_INSUFFICIENT_BALANCE" | "WITHDRAWAL_INSUFFICIENT_BALANCE",
): Promise<DomainError> {
  const { promotional, withdrawable } = await userBalance(db, userId);
  return promotional > 0n
    ? new DomainError("PROMOTIONAL_LOOP_LOCKED", { action, withdrawableUnits: withdrawable })
    : new DomainError(fallback);
}

/** GET /api/tokens/pending-sales: the held proceeds of card and PayPal sales (timed holds), per day of release. */
export async function pendingSales(prisma: PrismaClient, userId: string): Promise<PendingSale[]> {
  const pending = await pendingTimedHolds(prisma, userId);
  return pending.map((line) => ({ amount: formatLoop(line.amount), availableAt: line.releaseAt.toISOString() }));
}

interface TransferRow {
  outcome: "posted" | "replay" | "conflict" | "recipient_not_found" | "insufficient";
  status: number | null;
  response: string | null;
  /** Ledger units as text. */
  withdrawable: string | null;
  promotional: string | null;
  /** The recipient's notification, announced once committed. */
  notification_id: string | null;
}

/** The whole transfer in one statement (a prepared statement, see hot-query.ts). */
const TRANSFER_SQL = `
  SELECT "outcome", "status", "response", "withdrawable"::text AS "withdrawable", "promotional"::text AS "promotional",
    "notification_id"::text AS "notification_id"
  FROM "app"."token_transfer"($1::uuid, $2::uuid, $3::bigint, $4::text, $5::uuid, $6::text, $7::timestamptz, $8::text, $9::text, 201,
    $10::text, 'success', 'Tokens Received', $11::text, '${paths.tokens()}', 'View Balance')`;

/**
 * POST /api/tokens/transfer: the sender's withdrawable LOOP to another member, with the recipient's
 * "Tokens Received" notification. The answer (the entry's id and time are chosen here) is written
 * before anything is posted; then one statement,
 * app.token_transfer (migration 20261126180000_transfer_function), claims the Idempotency-Key
 * (`key`, with `hash`, its request's hash; neither is used without a key) with that answer, checks
 * the recipient and the balance under the accounts' locks, and posts the entry and the
 * notification: one round trip, one commit. The notification is announced to live pages right
 * after (notification-announcer.ts). The entry's ledger key is `transfer:<sender>:<key>`, so even a
 * lost answer never moves the money twice. A refusal (HttpError < 500) is the key's answer too
 * (the router runs this through withRefusalKept), so it is replayed.
 */
export async function sendTransfer(
  prisma: PrismaClient,
  sender: { id: string; username: string; withdrawalsSuspendedAt: Date | null },
  { toUserId, amount: amountText, description }: TransferRequest,
  key: string | null,
  hash: string,
  logger?: Logger,
): Promise<Answer> {
  const senderId = sender.id;
  const amount = parseLoop(amountText)!;
  const recipientId = toUserId.toLowerCase();
  if (recipientId === senderId) throw new DomainError("TRANSFER_TO_SELF");
  // A seller whose withdrawals are suspended could otherwise send the LOOP to a member who withdraws it.
  if (sender.withdrawalsSuspendedAt) throw new DomainError("TRANSFERS_SUSPENDED");
  if (!UUID.test(recipientId)) throw new DomainError("RECIPIENT_NOT_FOUND");
  const id = randomUUID();
  const createdAt = new Date();
  const transfer: Transfer = {
    id,
    transferType: "user_transfer",
    direction: "out",
    fromUserId: senderId,
    toUserId: recipientId,
    amount: formatLoop(amount),
    description,
    status: "completed",
    createdAt: createdAt.toISOString(),
  };
  const response = JSON.stringify(transfer);
  const message = `You received ${formatLoopBrief(amount)} LOOP from ${sender.username}${description ? `: "${description}"` : "."}`;
  const rows = await hotQuery<TransferRow>(prisma, "loop_token_transfer", TRANSFER_SQL, [
    senderId,
    recipientId,
    amount.toString(),
    description,
    id,
    `transfer:${senderId}:${key ?? id}`,
    createdAt.toISOString(),
    key,
    hash,
    response,
    message,
  ]);
  const row = rows[0]!;
  switch (row.outcome) {
    case "posted":
      announceCommitted(prisma, recipientId, row.notification_id!, logger);
      return { kind: "replay", status: 201, response };
    case "replay":
      return { kind: "replay", status: row.status!, response: row.response! };
    case "conflict":
      throw idempotencyConflict();
    case "recipient_not_found":
      throw new DomainError("RECIPIENT_NOT_FOUND");
    case "insufficient": {
      // A transfer takes only withdrawable LOOP: a sender with promotional LOOP is told why it cannot be sent.
      throw BigInt(row.promotional!) > 0n
        ? new DomainError("PROMOTIONAL_LOOP_LOCKED", { action: "send", withdrawableUnits: BigInt(row.withdrawable!) })
        : new DomainError("TRANSFER_INSUFFICIENT_BALANCE");
    }
  }
  throw new Error(`token_transfer: unknown outcome ${String(row.outcome)}`);
}

const TYPE_OF_KIND: Record<string, TransferType> = {
  welcome_bonus: "reward",
  reward: "reward",
  level_reward: "reward",
  // Level rewards taken back by a reversed card or PayPal sale (issue 35): going out.
  reward_reversal: "reward",
  upload_reward: "upload_reward",
  // Issue 35: an upload reward given back (its loop left sale within 30 days), going out.
  upload_reward_return: "upload_reward",
  admin_airdrop: "admin_airdrop",
  user_transfer: "user_transfer",
  purchase: "purchase",
  sale: "sale",
  // A fiat sale reversed inside its hold: the seller's side of it, going out.
  sale_reversal: "sale",
  deposit: "deposit",
  withdrawal: "withdrawal",
};

interface Row {
  id: string;
  kind: string;
  description: string | null;
  created_at: Date;
  amount: bigint;
  counterpart: string | null;
}

/**
 * The viewer's ledger movements, newest first, both directions: one line per entry, its amount
 * what the entry moved for the viewer over both of their accounts (a purchase paid partly with
 * promotional LOOP is one line). An entry that moved nothing for them (the promotional split
 * between their own two accounts) is left out.
 */
export async function listTransfers(prisma: PrismaClient, userId: string, limit = 100, offset = 0): Promise<Transfer[]> {
  const rows = await prisma.$queryRaw<Row[]>`
    WITH mine AS (
      SELECT p."entry_id", SUM(p."amount")::bigint AS "amount", MAX(p."id") AS "last_posting"
      FROM "app"."ledger_accounts" a
      JOIN "app"."ledger_postings" p ON p."account_id" = a."id"
      WHERE a."user_id" = ${userId}::uuid
      GROUP BY p."entry_id"
      HAVING SUM(p."amount") <> 0
    )
    SELECT e."id", e."kind", e."description", e."created_at", m."amount",
      (SELECT a2."user_id"::text FROM "app"."ledger_postings" p2 JOIN "app"."ledger_accounts" a2 ON a2."id" = p2."account_id"
        WHERE p2."entry_id" = e."id" AND a2."user_id" IS DISTINCT FROM ${userId}::uuid AND sign(p2."amount") <> sign(m."amount")
        ORDER BY p2."id" LIMIT 1) AS counterpart
    FROM mine m
    JOIN "app"."ledger_entries" e ON e."id" = m."entry_id"
    ORDER BY e."created_at" DESC, m."last_posting" DESC
    LIMIT ${limit} OFFSET ${offset}`;
  return rows.map((row) => {
    const incoming = row.amount > 0n;
    return {
      id: row.id,
      // A purchase entry is the seller's sale: the credit side of it.
      transferType: row.kind === "purchase" && incoming ? "sale" : (TYPE_OF_KIND[row.kind] ?? "other"),
      direction: incoming ? "in" : "out",
      fromUserId: incoming ? row.counterpart : userId,
      toUserId: incoming ? "current_user" : row.counterpart,
      amount: formatLoop(incoming ? row.amount : -row.amount),
      description: row.description,
      status: "completed",
      createdAt: row.created_at.toISOString(),
    };
  });
}
