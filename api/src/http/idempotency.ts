// `Idempotency-Key` for money calls: the same key with the same request answers the first
// response again (status and body); with another request, 409. Keys belong to the signed-in user.
// The claim of the key, the handler's work and the stored answer are one transaction (one commit
// per money call): a concurrent repeat waits on the claim's row and then replays the answer. A
// refusal (HttpError below 500) rolls the handler's writes back and is stored as the key's answer;
// any other failure rolls everything back, so the client may retry; a crash leaves either
// everything or nothing.
import { createHash } from "node:crypto";
import { TOKEN_MESSAGES } from "@loop/rules/schemas/tokens";
import type { Request, Response } from "express";
import type { PrismaClient, Tx } from "../db/prisma";
import { InsufficientFunds, ledgerPostArgs, ledgerRefusal, postEntryInTx, UnknownUser, type PlannedEntry } from "../features/ledger/ledger.service";
import { BadRequest, Conflict, HttpError } from "./errors";

export interface IdempotentResult {
  status: number;
  body: unknown;
}

const KEY = /^[\x21-\x7e]{1,200}$/;
const TX_OPTIONS = { maxWait: 60_000, timeout: 60_000 } as const;

function requestHash(req: Request): string {
  return createHash("sha256")
    .update(JSON.stringify([req.method, req.baseUrl + req.path, req.body ?? null]))
    .digest("hex");
}

/** The key was used for another request: never stored as this key's answer. */
class IdempotencyConflict extends Conflict {
  constructor() {
    super(TOKEN_MESSAGES.idempotencyKeyReused);
  }
}

type Replay = { kind: "replay"; status: number; response: string };
type Answer = Replay | { kind: "fresh"; result: IdempotentResult };

/** The answer stored for a claimed key; 409 when the key was claimed by another request. */
async function storedAnswer(db: Tx | PrismaClient, userId: string, key: string, hash: string): Promise<Replay> {
  const rows = await db.$queryRaw<{ request_hash: string; status: number; response: string }[]>`
    SELECT "request_hash", "status", "response" FROM "app"."idempotency_requests" WHERE "user_id" = ${userId}::uuid AND "key" = ${key}`;
  const row = rows[0]!;
  if (row.request_hash !== hash) throw new IdempotencyConflict();
  return { kind: "replay", status: row.status, response: row.response };
}

function send(res: Response, answer: Answer): void {
  if (answer.kind === "replay") res.status(answer.status).type("json").send(answer.response);
  else res.status(answer.result.status).json(answer.result.body);
}

/**
 * Runs `handler` once per (user, Idempotency-Key) and sends its answer; without the header it
 * simply runs it with `prisma`. With a key, `db` is the transaction that holds the claim: the
 * handler does its writes through it, so they commit together with the stored answer. `handler`
 * may throw an HttpError: that answer is kept too.
 */
export async function idempotent(
  prisma: PrismaClient,
  req: Request,
  res: Response,
  userId: string,
  handler: (key: string | null, db: Tx | PrismaClient) => Promise<IdempotentResult>,
): Promise<void> {
  const key = req.get("Idempotency-Key");
  if (key === undefined) {
    const result = await handler(null, prisma);
    res.status(result.status).json(result.body);
    return;
  }
  if (!KEY.test(key)) throw new BadRequest(TOKEN_MESSAGES.idempotencyKeyInvalid);
  const hash = requestHash(req);
  let answer: Answer;
  try {
    answer = await prisma.$transaction(async (tx): Promise<Answer> => {
      // Blocks while another transaction holds an uncommitted claim of this key.
      const claimed = await tx.$executeRaw`
        INSERT INTO "app"."idempotency_requests" ("user_id", "key", "request_hash") VALUES (${userId}::uuid, ${key}, ${hash})
        ON CONFLICT DO NOTHING`;
      if (claimed === 0) return storedAnswer(tx, userId, key, hash);
      const result = await handler(key, tx);
      await tx.$executeRaw`
        UPDATE "app"."idempotency_requests" SET "status" = ${result.status}, "response" = ${JSON.stringify(result.body)}
        WHERE "user_id" = ${userId}::uuid AND "key" = ${key}`;
      return { kind: "fresh", result };
    }, TX_OPTIONS);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500 || error instanceof IdempotencyConflict) throw error;
    // A refusal: the handler's writes were rolled back with the claim.
    answer = await storeRefusal(prisma, userId, key, hash, error);
  }
  send(res, answer);
}

/**
 * A refusal is the answer its key keeps, unless a concurrent repeat (which waited on the claim)
 * stored its own first: that one is the key's answer then, and the caller gets it.
 */
async function storeRefusal(prisma: PrismaClient, userId: string, key: string, hash: string, error: HttpError): Promise<Answer> {
  const result = { status: error.status, body: { message: error.message } };
  const stored = await prisma.$executeRaw`
    INSERT INTO "app"."idempotency_requests" ("user_id", "key", "request_hash", "status", "response")
    VALUES (${userId}::uuid, ${key}, ${hash}, ${result.status}, ${JSON.stringify(result.body)})
    ON CONFLICT DO NOTHING`;
  return stored === 1 ? { kind: "fresh", result } : storedAnswer(prisma, userId, key, hash);
}

/** A call whose whole effect is one ledger entry, its answer known before the entry is posted. */
export interface PlannedEntryCall {
  entry: PlannedEntry;
  result: IdempotentResult;
  /**
   * Writes that belong with the entry (the recipient's notification): run in the entry's
   * transaction once it is posted, and never for a replay or a refusal.
   */
  afterPost?: (tx: Tx) => Promise<unknown>;
}

/**
 * `idempotent` for a call that only posts one ledger entry (a transfer): the key's claim, its
 * answer and the entry are one statement (app.ledger_post_claiming_key), a single round trip and
 * commit (with `afterPost`, one transaction: the statement, then those writes). `plan` validates the request (throwing an HttpError to refuse it) and returns the entry
 * and the answer; `refuse` turns the ledger's refusal (overdraft, unknown user) into the answer.
 */
export async function idempotentEntry(
  prisma: PrismaClient,
  req: Request,
  res: Response,
  userId: string,
  plan: (key: string | null) => PlannedEntryCall,
  refuse: (refusal: InsufficientFunds | UnknownUser) => HttpError | Promise<HttpError>,
): Promise<void> {
  const key = req.get("Idempotency-Key");
  if (key !== undefined && !KEY.test(key)) throw new BadRequest(TOKEN_MESSAGES.idempotencyKeyInvalid);
  const hash = requestHash(req);
  let planned: PlannedEntryCall;
  try {
    planned = plan(key ?? null);
    const { entry, afterPost } = planned;
    if (key === undefined) {
      if (afterPost) {
        await prisma.$transaction(async (tx) => {
          await postEntryInTx(tx, entry);
          await afterPost(tx);
        }, TX_OPTIONS);
      } else {
        await postEntryInTx(prisma, entry);
      }
      res.status(planned.result.status).json(planned.result.body);
      return;
    }
    const response = JSON.stringify(planned.result.body);
    const status = planned.result.status;
    const claim = async (db: Tx | PrismaClient) => {
      const rows = await db.$queryRaw<{ posted: boolean }[]>`
        SELECT "app"."ledger_post_claiming_key"(${userId}::uuid, ${key}, ${hash}, ${status}, ${response},
          ${ledgerPostArgs(entry)}) AS "posted"`;
      return rows[0]!.posted;
    };
    const posted = afterPost
      ? await prisma.$transaction(async (tx) => {
          const fresh = await claim(tx);
          if (fresh) await afterPost(tx);
          return fresh;
        }, TX_OPTIONS)
      : await claim(prisma);
    if (posted) {
      res.status(planned.result.status).type("json").send(response);
      return;
    }
  } catch (error) {
    const refusal = error instanceof InsufficientFunds || error instanceof UnknownUser ? error : ledgerRefusal(error);
    const httpError = refusal ? await refuse(refusal) : error;
    if (!(httpError instanceof HttpError) || httpError.status >= 500) throw httpError;
    if (key === undefined) throw httpError;
    send(res, await storeRefusal(prisma, userId, key, hash, httpError));
    return;
  }
  // The key was claimed before: replay its answer.
  send(res, await storedAnswer(prisma, userId, key, hash));
}
