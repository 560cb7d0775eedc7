import { Router } from "express";
import type { PrismaClient } from "../../db/prisma";
import { requireUser } from "../auth/require-user";
import type { CardCheckout } from "../cards/card-checkout.service";
import { addPaymentMethod, listPaymentMethods, removePaymentMethod, setDefaultPaymentMethod } from "./payment-methods.service";

/** The spec's /api/payment-methods calls (Settings → Payment Methods). */
export function paymentMethodsRouter(prisma: PrismaClient, cards: CardCheckout): Router {
  const router = Router();
  router.get("/payment-methods", async (req, res) => {
    const user = requireUser(req);
    res.json(await listPaymentMethods(prisma, user.id));
  });
  router.post("/payment-methods", async (req, res) => {
    const user = requireUser(req);
    res.status(201).json(await addPaymentMethod(prisma, cards.requireStripe(), user.id, req.body));
  });
  router.delete("/payment-methods/:id", async (req, res) => {
    const user = requireUser(req);
    await removePaymentMethod(prisma, cards.requireStripe(), user.id, req.params.id!);
    res.status(204).end();
  });
  router.put("/payment-methods/:id/default", async (req, res) => {
    const user = requireUser(req);
    res.json(await setDefaultPaymentMethod(prisma, user.id, req.params.id!));
  });
  return router;
}
