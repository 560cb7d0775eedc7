import { FAUCET_INTERVAL_MS, faucetRequestSchema } from "@loop/rules/schemas/faucet";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseBody } from "../../http/validate";
import { requireUser } from "../auth/require-user";
import { mintTestLoop } from "./faucet.service";
import { DomainError } from "../../domain-error";

// POST /api/wallet/faucet: test LOOP on the local chain, once every 30 s per member (in this process:
// it only guards against double clicks on a development machine).
export function faucetRouter(deps: RouterDeps): Router {
  const lastRequest = new Map<string, number>();
  const router = Router();
  router.post("/wallet/faucet", async (req, res) => {
    const user = requireUser(req);
    const now = Date.now();
    if (now - (lastRequest.get(user.id) ?? 0) < FAUCET_INTERVAL_MS) throw new DomainError("FAUCET_TOO_SOON");
    lastRequest.set(user.id, now);
    try {
      res.status(201).json(await mintTestLoop(deps, parseBody(req, faucetRequestSchema)));
    } catch (error) {
      lastRequest.delete(user.id);
      throw error;
    }
  });
  return router;
}
