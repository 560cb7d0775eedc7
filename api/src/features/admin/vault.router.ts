import { Router } from "express";
import type { Tx } from "../../db/prisma";
import type { AppDeps } from "../../deps";
import { idempotent } from "../../http/idempotency";
import { requireAdmin } from "../auth/require-admin";
import { adminStats } from "./admin-stats.service";
import { vaultBacking } from "./vault-backing.service";
import { depositToVault } from "./vault-deposit.service";

// POST /api/admin/vault/deposit (Idempotency-Key honoured) → the admin stats after the deposit.
// GET /api/admin/vault/backing → per chain, LoopVault's reserve beside the ledger's vault liability.
export function vaultRouter(deps: AppDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.post("/admin/vault/deposit", async (req, res) => {
    const admin = requireAdmin(req);
    // With a key, `db` is the transaction that stores the answer: the deposit commits with it.
    await idempotent(prisma, req, res, admin.id, async (key, db) => {
      await depositToVault(prisma, key === null ? null : (db as Tx), admin.id, req.body, key);
      return { status: 200, body: await adminStats(db, deps) };
    });
  });
  router.get("/admin/vault/backing", async (req, res) => {
    requireAdmin(req);
    res.json(await vaultBacking(deps));
  });
  return router;
}
