import { Router } from "express";
import { requireUser } from "../auth/require-user";
import type { CardCheckout } from "./card-checkout.service";

const STATUS_CODES = { completed: 201, pending: 202, requires_action: 200, requires_payment_method: 201 } as const;

/** POST /api/stripe/setup-intent and POST /api/create-payment-intent. */
export function cardsRouter(cards: CardCheckout): Router {
  const router = Router();
  router.post("/stripe/setup-intent", async (req, res) => {
    const user = requireUser(req);
    res.status(201).json(await cards.createSetupIntent(user.id));
  });
  router.post("/create-payment-intent", async (req, res) => {
    const user = requireUser(req);
    const status = await cards.createPaymentIntent(user.id, req.body);
    res.status(STATUS_CODES[status.status]).json(status);
  });
  return router;
}
