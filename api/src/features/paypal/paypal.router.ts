import { Router } from "express";
import { requireUser } from "../auth/require-user";
import type { PaypalCheckout } from "./paypal.service";

/** The spec's PayPal calls, mounted at /paypal (not under /api): setup, order, capture. */
export function paypalRouter(paypal: PaypalCheckout): Router {
  const router = Router();
  router.get("/setup", async (req, res) => {
    requireUser(req);
    res.json(await paypal.setup());
  });
  router.post("/order", async (req, res) => {
    const user = requireUser(req);
    res.status(201).json(await paypal.createOrder(user.id, req.body));
  });
  router.post("/order/:id/capture", async (req, res) => {
    const user = requireUser(req);
    const status = await paypal.capture(user.id, req.params.id!);
    res.status(status.status === "completed" ? 200 : 202).json(status);
  });
  return router;
}

/** POST /api/purchases/paypal: record an order the page captured (checked with PayPal). */
export function paypalPurchasesRouter(paypal: PaypalCheckout): Router {
  const router = Router();
  router.post("/purchases/paypal", async (req, res) => {
    const user = requireUser(req);
    const status = await paypal.recordPurchase(user.id, req.body);
    res.status(status.status === "completed" ? 200 : 202).json(status);
  });
  return router;
}
