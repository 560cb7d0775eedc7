// The e-mails of a paid purchase: the buyer's, with the download link of the format bought (valid
// for days; the buyer's library issues fresh ones any time) and its licence (the public verification page
// and a signed link to the PDF, valid as long as the download link), and the seller's sale notice.
// Both link the loop's title to its page (issue 36).
import type { Purchase } from "@loop/rules/schemas/purchases";
import { escapeHtml } from "../../mail/escape-html";
import type { MailMessage } from "../../mail/mailer";

const PAYMENT_NAMES: Record<Purchase["method"], string> = {
  free: "Free",
  loop: "LOOP balance",
  wallet: "LOOP from your wallet",
  paypal: "PayPal",
  card: "Card",
};

function table(rows: [string, string][]): { text: string; html: string } {
  return {
    text: rows.map(([label, value]) => `${label}: ${value}`).join("\n"),
    html: `<table style="border-collapse: collapse">${rows
      .map(
        ([label, value]) =>
          `<tr><td style="padding: 2px 12px 2px 0; color: #555">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`,
      )
      .join("")}</table>`,
  };
}

function page(paragraphs: string): string {
  return `<!doctype html>\n<html><body style="font-family: sans-serif; line-height: 1.5; color: #111">\n${paragraphs}\n<p>LOOP</p>\n</body></html>`;
}

const shortLoop = (amount: string) => amount.replace(/\.?0+$/, "");

function paid(purchase: Purchase): string {
  return purchase.loopAmount ? `$${purchase.total} USD (${shortLoop(purchase.loopAmount)} LOOP)` : `$${purchase.total} USD`;
}

/** The licence's links in the receipt: its public page, and its PDF by a signed link. */
export interface ReceiptLicence {
  verifyUrl: string;
  pdfUrl: string;
}

/** The loop's title in bold, linked to its page. */
function loopLink(title: string, loopUrl: string): string {
  return `<a href="${escapeHtml(loopUrl)}"><strong>${escapeHtml(title)}</strong></a>`;
}

/**
 * `links.loopUrl`: the loop's page (`${appUrl}/loops/${id}`); `links.libraryUrl`: the purchase in the
 * buyer's library (`${appUrl}/library?entry=${licenceId}`, issue 37), where it can be downloaded again
 * any time, even once the loop is no longer listed.
 */
export function purchaseReceiptMail(
  to: string,
  purchase: Purchase,
  download: { url: string; validDays: number },
  links: { loopUrl: string; libraryUrl: string },
  licence: ReceiptLicence,
): MailMessage {
  const { loopUrl, libraryUrl } = links;
  const format = purchase.format.toUpperCase();
  const details = table([
    ["Loop", purchase.loopTitle],
    ["Format", format],
    ["Price", `$${purchase.price} USD`],
    ["Marketplace fee", `$${purchase.fee} USD`],
    ["Total", paid(purchase)],
    ["Paid with", PAYMENT_NAMES[purchase.method]],
    ["Purchase", purchase.id],
    ["Licence", purchase.licenceId],
  ]);
  const text = [
    "Hello,",
    "",
    `Thank you for your purchase. Your file is ready: "${purchase.loopTitle}" (${format}).`,
    `The loop's page: ${loopUrl}`,
    "",
    details.text,
    "",
    `Download (${format}, link valid ${download.validDays} days): ${download.url}`,
    "",
    `After that, download it again any time from your library: ${libraryUrl}`,
    "",
    "Your licence (royalty-free use in your own productions, commercial release allowed; no resale of the loop as a sample):",
    `- the licence as a PDF (link valid ${download.validDays} days): ${licence.pdfUrl}`,
    `- anyone can verify it at: ${licence.verifyUrl}`,
    "",
    "LOOP",
  ].join("\n");
  const html = page(`<p>Hello,</p>
<p>Thank you for your purchase. Your file is ready: ${loopLink(purchase.loopTitle, loopUrl)} (${format}).</p>
${details.html}
<p><a href="${escapeHtml(download.url)}">Download ${escapeHtml(purchase.loopTitle)} (${format})</a> — the link is valid ${download.validDays} days.</p>
<p>After that, download it again any time from <a href="${escapeHtml(libraryUrl)}">your library</a>.</p>
<p>Your licence: royalty-free use in your own productions, commercial release allowed; no resale of the loop as a sample.
<a href="${escapeHtml(licence.pdfUrl)}">Download the licence (PDF)</a> (the link is valid ${download.validDays} days), or
<a href="${escapeHtml(licence.verifyUrl)}">verify it</a> any time: ${escapeHtml(licence.verifyUrl)}</p>`);
  return { to, subject: `Your download: ${purchase.loopTitle} (${format})`, text, html };
}

export function saleNoticeMail(to: string, purchase: Purchase, buyerName: string, tokensUrl: string, loopUrl: string): MailMessage {
  const format = purchase.format.toUpperCase();
  const earned = purchase.method === "loop" || purchase.method === "wallet" ? `$${purchase.price} USD in LOOP` : `$${purchase.price} USD`;
  const details = table([
    ["Loop", purchase.loopTitle],
    ["Format", format],
    ["Buyer", buyerName],
    ["You earn", earned],
  ]);
  const text = [
    "Hello,",
    "",
    `You made a sale: "${purchase.loopTitle}" (${format}).`,
    `The loop's page: ${loopUrl}`,
    "",
    details.text,
    "",
    `Your balance: ${tokensUrl}`,
    "",
    "LOOP",
  ].join("\n");
  const html = page(`<p>Hello,</p>
<p>You made a sale: ${loopLink(purchase.loopTitle, loopUrl)} (${format}).</p>
${details.html}
<p><a href="${escapeHtml(tokensUrl)}">See your balance</a></p>`);
  return { to, subject: `You sold ${purchase.loopTitle} (${format})`, text, html };
}
