import { Router } from "express";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { idempotencyKey, requestHash, sendAnswer } from "../../http/idempotency";
import { requireUser } from "../auth/require-user";
import { listTransfers, pendingSales, sendTransfer, tokenBalance } from "./tokens.service";
import { walletTransfers } from "./wallet-transfers.service";

const walletQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export function tokensRouter(deps: AppDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get("/tokens/balance", async (req, res) => {
    const user = requireUser(req);
    res.json(await tokenBalance(prisma, user.id));
  });
  router.get("/tokens/pending-sales", async (req, res) => {
    const user = requireUser(req);
    res.json(await pendingSales(prisma, user.id));
  });
  router.post("/tokens/transfer", async (req, res) => {
    const user = requireUser(req);
    const key = idempotencyKey(req);
    sendAnswer(res, await sendTransfer(prisma, user, req.body, key, key === null ? "" : requestHash(req), deps.logger));
  });
  router.get("/tokens/transfers", async (req, res) => {
    const user = requireUser(req);
    const { limit, offset } = listQuery.parse(req.query);
    res.json(await listTransfers(prisma, user.id, limit, offset));
  });
  router.get("/tokens/wallet-transfers", async (req, res) => {
    const user = requireUser(req);
    const { limit } = walletQuery.parse(req.query);
    res.json(await walletTransfers(deps, user.id, limit));
  });
  return router;
}
