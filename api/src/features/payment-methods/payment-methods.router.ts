import { addPaymentMethodRequestSchema } from "@loop/rules/schemas/fiat-payments";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseBody } from "../../http/validate";
import { memberJson, requireUser } from "../auth/require-user";
import { addPaymentMethod, listPaymentMethods, removePaymentMethod, setDefaultPaymentMethod } from "./payment-methods.service";

/** The spec's /api/payment-methods calls (Settings → Payment Methods). */
export function paymentMethodsRouter(deps: RouterDeps): Router {
  const { prisma, cards } = deps;
  const router = Router();
  router.get(
    "/payment-methods",
    memberJson((user) => listPaymentMethods(prisma, user.id)),
  );
  router.post("/payment-methods", async (req, res) => {
    const user = requireUser(req);
    const stripe = cards.requireStripe();
    res.status(201).json(await addPaymentMethod(prisma, stripe, user.id, parseBody(req, addPaymentMethodRequestSchema)));
  });
  router.delete("/payment-methods/:id", async (req, res) => {
    const user = requireUser(req);
    await removePaymentMethod(prisma, cards.requireStripe(), user.id, req.params.id!);
    res.status(204).end();
  });
  router.put(
    "/payment-methods/:id/default",
    memberJson<{ id: string }>((user, req) => setDefaultPaymentMethod(prisma, user.id, req.params.id)),
  );
  return router;
}
