// After a paid purchase has committed (never failing it): the buyer's receipt with a download link
// valid for days, the licence's links and the library entry, and the seller's notice. Members without an e-mail address get the notification only.
import { paths } from "@loop/rules/paths";
import { EMAIL_DOWNLOAD_LINK_TTL_MS } from "@loop/rules/schemas/downloads";
import { licencePdfPath } from "@loop/rules/schemas/licences";
import type { AppDeps } from "../../deps";
import { consoleLogger } from "../../deps";
import { signDownloadToken } from "../downloads/download-token";
import { signLicenceToken } from "../licences/licence-token";
import type { Purchase } from "@loop/rules/schemas/purchases";
import type { MailMessage } from "../../mail/mailer";
import { purchaseReceiptMail, saleNoticeMail } from "./purchase.mail";
import type { CompletedPurchase } from "./record-purchase";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The buyer's receipt: a download link valid for days, the licence's links, the loop's page and the library entry. */
export function purchaseReceipt(
  config: AppDeps["config"],
  signingKey: string,
  to: string,
  purchase: Purchase,
  buyerId: string,
): MailMessage {
  const expiresAt = Date.now() + EMAIL_DOWNLOAD_LINK_TTL_MS;
  const token = signDownloadToken(signingKey, { loopId: purchase.loopId, format: purchase.format, userId: buyerId, expiresAt });
  const url = new URL(`/api/downloads/${token}`, config.appUrl).href;
  const pdfPath = `${licencePdfPath(purchase.licenceId)}?token=${encodeURIComponent(signLicenceToken(signingKey, purchase.licenceId, expiresAt))}`;
  const licence = {
    verifyUrl: new URL(paths.licence(purchase.licenceId), config.appUrl).href,
    pdfUrl: new URL(pdfPath, config.appUrl).href,
  };
  const links = {
    loopUrl: new URL(paths.loop(purchase.loopId), config.appUrl).href,
    libraryUrl: new URL(paths.library(purchase.licenceId), config.appUrl).href,
  };
  return purchaseReceiptMail(to, purchase, { url, validDays: EMAIL_DOWNLOAD_LINK_TTL_MS / DAY_MS }, links, licence);
}

export async function sendPurchaseMails(
  deps: Pick<AppDeps, "config" | "logger" | "mailer" | "prisma">,
  signingKey: string,
  done: CompletedPurchase,
): Promise<void> {
  const { purchase, sellerId, buyerId } = done;
  if (purchase.method === "free") return;
  const logger = deps.logger ?? consoleLogger;
  const { prisma, mailer, config } = deps;
  // Both in one query: one connection of the pool, not two at once.
  const users = await prisma.user.findMany({
    where: { id: { in: [buyerId, sellerId] } },
    select: { id: true, email: true, username: true },
  });
  const buyer = users.find((user) => user.id === buyerId);
  const seller = users.find((user) => user.id === sellerId);
  const mails = [];
  if (buyer?.email) mails.push(purchaseReceipt(config, signingKey, buyer.email, purchase, buyerId));
  // The loop's page (issue 36): the seller's notice links the loop's title to it.
  const loopUrl = new URL(paths.loop(purchase.loopId), config.appUrl).href;
  if (seller?.email)
    mails.push(saleNoticeMail(seller.email, purchase, buyer?.username ?? "a member", new URL(paths.tokens(), config.appUrl).href, loopUrl));
  for (const mail of mails) {
    await mailer.send(mail).catch((error: unknown) => logger.error(`purchase ${purchase.id}: e-mail to ${mail.to} failed:`, error));
  }
}
