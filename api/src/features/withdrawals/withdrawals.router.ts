import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { idempotent } from "../../http/idempotency";
import { pageQuerySchema, parseBody, parseQuery } from "../../http/validate";
import { memberJson, requireUser } from "../auth/require-user";
import { cancelWithdrawal, listWithdrawals, requestWithdrawal, withdrawalRequestSchemaNow } from "./withdrawals.service";

const listQuery = pageQuerySchema(100, 200);

/** The user's withdrawals: request with Idempotency-Key, history, cancel while pending (the admin's queue: admin-withdrawals.router.ts). */
export function withdrawalsRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.post("/tokens/withdraw", async (req, res) => {
    const user = requireUser(req);
    // Parsed in the key's transaction: a refused body is the key's answer too. The minimum is read on
    // that transaction's connection: a second connection asked for while holding the key's would wait
    // on a pool that concurrent requests of the same key hold, each waiting for this one (a deadlock).
    await idempotent(prisma, req, res, user.id, async (key, db) => {
      const input = parseBody(req, await withdrawalRequestSchemaNow(db));
      return { status: 201, body: await requestWithdrawal(prisma, db, user.id, input, key) };
    });
  });
  router.get("/tokens/withdrawals", async (req, res) => {
    const user = requireUser(req);
    const { limit, offset } = parseQuery(req, listQuery);
    res.json(await listWithdrawals(prisma, user.id, limit, offset));
  });
  router.post(
    "/tokens/withdrawals/:id/cancel",
    memberJson<{ id: string }>((user, req) => cancelWithdrawal(prisma, user.id, req.params.id)),
  );
  return router;
}
