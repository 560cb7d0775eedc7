import { escapeHtml } from "../../mail/escape-html";
import type { MailMessage } from "../../mail/mailer";

export function signInLinkMail(to: string, link: string, ttlMinutes: number): MailMessage {
  const text = [
    "Hello,",
    "",
    "Use this link to sign in to LOOP:",
    "",
    link,
    "",
    `The link works once and expires in ${ttlMinutes} minutes.`,
    "If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without the link.",
    "",
    "LOOP",
  ].join("\n");
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5; color: #111">
<p>Hello,</p>
<p>Use this button to sign in to LOOP:</p>
<p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #7c3aed; color: #fff; border-radius: 6px; text-decoration: none">Sign in to LOOP</a></p>
<p>Or paste this link into your browser:<br><a href="${href}">${href}</a></p>
<p>The link works once and expires in ${ttlMinutes} minutes. If you did not ask to sign in, you can ignore this e-mail.</p>
<p>LOOP</p>
</body></html>`;
  return { to, subject: "Your LOOP sign-in link", text, html };
}
