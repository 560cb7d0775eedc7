import { paymentIntentRequestSchema } from "@loop/rules/schemas/fiat-payments";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseBody } from "../../http/validate";
import { requireUser } from "../auth/require-user";

const STATUS_CODES = { completed: 201, pending: 202, requires_action: 200, requires_payment_method: 201 } as const;

/** POST /api/stripe/setup-intent and POST /api/create-payment-intent. */
export function cardsRouter(deps: RouterDeps): Router {
  const { cards } = deps;
  const router = Router();
  router.post("/stripe/setup-intent", async (req, res) => {
    const user = requireUser(req);
    res.status(201).json(await cards.createSetupIntent(user.id));
  });
  router.post("/create-payment-intent", async (req, res) => {
    const user = requireUser(req);
    cards.requireStripe();
    const status = await cards.createPaymentIntent(user.id, parseBody(req, paymentIntentRequestSchema));
    res.status(STATUS_CODES[status.status]).json(status);
  });
  return router;
}
