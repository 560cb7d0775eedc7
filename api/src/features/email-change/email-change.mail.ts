import { escapeHtml } from "../../mail/escape-html";
import type { MailMessage } from "../../mail/mailer";

const BUTTON_STYLE =
  "display: inline-block; padding: 10px 18px; background: #7c3aed; color: #fff; border-radius: 6px; text-decoration: none";

/**
 * Every mail of the e-mail change: "Hello,", its paragraphs, signed "LOOP". The text's paragraphs are
 * lists of lines (wrapped as written, a blank line between paragraphs); the HTML's, one `<p>` each.
 */
function accountMail(to: string, subject: string, text: string[][], html: string[]): MailMessage {
  return {
    to,
    subject,
    text: ["Hello,", ...text.flatMap((lines) => ["", ...lines]), "", "LOOP"].join("\n"),
    html: `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5; color: #111">
${["Hello,", ...html, "LOOP"].map((paragraph) => `<p>${paragraph}</p>`).join("\n")}
</body></html>`,
  };
}

/** The support address and the settings page, linked, for the notices to an address that may not have asked. */
const supportLink = (supportEmail: string) => `<a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>`;
const settingsLink = (settingsUrl: string) => `<a href="${escapeHtml(settingsUrl)}">settings</a>`;

/** To the new address: the link whose page confirms it as the account's address. */
export function confirmEmailMail(to: string, username: string, link: string, ttlMinutes: number, replaces: boolean): MailMessage {
  const what = replaces ? "the new e-mail address" : "the e-mail address";
  const href = escapeHtml(link);
  return accountMail(
    to,
    "Confirm your e-mail address for LOOP",
    [
      [
        `The LOOP member @${username} asked to make ${to} ${what} of their account.`,
        "Open this link, signed in to that account, to confirm it:",
      ],
      [link],
      [
        `The link works once and expires in ${ttlMinutes} minutes. Once confirmed, receipts and order confirmations`,
        "are sent to this address, and you can sign in to LOOP with it.",
        "If you did not ask for this, ignore this e-mail: nothing changes without the link.",
      ],
    ],
    [
      `The LOOP member <strong>@${escapeHtml(username)}</strong> asked to make ${escapeHtml(to)} ${what} of their account. Open this link, signed in to that account, to confirm it:`,
      `<a href="${href}" style="${BUTTON_STYLE}">Confirm my e-mail address</a>`,
      `Or paste this link into your browser:<br><a href="${href}">${href}</a>`,
      `The link works once and expires in ${ttlMinutes} minutes. Once confirmed, receipts and order confirmations are sent to this address, and you can sign in to LOOP with it. If you did not ask for this, ignore this e-mail: nothing changes without the link.`,
    ],
  );
}

/** A notice to the account's address (`to`) about a new address for @`username`, with where to turn if it was not them. */
type AddressNotice = (to: string, username: string, newEmail: string, links: { settingsUrl: string; supportEmail: string }) => MailMessage;

/** To the old address after a change: who changed it, and what to do if it was not them. */
export const emailChangedNoticeMail: AddressNotice = (to, username, newEmail, { settingsUrl, supportEmail }) => {
  const moved = "Receipts and sign-in links now go to the new address; this address no longer signs in to that account.";
  return accountMail(
    to,
    "The e-mail address of your LOOP account was changed",
    [
      [`The e-mail address of the LOOP account @${username} was changed from ${to} to ${newEmail}.`, moved],
      [
        `If you did not make this change, write to LOOP support at once (${supportEmail}). If your account also has a wallet, you can`,
        `sign in with it and check your settings: ${settingsUrl}`,
      ],
    ],
    [
      `The e-mail address of the LOOP account <strong>@${escapeHtml(username)}</strong> was changed from ${escapeHtml(to)} to <strong>${escapeHtml(newEmail)}</strong>.`,
      moved,
      `If you did not make this change, write to LOOP support at once (${supportLink(supportEmail)}). If your account also has a wallet, you can sign in with it and check your ${settingsLink(settingsUrl)}.`,
    ],
  );
};

/**
 * To the account's current address when a new one is asked for (issue 35): who asked, that nothing
 * changes without the link sent to the new address, and what to do if it was not them.
 */
export const emailChangeRequestedMail: AddressNotice = (to, username, newEmail, { settingsUrl, supportEmail }) =>
  accountMail(
    to,
    "A new e-mail address was asked for your LOOP account",
    [
      [
        `The LOOP account @${username} asked to make ${newEmail} its e-mail address, instead of ${to}.`,
        `Nothing changes until the link sent to ${newEmail} is opened while signed in to the account.`,
      ],
      [`If you did not ask for this, write to LOOP support at once (${supportEmail}), and check your settings: ${settingsUrl}`],
    ],
    [
      `The LOOP account <strong>@${escapeHtml(username)}</strong> asked to make <strong>${escapeHtml(newEmail)}</strong> its e-mail address, instead of ${escapeHtml(to)}.`,
      `Nothing changes until the link sent to ${escapeHtml(newEmail)} is opened while signed in to the account.`,
      `If you did not ask for this, write to LOOP support at once (${supportLink(supportEmail)}), and check your ${settingsLink(settingsUrl)}.`,
    ],
  );
