import { escapeHtml } from "../../mail/escape-html";
import type { MailMessage } from "../../mail/mailer";

const BUTTON_STYLE =
  "display: inline-block; padding: 10px 18px; background: #7c3aed; color: #fff; border-radius: 6px; text-decoration: none";

function page(paragraphs: string[]): string {
  return `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5; color: #111">
${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join("\n")}
</body></html>`;
}

/** To the new address: the link whose page confirms it as the account's address. */
export function confirmEmailMail(to: string, username: string, link: string, ttlMinutes: number, replaces: boolean): MailMessage {
  const what = replaces ? "the new e-mail address" : "the e-mail address";
  const text = [
    "Hello,",
    "",
    `The LOOP member @${username} asked to make ${to} ${what} of their account.`,
    "Open this link, signed in to that account, to confirm it:",
    "",
    link,
    "",
    `The link works once and expires in ${ttlMinutes} minutes. Once confirmed, receipts and order confirmations`,
    "are sent to this address, and you can sign in to LOOP with it.",
    "If you did not ask for this, ignore this e-mail: nothing changes without the link.",
    "",
    "LOOP",
  ].join("\n");
  const href = escapeHtml(link);
  const html = page([
    "Hello,",
    `The LOOP member <strong>@${escapeHtml(username)}</strong> asked to make ${escapeHtml(to)} ${what} of their account. Open this link, signed in to that account, to confirm it:`,
    `<a href="${href}" style="${BUTTON_STYLE}">Confirm my e-mail address</a>`,
    `Or paste this link into your browser:<br><a href="${href}">${href}</a>`,
    `The link works once and expires in ${ttlMinutes} minutes. Once confirmed, receipts and order confirmations are sent to this address, and you can sign in to LOOP with it. If you did not ask for this, ignore this e-mail: nothing changes without the link.`,
    "LOOP",
  ]);
  return { to, subject: "Confirm your e-mail address for LOOP", text, html };
}

/** To the old address after a change: who changed it, and what to do if it was not them. */
export function emailChangedNoticeMail(
  to: string,
  username: string,
  newEmail: string,
  links: { settingsUrl: string; supportEmail: string },
): MailMessage {
  const { settingsUrl, supportEmail } = links;
  const text = [
    "Hello,",
    "",
    `The e-mail address of the LOOP account @${username} was changed from ${to} to ${newEmail}.`,
    "Receipts and sign-in links now go to the new address; this address no longer signs in to that account.",
    "",
    `If you did not make this change, write to LOOP support at once (${supportEmail}). If your account also has a wallet, you can`,
    `sign in with it and check your settings: ${settingsUrl}`,
    "",
    "LOOP",
  ].join("\n");
  const html = page([
    "Hello,",
    `The e-mail address of the LOOP account <strong>@${escapeHtml(username)}</strong> was changed from ${escapeHtml(to)} to <strong>${escapeHtml(newEmail)}</strong>.`,
    "Receipts and sign-in links now go to the new address; this address no longer signs in to that account.",
    `If you did not make this change, write to LOOP support at once (<a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>). If your account also has a wallet, you can sign in with it and check your <a href="${escapeHtml(settingsUrl)}">settings</a>.`,
    "LOOP",
  ]);
  return { to, subject: "The e-mail address of your LOOP account was changed", text, html };
}

/**
 * To the account's current address when a new one is asked for (issue 35): who asked, that nothing
 * changes without the link sent to the new address, and what to do if it was not them.
 */
export function emailChangeRequestedMail(
  to: string,
  username: string,
  newEmail: string,
  links: { settingsUrl: string; supportEmail: string },
): MailMessage {
  const { settingsUrl, supportEmail } = links;
  const text = [
    "Hello,",
    "",
    `The LOOP account @${username} asked to make ${newEmail} its e-mail address, instead of ${to}.`,
    `Nothing changes until the link sent to ${newEmail} is opened while signed in to the account.`,
    "",
    `If you did not ask for this, write to LOOP support at once (${supportEmail}), and check your settings: ${settingsUrl}`,
    "",
    "LOOP",
  ].join("\n");
  const html = page([
    "Hello,",
    `The LOOP account <strong>@${escapeHtml(username)}</strong> asked to make <strong>${escapeHtml(newEmail)}</strong> its e-mail address, instead of ${escapeHtml(to)}.`,
    `Nothing changes until the link sent to ${escapeHtml(newEmail)} is opened while signed in to the account.`,
    `If you did not ask for this, write to LOOP support at once (<a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>), and check your <a href="${escapeHtml(settingsUrl)}">settings</a>.`,
    "LOOP",
  ]);
  return { to, subject: "A new e-mail address was asked for your LOOP account", text, html };
}
