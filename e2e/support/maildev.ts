// MailDev 2's REST API: GET /email lists the caught mails (to, subject, text, html, date).
import { expect } from "@playwright/test";
import { EVENT_DEADLINE_MS } from "./deadlines";

export interface CaughtMail {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  date: string;
  to: Array<{ address: string; name?: string }>;
}

async function listMails(mailUrl: string): Promise<CaughtMail[]> {
  const response = await fetch(`${mailUrl}/email`, { signal: AbortSignal.timeout(5000) });
  if (!response.ok) throw new Error(`MailDev GET /email answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/** Waits for the newest mail to `address` (case-insensitive) that is not in `except` (ids). */
export async function waitForMail(
  mailUrl: string,
  address: string,
  options: { timeoutMs?: number; except?: string[] } = {},
): Promise<CaughtMail> {
  const wanted = address.toLowerCase();
  const except = new Set(options.except ?? []);
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await listMails(mailUrl)).filter(
          (mail) => !except.has(mail.id) && mail.to.some((to) => to.address.toLowerCase() === wanted),
        );
        found = mails.sort((a, b) => Date.parse(b.date) - Date.parse(a.date))[0];
        return found !== undefined;
      },
      {
        message: `a mail to ${address} in MailDev (${mailUrl})`,
        timeout: options.timeoutMs ?? EVENT_DEADLINE_MS,
        intervals: [100, 250, 500],
      },
    )
    .toBe(true);
  return found!;
}

/** The ids of the mails to `address` caught so far. */
export async function mailIds(mailUrl: string, address: string): Promise<string[]> {
  const wanted = address.toLowerCase();
  return (await listMails(mailUrl)).filter((mail) => mail.to.some((to) => to.address.toLowerCase() === wanted)).map((mail) => mail.id);
}

/** The `/login/confirm?token=…` link of a sign-in mail (from its text part, else its HTML). */
export function signInLink(mail: CaughtMail): URL {
  const source = `${mail.text ?? ""}\n${(mail.html ?? "").replace(/&amp;/g, "&")}`;
  const match = /https?:\/\/[^\s"'<>]+\/login\/confirm\?token=[^\s"'<>&]+/.exec(source);
  if (!match)
    throw new Error(`no /login/confirm?token= link in the mail "${mail.subject}" to ${mail.to.map((to) => to.address).join(", ")}`);
  return new URL(match[0]);
}
