// GET /api/tokens/balance, GET /api/tokens/pending-sales, POST /api/tokens/transfer, GET /api/tokens/transfers.
import { randomUUID } from "node:crypto";
import { promotionalRefusalMessage, TOKEN_MESSAGES, transferRequestSchema, type PendingSale, type TokenBalance, type Transfer, type TransferType } from "@loop/rules/schemas/tokens";
import { formatLoop, formatLoopBrief, parseLoop } from "@loop/rules/units";
import type { PrismaClient, Tx } from "../../db/prisma";
import { BadRequest, type HttpError, NotFound } from "../../http/errors";
import type { PlannedEntryCall } from "../../http/idempotency";
import { InsufficientFunds, type UnknownUser, userBalance } from "../ledger/ledger.service";
import { pendingTimedHolds } from "../ledger/timed-holds";
import { createNotificationInTx } from "../notifications/create-notification";
import { UUID } from "../../http/uuid";


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
 * and how much can (`fallback`, the spec's text, for a member without any).
 */
export async function outgoingRefusalMessage(db: PrismaClient | Tx, userId: string, action: "send" | "withdraw", fallback: string): Promise<string> {
  const { promotional, withdrawable } = await userBalance(db, userId);
  return promotional > 0n ? promotionalRefusalMessage(action, formatLoopBrief(withdrawable > 0n ? withdrawable : 0n)) : fallback;
}

/** GET /api/tokens/pending-sales: the held proceeds of card and PayPal sales (timed holds), per day of release. */
export async function pendingSales(prisma: PrismaClient, userId: string): Promise<PendingSale[]> {
  const pending = await pendingTimedHolds(prisma, userId);
  return pending.map((line) => ({ amount: formatLoop(line.amount), availableAt: line.releaseAt.toISOString() }));
}

/**
 * A transfer from the sender to another user, planned: the request validated, the ledger entry
 * (with its id and time chosen here) and the answer. `key` (from Idempotency-Key) makes the
 * entry's ledger key, so even a lost answer never moves the money twice. Posting it (see
 * idempotentEntry) may still be refused: transferRefusal gives the answer then. The recipient's
 * "Tokens Received" notification commits with the entry.
 */
export function planTransfer(sender: { id: string; username: string }, body: unknown, key: string | null): PlannedEntryCall {
  const senderId = sender.id;
  const parsed = transferRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw new BadRequest(parsed.error.issues[0]?.message ?? TOKEN_MESSAGES.missing);
  const { toUserId, amount: amountText, description } = parsed.data;
  const amount = parseLoop(amountText)!;
  const recipientId = toUserId.toLowerCase();
  if (recipientId === senderId) throw new BadRequest(TOKEN_MESSAGES.selfTransfer);
  if (!UUID.test(recipientId)) throw new NotFound(TOKEN_MESSAGES.recipientNotFound);
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
  return {
    entry: {
      id,
      createdAt,
      idempotencyKey: key ? `transfer:${senderId}:${key}` : `transfer:${senderId}:${id}`,
      kind: "user_transfer",
      description,
      postings: [
        { userId: senderId, amount: -amount },
        { userId: recipientId, amount },
      ],
    },
    result: { status: 201, body: transfer },
    afterPost: (tx) =>
      createNotificationInTx(tx, {
        userId: recipientId,
        type: "success",
        title: "Tokens Received",
        message: `You received ${formatLoopBrief(amount)} LOOP from ${sender.username}${description ? `: "${description}"` : "."}`,
        actionUrl: "/tokens",
        actionText: "View Balance",
      }),
  };
}

/**
 * The answer when the ledger refuses a planned transfer. A transfer takes only withdrawable LOOP
 * (the sender's 'user' account): a sender with promotional LOOP is told why it cannot be sent.
 */
export async function transferRefusal(prisma: PrismaClient, senderId: string, refusal: InsufficientFunds | UnknownUser): Promise<HttpError> {
  if (!(refusal instanceof InsufficientFunds)) return new NotFound(TOKEN_MESSAGES.recipientNotFound);
  return new BadRequest(await outgoingRefusalMessage(prisma, senderId, "send", TOKEN_MESSAGES.insufficient));
}

const TYPE_OF_KIND: Record<string, TransferType> = {
  welcome_bonus: "reward",
  reward: "reward",
  level_reward: "reward",
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
