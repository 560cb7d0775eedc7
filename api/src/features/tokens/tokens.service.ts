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
import type { SessionForStatement } from "../auth/session-in-statement";
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

const TRANSFER_COLUMNS = `"outcome", "status", "response", "withdrawable"::text AS "withdrawable", "promotional"::text AS "promotional",
    "notification_id"::text AS "notification_id"`;

/** The whole transfer in one statement (a prepared statement, see hot-query.ts). */
const TRANSFER_SQL = `
  SELECT ${TRANSFER_COLUMNS}
  FROM "app"."token_transfer"($1::uuid, $2::uuid, $3::bigint, $4::text, $5::uuid, $6::text, $7::timestamptz, $8::text, $9::text, 201,
    $10::text, 'success', 'Tokens Received', $11::text, '${paths.tokens()}', 'View Balance')`;

/** The same, signed in by the session's token hash in the same statement (migration 20261209090000_transfer_by_session). */
const TRANSFER_BY_SESSION_SQL = `
  SELECT "sender"::text AS "sender", ${TRANSFER_COLUMNS}
  FROM "app"."token_transfer_by_session"($1::text, $2::timestamptz, $3::interval, $4::uuid, $5::bigint, $6::text,
    $7::uuid, $8::text, $9::text, $10::text, $11::text, 201, $12::text, $13::text,
    'success', 'Tokens Received', $14::text, $15::text, '${paths.tokens()}', 'View Balance')`;

/**
 * A transfer as the API writes it before posting: the entry's id and time, and the texts that name
 * the sender (the answer, the recipient's message, the ledger entry's key), built for any sender.
 */
interface TransferDraft {
  recipientId: string;
  amount: bigint;
  description: string | null;
  id: string;
  createdAt: Date;
  /** The answer's JSON text (the transfer, as GET /api/tokens/transfers lists it) from `senderId`. */
  response(senderId: string): string;
  /** The recipient's notification. */
  message(senderName: string): string;
  /** The ledger entry's key: even a lost answer never moves the money twice. */
  entryKey(senderId: string): string;
}

function transferDraft({ toUserId, amount: amountText, description }: TransferRequest, key: string | null): TransferDraft {
  const amount = parseLoop(amountText)!;
  const recipientId = toUserId.toLowerCase();
  const id = randomUUID();
  const createdAt = new Date();
  return {
    recipientId,
    amount,
    description,
    id,
    createdAt,
    response: (senderId) =>
      JSON.stringify({
        id,
        transferType: "user_transfer",
        direction: "out",
        fromUserId: senderId,
        toUserId: recipientId,
        amount: formatLoop(amount),
        description,
        status: "completed",
        createdAt: createdAt.toISOString(),
      } satisfies Transfer),
    message: (senderName) => `You received ${formatLoopBrief(amount)} LOOP from ${senderName}${description ? `: "${description}"` : "."}`,
    entryKey: (senderId) => `transfer:${senderId}:${key ?? id}`,
  };
}

/** Stands for the sender in a text built before the sender is known (aroundSender). */
const SENDER_MARK = "<sender>";

/**
 * `text(sender)` as its parts before and after the sender. Each text names the sender before
 * anything a member wrote (a description, a key), so the mark's first place is the sender's.
 */
function aroundSender(text: (sender: string) => string): [string, string] {
  const built = text(SENDER_MARK);
  const at = built.indexOf(SENDER_MARK);
  return [built.slice(0, at), built.slice(at + SENDER_MARK.length)];
}

/** The answer of app.token_transfer's row: the transfer's, or its refusal thrown. */
function transferAnswer(prisma: PrismaClient, draft: TransferDraft, row: TransferRow, logger: Logger | undefined): Answer {
  switch (row.outcome) {
    case "posted":
      announceCommitted(prisma, draft.recipientId, row.notification_id!, logger);
      return { kind: "replay", status: 201, response: row.response! };
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
  request: TransferRequest,
  key: string | null,
  hash: string,
  logger?: Logger,
): Promise<Answer> {
  const senderId = sender.id;
  const draft = transferDraft(request, key);
  if (draft.recipientId === senderId) throw new DomainError("TRANSFER_TO_SELF");
  // A seller whose withdrawals are suspended could otherwise send the LOOP to a member who withdraws it.
  if (sender.withdrawalsSuspendedAt) throw new DomainError("TRANSFERS_SUSPENDED");
  if (!UUID.test(draft.recipientId)) throw new DomainError("RECIPIENT_NOT_FOUND");
  const rows = await hotQuery<TransferRow>(prisma, "loop_token_transfer", TRANSFER_SQL, [
    senderId,
    draft.recipientId,
    draft.amount.toString(),
    draft.description,
    draft.id,
    draft.entryKey(senderId),
    draft.createdAt.toISOString(),
    key,
    hash,
    draft.response(senderId),
    draft.message(sender.username),
  ]);
  return transferAnswer(prisma, draft, rows[0]!, logger);
}

/** A transfer signed in by its own statement: its sender, and its answer (which throws the refusal). */
export interface TransferBySession {
  senderId: string;
  answer(): Answer;
}

/**
 * POST /api/tokens/transfer in one round trip with the session's read
 * (app.token_transfer_by_session, migration 20261209090000_transfer_by_session): the transfer of
 * sendTransfer for the member the session of `tokenHash` signs in, when they may send now (signed
 * in, not banned, withdrawals not suspended, last seen within the session's resolution) to another
 * member. Null, with nothing written, for any other request: the signed-in path answers it, with the
 * same session middleware, ban check and refusals as before (a session last seen longer ago goes
 * that way too, to have its last_seen_at written).
 */
export async function sendTransferBySession(
  prisma: PrismaClient,
  { tokenHash, seenWithinMs }: SessionForStatement,
  request: TransferRequest,
  key: string | null,
  hash: string,
  logger?: Logger,
): Promise<TransferBySession | null> {
  const draft = transferDraft(request, key);
  if (!UUID.test(draft.recipientId)) return null;
  const [responseHead, responseTail] = aroundSender(draft.response);
  const [messageHead, messageTail] = aroundSender(draft.message);
  const [entryKeyHead, entryKeyTail] = aroundSender(draft.entryKey);
  const rows = await hotQuery<Omit<TransferRow, "outcome"> & { sender: string | null; outcome: TransferRow["outcome"] | "signed_in_path" }>(
    prisma,
    "loop_token_transfer_by_session",
    TRANSFER_BY_SESSION_SQL,
    [
      tokenHash,
      draft.createdAt.toISOString(),
      `${seenWithinMs} milliseconds`,
      draft.recipientId,
      draft.amount.toString(),
      draft.description,
      draft.id,
      entryKeyHead,
      entryKeyTail,
      key,
      hash,
      responseHead,
      responseTail,
      messageHead,
      messageTail,
    ],
  );
  const row = rows[0]!;
  const { outcome } = row;
  if (outcome === "signed_in_path") return null;
  return { senderId: row.sender!, answer: () => transferAnswer(prisma, draft, { ...row, outcome }, logger) };
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
