import { cardPurchaseRequestSchema } from "@loop/rules/schemas/fiat-payments";
import { cryptoPurchaseRequestSchema, purchaseRequestSchema, quoteRequestSchema } from "@loop/rules/schemas/purchases";
import { Router } from "express";
import type { Tx } from "../../db/prisma";
import type { RouterDeps } from "../../deps";
import { idempotent, requestHash, sendAnswer, wellFormedIdempotencyKey } from "../../http/idempotency";
import { parseBody } from "../../http/validate";
import { requireUser } from "../auth/require-user";
import { downloadSigningKey } from "../downloads/signing-secret";
import { purchaseInOneStatement } from "./purchase-in-one-statement";
import { purchaseLoop } from "./purchases.service";
import { createWalletQuote, reportWalletPurchase } from "./wallet-purchase.service";

// POST /api/purchases: a free loop, or a paid one with the in-app LOOP balance. POST
// /api/purchases/quote and /api/purchases/crypto: paying from the wallet (recorded by settlement).
export function purchasesRouter(deps: RouterDeps): Router {
  const { prisma, cards } = deps;
  const signingKey = downloadSigningKey(prisma, deps.config);
  const router = Router();

  router.post("/purchases", async (req, res) => {
    const user = requireUser(req);
    // A card payment the page confirmed with Stripe.js: recorded once Stripe says it succeeded.
    if (typeof (req.body as { paymentIntentId?: unknown } | undefined)?.paymentIntentId === "string") {
      cards.requireStripe();
      const status = await cards.recordPurchase(user.id, parseBody(req, cardPurchaseRequestSchema));
      res.status(status.status === "completed" ? 201 : 202).json(status);
      return;
    }
    const key = await signingKey();
    // A paid in-app purchase in one statement (purchase-in-one-statement.ts), when the request is
    // one it takes; any other goes on to the purchase's transaction below.
    const request = purchaseRequestSchema.safeParse(req.body);
    const idempotencyKey = wellFormedIdempotencyKey(req.get("Idempotency-Key"));
    if (request.success && idempotencyKey !== undefined) {
      const done = await purchaseInOneStatement(deps, user.id, request.data, key, idempotencyKey, requestHash(req));
      if (done) {
        sendAnswer(res, done.answer);
        done.afterCommit?.();
        return;
      }
    }
    // With an Idempotency-Key, `db` is the transaction that also stores the answer (a refused body
    // is its answer too, so it is parsed in there); a replay buys nothing. Without a key there is
    // no transaction yet: the purchase opens its own.
    const done = await idempotent(prisma, req, res, user.id, async (idempotencyKey, db) => {
      const { result, afterCommit } = await purchaseLoop(
        deps,
        idempotencyKey === null ? null : (db as Tx),
        user.id,
        parseBody(req, purchaseRequestSchema),
        key,
      );
      return { status: 201, body: result, afterCommit };
    });
    // Committed and answered (not a replay nor a refusal): the cache and the e-mails.
    done?.afterCommit();
  });

  router.post("/purchases/quote", async (req, res) => {
    const user = requireUser(req);
    res.status(201).json(await createWalletQuote(deps, user.id, parseBody(req, quoteRequestSchema)));
  });

  router.post("/purchases/crypto", async (req, res) => {
    const user = requireUser(req);
    const key = await signingKey();
    const status = await reportWalletPurchase(deps, user.id, parseBody(req, cryptoPurchaseRequestSchema), key);
    res.status(status.status === "completed" ? 200 : 202).json(status);
  });
  return router;
}
