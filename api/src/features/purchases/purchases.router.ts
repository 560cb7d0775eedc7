import { EMAIL_DOWNLOAD_LINK_TTL_MS } from "@loop/rules/schemas/downloads";
import { Router } from "express";
import type { Tx } from "../../db/prisma";
import type { AppDeps } from "../../deps";
import { consoleLogger } from "../../deps";
import { idempotent } from "../../http/idempotency";
import { requireUser } from "../auth/require-user";
import { signDownloadToken } from "../downloads/download-token";
import { downloadSigningKey } from "../downloads/signing-secret";
import { catalogChanged } from "../loops/catalog-cache";
import { purchaseReceiptMail, saleNoticeMail } from "./purchase.mail";
import { buyLoop, type CompletedPurchase } from "./purchases.service";

const DAY_MS = 24 * 60 * 60 * 1000;
const TX_OPTIONS = { maxWait: 30_000, timeout: 60_000 } as const;

// POST /api/purchases: a free loop, or a paid one with the in-app LOOP balance.
export function purchasesRouter(deps: AppDeps): Router {
  const { prisma, mailer, config } = deps;
  const logger = deps.logger ?? consoleLogger;
  const signingKey = downloadSigningKey(prisma, config);
  const router = Router();

  /** After the commit, never failing the purchase: the buyer's receipt with a long-lived link, and the seller's notice. */
  async function sendMails(done: CompletedPurchase, buyer: { id: string; email: string | null; username: string }): Promise<void> {
    const { purchase, sellerId } = done;
    if (purchase.method === "free") return;
    const seller = await prisma.user.findUnique({ where: { id: sellerId }, select: { email: true } });
    const libraryUrl = new URL(`/profile/${sellerId}`, config.appUrl).href;
    const mails = [];
    if (buyer.email) {
      const token = signDownloadToken(await signingKey(), { loopId: purchase.loopId, format: purchase.format, userId: buyer.id, expiresAt: Date.now() + EMAIL_DOWNLOAD_LINK_TTL_MS });
      const url = new URL(`/api/downloads/${token}`, config.appUrl).href;
      mails.push(purchaseReceiptMail(buyer.email, purchase, { url, validDays: EMAIL_DOWNLOAD_LINK_TTL_MS / DAY_MS }, libraryUrl));
    }
    if (seller?.email) mails.push(saleNoticeMail(seller.email, purchase, buyer.username, new URL("/tokens", config.appUrl).href));
    for (const mail of mails) {
      await mailer.send(mail).catch((error: unknown) => logger.error(`purchase ${purchase.id}: e-mail to ${mail.to} failed:`, error));
    }
  }

  router.post("/purchases", async (req, res) => {
    const user = requireUser(req);
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
    void sendMails(done.purchase, user);
  });
  return router;
}
