import { Router } from "express";
import type { Tx } from "../../db/prisma";
import type { AppDeps } from "../../deps";
import type { CardCheckout } from "../cards/card-checkout.service";
import { idempotent } from "../../http/idempotency";
import { requireUser } from "../auth/require-user";
import { downloadSigningKey } from "../downloads/signing-secret";
import { catalogChanged } from "../loops/catalog-cache";
import type { CompletedPurchase } from "./record-purchase";
import { buyLoop } from "./purchases.service";
import { sendPurchaseMails } from "./send-purchase-mails";
import { createWalletQuote, reportWalletPurchase } from "./wallet-purchase.service";

const TX_OPTIONS = { maxWait: 30_000, timeout: 60_000 } as const;

// POST /api/purchases: a free loop, or a paid one with the in-app LOOP balance. POST
// /api/purchases/quote and /api/purchases/crypto: paying from the wallet (recorded by settlement).
export function purchasesRouter(deps: AppDeps, cards: CardCheckout): Router {
  const { prisma } = deps;
  const signingKey = downloadSigningKey(prisma, deps.config);
  const router = Router();

  router.post("/purchases", async (req, res) => {
    const user = requireUser(req);
    // A card payment the page confirmed with Stripe.js: recorded once Stripe says it succeeded.
    if (typeof (req.body as { paymentIntentId?: unknown } | undefined)?.paymentIntentId === "string") {
      const status = await cards.recordPurchase(user.id, req.body);
      res.status(status.status === "completed" ? 201 : 202).json(status);
      return;
    }
    const key = await signingKey();
    const done: { purchase?: CompletedPurchase } = {};
    // With an Idempotency-Key, `db` is the transaction that also stores the answer; a replay buys nothing.
    await idempotent(prisma, req, res, user.id, async (idempotencyKey, db) => {
      const buy = (tx: Tx) => buyLoop(tx, user.id, req.body, key);
      // Without a key there is no transaction yet: the purchase opens its own.
      done.purchase = idempotencyKey === null ? await prisma.$transaction(buy, TX_OPTIONS) : await buy(db as Tx);
      return { status: 201, body: done.purchase.purchase };
    });
    if (!done.purchase) return;
    // The loop's purchase count (the popular sort) changed.
    catalogChanged(prisma);
    void sendPurchaseMails(deps, key, done.purchase);
  });

  router.post("/purchases/quote", async (req, res) => {
    const user = requireUser(req);
    res.status(201).json(await createWalletQuote(deps, user.id, req.body));
  });

  router.post("/purchases/crypto", async (req, res) => {
    const user = requireUser(req);
    const status = await reportWalletPurchase(deps, user.id, req.body, await signingKey());
    res.status(status.status === "completed" ? 200 : 202).json(status);
  });
  return router;
}
