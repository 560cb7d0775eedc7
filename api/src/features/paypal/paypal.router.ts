import { paypalOrderRequestSchema, paypalPurchaseRequestSchema } from "@loop/rules/schemas/fiat-payments";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseBody } from "../../http/validate";
import { requireUser } from "../auth/require-user";

/** The spec's PayPal calls, mounted at /paypal (not under /api): setup, order, capture. */
export function paypalRouter(deps: RouterDeps): Router {
  const { paypal } = deps;
  const router = Router();
  router.get("/setup", async (req, res) => {
    requireUser(req);
    res.json(await paypal.setup());
  });
  router.post("/order", async (req, res) => {
    const user = requireUser(req);
    paypal.requireClient();
    res.status(201).json(await paypal.createOrder(user.id, parseBody(req, paypalOrderRequestSchema)));
  });
  router.post("/order/:id/capture", async (req, res) => {
    const user = requireUser(req);
    const status = await paypal.capture(user.id, req.params.id!);
    res.status(status.status === "completed" ? 200 : 202).json(status);
  });
  return router;
}

/** POST /api/purchases/paypal: record an order the page captured (checked with PayPal). */
export function paypalPurchasesRouter(deps: RouterDeps): Router {
  const { paypal } = deps;
  const router = Router();
  router.post("/purchases/paypal", async (req, res) => {
    const user = requireUser(req);
    paypal.requireClient();
    const status = await paypal.recordPurchase(user.id, parseBody(req, paypalPurchaseRequestSchema));
    res.status(status.status === "completed" ? 200 : 202).json(status);
  });
  return router;
}
