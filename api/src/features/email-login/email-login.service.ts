// One-time e-mail sign-in links. The link opens a web page that names the account and whose button
// POSTs the token: a mail scanner that fetches links cannot use it up, and whoever opens a link sees
// whose account it signs into before continuing.
import { paths } from "@loop/rules/paths";
import type { EmailLinkAccount } from "@loop/rules/auth-api-types";
import type { AppConfig } from "../../config";
import { isRecordNotFound, type PrismaClient } from "../../db/prisma";
import { hashToken, randomToken } from "../../http/tokens";
import type { Mailer } from "../../mail/mailer";
import { signInLinkMail } from "./email-login.mail";
import { DomainError } from "../../domain-error";

export interface EmailLoginDeps {
  prisma: PrismaClient;
  mailer: Mailer;
  config: Pick<AppConfig, "appUrl" | "emailLinkTtlMs">;
}

export const LINK_SENT_MESSAGE = "Check your inbox for a sign-in link.";

/** Mails a sign-in link whether or not an account exists (the answer must not tell). */
export async function sendSignInLink(deps: EmailLoginDeps, email: string): Promise<void> {
  const now = new Date();
  await deps.prisma.emailLoginToken.deleteMany({ where: { expiresAt: { lte: now } } });
  const token = randomToken();
  await deps.prisma.emailLoginToken.create({
    data: { tokenHash: hashToken(token), email, createdAt: now, expiresAt: new Date(now.getTime() + deps.config.emailLinkTtlMs) },
  });
  const link = new URL(paths.loginConfirm(), deps.config.appUrl);
  link.searchParams.set("token", token);
  try {
    await deps.mailer.send(signInLinkMail(email, link.href, Math.round(deps.config.emailLinkTtlMs / 60_000)));
  } catch (error) {
    throw new DomainError("EMAIL_NOT_SENT", { cause: error });
  }
}

/**
 * Whom a link's token signs in as, without using it up: the confirm page names the account before
 * the user continues (a link opened in someone else's browser would sign them into this account).
 */
export async function signInLinkAccount(prisma: PrismaClient, token: string): Promise<EmailLinkAccount> {
  const row = await prisma.emailLoginToken.findUnique({
    where: { tokenHash: hashToken(token), expiresAt: { gt: new Date() } },
    select: { email: true },
  });
  if (!row) throw new DomainError("SIGN_IN_LINK_INVALID");
  const user = await prisma.user.findUnique({ where: { email: row.email }, select: { username: true } });
  return { email: row.email, username: user?.username ?? null };
}

/** Uses up a link's token and returns its e-mail address. */
export async function consumeSignInToken(prisma: PrismaClient, token: string): Promise<string> {
  try {
    const row = await prisma.emailLoginToken.delete({
      where: { tokenHash: hashToken(token), expiresAt: { gt: new Date() } },
      select: { email: true },
    });
    return row.email;
  } catch (error) {
    if (isRecordNotFound(error)) throw new DomainError("SIGN_IN_LINK_INVALID");
    throw error;
  }
}
