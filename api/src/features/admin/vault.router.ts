import { vaultDepositRequestSchema } from "@loop/rules/schemas/admin";
import { Router } from "express";
import type { Tx } from "../../db/prisma";
import type { RouterDeps } from "../../deps";
import { idempotent } from "../../http/idempotency";
import { parseBody } from "../../http/validate";
import { requireUser } from "../auth/require-user";
import { adminStats } from "./admin-stats.service";
import { vaultBacking } from "./vault-backing.service";
import { depositToVault } from "./vault-deposit.service";

// POST /api/admin/vault/deposit (Idempotency-Key honoured) → the admin stats after the deposit.
// GET /api/admin/vault/backing → per chain, LoopVault's reserve beside the ledger's vault liability.
export function vaultRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.post("/vault/deposit", async (req, res) => {
    const admin = requireUser(req);
    // With a key, `db` is the transaction that stores the answer: the deposit commits with it (and
    // a refused body is the key's answer too, so it is parsed in there).
    await idempotent(prisma, req, res, admin.id, async (key, db) => {
      await depositToVault(prisma, key === null ? null : (db as Tx), admin.id, parseBody(req, vaultDepositRequestSchema), key);
      return { status: 200, body: await adminStats(db, deps) };
    });
  });
  router.get("/vault/backing", async (_req, res) => {
    res.json(await vaultBacking(deps));
  });
  return router;
}
