import { Router } from "express";
import type { AppDeps } from "../../deps";
import { requireUser } from "../auth/require-user";
import { createNegotiation, listNegotiations, respondToNegotiation } from "./negotiations.service";
import { walletOfferTerms } from "./wallet-offer-terms";

/** Offers: make one, list sent or received, answer one (docs/product.md#offers). */
export function negotiationsRouter(deps: AppDeps): Router {
  const router = Router();
  router.post("/negotiations", async (req, res) => {
    const user = requireUser(req);
    res.status(201).json(await createNegotiation(deps, user.id, req.body));
  });
  router.post("/negotiations/wallet-terms", async (req, res) => {
    const user = requireUser(req);
    res.json(await walletOfferTerms(deps, user.id, req.body));
  });
  router.get("/negotiations", async (req, res) => {
    const user = requireUser(req);
    res.json(await listNegotiations(deps.prisma, user.id, req.query));
  });
  router.put("/negotiations/:id/respond", async (req, res) => {
    const user = requireUser(req);
    res.json(await respondToNegotiation(deps, user.id, req.params.id!, req.body));
  });
  return router;
}
