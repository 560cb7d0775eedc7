import type { TokenOrder } from "@loop/rules/schemas/token-orders";
import { escapeHtml } from "../../mail/escape-html";
import type { MailMessage } from "../../mail/mailer";

const METHOD_NAMES: Record<TokenOrder["paymentMethod"], string> = {
  paypal: "PayPal",
  bank_transfer: "Bank transfer",
  crypto: "Crypto",
  revolut: "Revolut",
  skrill: "Skrill",
};

/** "1250.00000000" → "1250", "0.50000000" → "0.5". */
function shortLoop(amount: string): string {
  return amount.replace(/\.?0+$/, "");
}

/** Sent to the buyer after their order is saved: what they asked for and what happens next. */
export function tokenOrderConfirmationMail(to: string, order: TokenOrder, tokensPageUrl: string): MailMessage {
  const loop = shortLoop(order.requestedAmount);
  const rows: [string, string][] = [
    ["Order", order.id],
    ["Amount", `${loop} LOOP`],
    ["Price", `$${order.usdAmount} USD`],
    ["Payment method", METHOD_NAMES[order.paymentMethod]],
    ["Payment details", order.paymentDetails],
    ...(order.message ? ([["Your message", order.message]] as [string, string][]) : []),
  ];
  const text = [
    "Hello,",
    "",
    "We received your order for LOOP tokens:",
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    "An admin processes orders by hand, usually within 1 to 24 hours, and will contact you with the payment instructions.",
    "The tokens are added to your balance once your payment is confirmed; you will get a notification in the app.",
    "",
    `Your orders and balance: ${tokensPageUrl}`,
    "",
    "LOOP",
  ].join("\n");
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5; color: #111">
<p>Hello,</p>
<p>We received your order for LOOP tokens:</p>
<table style="border-collapse: collapse">
${rows.map(([label, value]) => `<tr><td style="padding: 2px 12px 2px 0; color: #555">${escapeHtml(label)}</td><td style="padding: 2px 0">${escapeHtml(value)}</td></tr>`).join("\n")}
</table>
<p>An admin processes orders by hand, usually within 1 to 24 hours, and will contact you with the payment instructions.
The tokens are added to your balance once your payment is confirmed; you will get a notification in the app.</p>
<p><a href="${escapeHtml(tokensPageUrl)}">Your orders and balance</a></p>
<p>LOOP</p>
</body></html>`;
  return { to, subject: `Your LOOP order for ${loop} LOOP ($${order.usdAmount})`, text, html };
}
