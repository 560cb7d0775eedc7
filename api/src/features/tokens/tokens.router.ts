import { transferRequestSchema } from "@loop/rules/schemas/tokens";
import { Router } from "express";
import { z } from "zod";
import type { RouterDeps } from "../../deps";
import { idempotencyKey, requestHash, sendAnswer, withRefusalKept } from "../../http/idempotency";
import { pageQuerySchema, parseBody, parseQuery } from "../../http/validate";
import { memberJson, requireUser } from "../auth/require-user";
import { listTransfers, pendingSales, sendTransfer, tokenBalance } from "./tokens.service";
import { walletTransfers } from "./wallet-transfers.service";

const walletQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

const listQuery = pageQuerySchema(100, 200);

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
  router.post("/tokens/transfer", async (req, res) => {
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
