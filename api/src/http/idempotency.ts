// `Idempotency-Key` for money calls: the same key with the same request answers the first
// response again (status and body); with another request, 409. Keys belong to the signed-in user.
// The claim of the key, the handler's work and the stored answer are one transaction (one commit
// per money call): a concurrent repeat waits on the claim's row and then replays the answer. A
// refusal (a DomainError below 500) rolls the handler's writes back and is stored as the key's answer;
// any other failure rolls everything back, so the client may retry; a crash leaves either
// everything or nothing.
import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import type { PrismaClient, Tx } from "../db/prisma";
import { TX_QUEUED } from "../db/transactions";
import { DomainError } from "../domain-error";

export interface IdempotentResult {
  status: number;
  body: unknown;
}

const KEY = /^[\x21-\x7e]{1,200}$/;

/** What a key's claim remembers of its request: method, path and body. */
export function requestHash(req: Request): string {
  return requestHashOf(req.method, req.baseUrl + req.path, req.body);
}

/** requestHash of a request read before Express (http/hot-routes.ts): `path` without its query. */
export function requestHashOf(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify([method, path, body ?? null]))
    .digest("hex");
}

/** The key was used for another request: never stored as this key's answer. */
export const idempotencyConflict = () => new DomainError("IDEMPOTENCY_KEY_REUSED");

/** A refusal that a key keeps as its answer: a DomainError below 500, but not the key's own conflict. */
function isKeptRefusal(error: unknown): error is DomainError {
  return error instanceof DomainError && error.status < 500 && error.code !== "IDEMPOTENCY_KEY_REUSED";
}

/** An answer as JSON text: a key's stored answer, or one written (and stored) before the work ran. */
type Replay = { kind: "replay"; status: number; response: string };
export type Answer = Replay | { kind: "fresh"; result: IdempotentResult };

/** An Idempotency-Key header's key, or null without one; undefined for a malformed key. */
export function wellFormedIdempotencyKey(header: string | undefined): string | null | undefined {
  if (header === undefined) return null;
  return KEY.test(header) ? header : undefined;
}

/** The request's Idempotency-Key, or null without one; 400 for a malformed key. */
export function idempotencyKey(req: Request): string | null {
  const key = wellFormedIdempotencyKey(req.get("Idempotency-Key"));
  if (key === undefined) throw new DomainError("IDEMPOTENCY_KEY_INVALID");
  return key;
}

/** The answer stored for a claimed key; 409 when the key was claimed by another request. */
async function storedAnswer(db: Tx | PrismaClient, userId: string, key: string, hash: string): Promise<Replay> {
  const rows = await db.$queryRaw<{ request_hash: string; status: number; response: string }[]>`
    SELECT "request_hash", "status", "response" FROM "app"."idempotency_requests" WHERE "user_id" = ${userId}::uuid AND "key" = ${key}`;
  const row = rows[0]!;
  if (row.request_hash !== hash) throw idempotencyConflict();
  return { kind: "replay", status: row.status, response: row.response };
}

export function sendAnswer(res: Response, answer: Answer): void {
  if (answer.kind === "replay") res.status(answer.status).type("json").send(answer.response);
  else res.status(answer.result.status).json(answer.result.body);
}

/**
 * Runs `handler` once per (user, Idempotency-Key) and sends its answer; without the header it
 * simply runs it with `prisma`. With a key, `db` is the transaction that holds the claim: the
 * handler does its writes through it, so they commit together with the stored answer. `handler`
 * may throw a DomainError: that answer is kept too. Returns the handler's result when its work ran
 * and committed (and its answer was sent), for what runs after the commit (e-mails); null when the
 * answer was a replay or a refusal.
 */
export async function idempotent<R extends IdempotentResult>(
  prisma: PrismaClient,
  req: Request,
  res: Response,
  userId: string,
  handler: (key: string | null, db: Tx | PrismaClient) => Promise<R>,
): Promise<R | null> {
  const key = req.get("Idempotency-Key");
  if (key === undefined) {
    const result = await handler(null, prisma);
    res.status(result.status).json(result.body);
    return result;
  }
  if (!KEY.test(key)) throw new DomainError("IDEMPOTENCY_KEY_INVALID");
  const hash = requestHash(req);
  let answer: Answer;
  let committed: R | null = null;
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
      committed = result;
      return { kind: "fresh", result };
    }, TX_QUEUED);
  } catch (error) {
    if (!isKeptRefusal(error)) throw error;
    // A refusal: the handler's writes were rolled back with the claim.
    answer = await storeRefusal(prisma, userId, key, hash, error);
  }
  sendAnswer(res, answer);
  return committed;
}

/**
 * For a money call that claims its key itself (the transfer's one statement, tokens.service.ts):
 * runs `work`, and with a key keeps a refusal it throws (a DomainError below 500, a refused body
 * included) as the key's answer, so a retry is answered the same.
 */
export async function withRefusalKept(
  prisma: PrismaClient,
  userId: string,
  key: string | null,
  hash: string,
  work: () => Promise<Answer>,
): Promise<Answer> {
  try {
    return await work();
  } catch (error) {
    if (key === null || !isKeptRefusal(error)) throw error;
    return storeRefusal(prisma, userId, key, hash, error);
  }
}

/**
 * A refusal is the answer its key keeps, unless a concurrent repeat (which waited on the claim)
 * stored its own first: that one is the key's answer then, and the caller gets it.
 */
export async function storeRefusal(prisma: PrismaClient, userId: string, key: string, hash: string, error: DomainError): Promise<Answer> {
  const result = { status: error.status, body: error.answer() };
  const stored = await prisma.$executeRaw`
    INSERT INTO "app"."idempotency_requests" ("user_id", "key", "request_hash", "status", "response")
    VALUES (${userId}::uuid, ${key}, ${hash}, ${result.status}, ${JSON.stringify(result.body)})
    ON CONFLICT DO NOTHING`;
  return stored === 1 ? { kind: "fresh", result } : storedAnswer(prisma, userId, key, hash);
}
