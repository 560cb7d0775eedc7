import {
  createNegotiationSchema,
  negotiationListQuerySchema,
  respondNegotiationSchema,
  walletOfferTermsRequestSchema,
} from "@loop/rules/schemas/negotiations";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseBody, parseQuery } from "../../http/validate";
import { memberJson, requireUser } from "../auth/require-user";
import { createNegotiation } from "./create-negotiation";
import { listNegotiations, respondToNegotiation } from "./negotiations.service";
import { walletOfferTerms } from "./wallet-offer-terms";

/** The one answer to any wrong ?scope= (docs/product.md#offers). */

/** Offers: make one, list sent or received, answer one (docs/product.md#offers). */
export function negotiationsRouter(deps: RouterDeps): Router {
  const router = Router();
  router.post("/negotiations", async (req, res) => {
    const user = requireUser(req);
    res.status(201).json(await createNegotiation(deps, user.id, parseBody(req, createNegotiationSchema)));
  });
  router.post(
    "/negotiations/wallet-terms",
    memberJson((user, req) => walletOfferTerms(deps, user.id, parseBody(req, walletOfferTermsRequestSchema))),
  );
  router.get("/negotiations", async (req, res) => {
    const user = requireUser(req);
    const { scope } = parseQuery(req, negotiationListQuerySchema);
    res.json(await listNegotiations(deps.prisma, user.id, scope));
  });
  router.put(
    "/negotiations/:id/respond",
    memberJson<{ id: string }>((user, req) => respondToNegotiation(deps, user.id, req.params.id, parseBody(req, respondNegotiationSchema))),
  );
  return router;
}
