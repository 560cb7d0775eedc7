// `Idempotency-Key` for money calls: the same key with the same request answers the first
// response again (status and body); with another request, 409. Keys belong to the signed-in user.
// The first request claims the key (a row without a response); concurrent repeats wait for its
// answer. A failure that is not an HttpError frees the key, so the client may retry.
import { createHash } from "node:crypto";
import { TOKEN_MESSAGES } from "@loop/rules/schemas/tokens";
import type { Request, Response } from "express";
import type { PrismaClient } from "../db/prisma";
import { BadRequest, Conflict, HttpError } from "./errors";

export interface IdempotentResult {
  status: number;
  body: unknown;
}

const KEY = /^[\x21-\x7e]{1,200}$/;
const WAIT_MS = 15_000;
const POLL_MS = 20;

function requestHash(req: Request): string {
  return createHash("sha256")
    .update(JSON.stringify([req.method, req.baseUrl + req.path, req.body ?? null]))
    .digest("hex");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `handler` once per (user, Idempotency-Key) and sends its answer; without the header it
 * simply runs it. `handler` may throw an HttpError: that answer is kept too.
 */
export async function idempotent(
  prisma: PrismaClient,
  req: Request,
  res: Response,
  userId: string,
  handler: (key: string | null) => Promise<IdempotentResult>,
): Promise<void> {
  const key = req.get("Idempotency-Key");
  if (key === undefined) {
    const result = await handler(null);
    res.status(result.status).json(result.body);
    return;
  }
  if (!KEY.test(key)) throw new BadRequest(TOKEN_MESSAGES.idempotencyKeyInvalid);
  const hash = requestHash(req);
  const claimed = await prisma.$executeRaw`
    INSERT INTO "app"."idempotency_requests" ("user_id", "key", "request_hash") VALUES (${userId}::uuid, ${key}, ${hash})
    ON CONFLICT DO NOTHING`;
  if (claimed === 0) {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const row = await prisma.idempotencyRequest.findUnique({ where: { userId_key: { userId, key } } });
      if (row && row.requestHash !== hash) throw new Conflict(TOKEN_MESSAGES.idempotencyKeyReused);
      if (row && row.status !== null) {
        res.status(row.status).type("json").send(row.response);
        return;
      }
      if (!row) return idempotent(prisma, req, res, userId, handler); // the first attempt failed and freed it
      if (Date.now() > deadline) throw new Conflict(TOKEN_MESSAGES.idempotencyKeyInProgress);
      await sleep(POLL_MS);
    }
  }
  let result: IdempotentResult;
  try {
    result = await handler(key);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) {
      await prisma.idempotencyRequest.delete({ where: { userId_key: { userId, key } } }).catch(() => undefined);
      throw error;
    }
    result = { status: error.status, body: { message: error.message } };
  }
  await prisma.idempotencyRequest.update({
    where: { userId_key: { userId, key } },
    data: { status: result.status, response: JSON.stringify(result.body) },
  });
  res.status(result.status).json(result.body);
}
