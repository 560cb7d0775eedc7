import { transferRequestSchema } from "@loop/rules/schemas/tokens";
import { Router } from "express";
import { z } from "zod";
import { consoleLogger, type RouterDeps } from "../../deps";
import { DomainError } from "../../domain-error";
import { type HotPost, refusalAnswer } from "../../http/hot-routes";
import { idempotencyKey, requestHash, requestHashOf, sendAnswer, wellFormedIdempotencyKey, withRefusalKept } from "../../http/idempotency";
import { pageQuerySchema, parseBody, parseQuery } from "../../http/validate";
import { memberJson, requireUser } from "../auth/require-user";
import { noteSignedInByStatement, sessionForStatement } from "../auth/session-in-statement";
import { listTransfers, pendingSales, sendTransfer, sendTransferBySession, tokenBalance } from "./tokens.service";
import { walletTransfers } from "./wallet-transfers.service";

const walletQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

const listQuery = pageQuerySchema(100, 200);

const TRANSFER_PATH = "/tokens/transfer";

/**
 * POST /api/tokens/transfer in one round trip, answered before Express (http/hot-routes.ts): the
 * transfer's own statement reads the session (sendTransferBySession). A request it does not take
 * (signed out, a session to refresh, a banned member, a suspended sender, a malformed key or body,
 * a transfer to oneself) goes to Express, whose session middleware, ban check and route
 * (tokensRouter) answer it as before. The transfers bench measures this path (issue 39 §1).
 */
export function transferHotPost(deps: RouterDeps): HotPost {
  const { prisma } = deps;
  const logger = deps.logger ?? consoleLogger;
  const path = `/api${TRANSFER_PATH}`;
  return {
    path,
    async answer(headers, body) {
      const session = sessionForStatement(headers.cookie);
      const header = headers["idempotency-key"];
      const key = wellFormedIdempotencyKey(Array.isArray(header) ? undefined : header);
      const request = transferRequestSchema.safeParse(body);
      if (session === null || key === undefined || !request.success) return null;
      const hash = key === null ? "" : requestHashOf("POST", path, body);
      const transfer = await sendTransferBySession(prisma, session, request.data, key, hash, logger);
      if (transfer === null) return null;
      noteSignedInByStatement(prisma, transfer.senderId, logger);
      try {
        const answer = await withRefusalKept(prisma, transfer.senderId, key, hash, async () => transfer.answer());
        return answer.kind === "replay"
          ? { status: answer.status, text: answer.response }
          : { status: answer.result.status, text: JSON.stringify(answer.result.body) };
      } catch (error) {
        // A refusal without a key (none to keep it under): answered as Express's error handler would.
        if (error instanceof DomainError && error.status < 500) return refusalAnswer(error);
        throw error;
      }
    },
  };
}

export function tokensRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get(
    "/tokens/balance",
    memberJson((user) => tokenBalance(prisma, user.id)),
  );
  router.get(
    "/tokens/pending-sales",
    memberJson((user) => pendingSales(prisma, user.id)),
  );
  router.post(TRANSFER_PATH, async (req, res) => {
    const user = requireUser(req);
    const key = idempotencyKey(req);
    const hash = key === null ? "" : requestHash(req);
    // Parsed inside: with a key, a refused body is the key's answer too.
    sendAnswer(
      res,
      await withRefusalKept(prisma, user.id, key, hash, async () =>
        sendTransfer(prisma, user, parseBody(req, transferRequestSchema), key, hash, deps.logger),
      ),
    );
  });
  router.get("/tokens/transfers", async (req, res) => {
    const user = requireUser(req);
    const { limit, offset } = parseQuery(req, listQuery);
    res.json(await listTransfers(prisma, user.id, limit, offset));
  });
  router.get("/tokens/wallet-transfers", async (req, res) => {
    const user = requireUser(req);
    const { limit } = parseQuery(req, walletQuery);
    res.json(await walletTransfers(deps, user.id, limit));
  });
  return router;
}
