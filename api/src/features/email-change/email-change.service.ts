// Adding or changing the e-mail address of an account (issue 22), with the machinery of the e-mail
// sign-in links: a random token mailed to the new address, only its hash stored, expiring, used
// once. The link opens a web page that names the change and whose button POSTs the token, so a mail
// scanner that fetches links cannot use it up. The token belongs to the account that asked: only
// that account, signed in, can confirm it. One address per account: checked when the link is asked
// for and again when it is used (in the transaction that sets it), and "users_email_key" settles a
// race between two accounts confirming the same address at once.
import { paths } from "@loop/rules/paths";
import { EMAIL_CHANGE_MESSAGES, emailChangeSentMessage, type EmailChangeLink } from "@loop/rules/schemas/email-change";
import type { AppConfig } from "../../config";
import type { Logger } from "../../deps";
import { consoleLogger } from "../../deps";
import { isUniqueViolation, type PrismaClient } from "../../db/prisma";
import { BadRequest, Conflict, Forbidden, ServiceUnavailable } from "../../http/errors";
import { hashToken, randomToken } from "../../http/tokens";
import type { Mailer } from "../../mail/mailer";
import { settingsInUse } from "../platform-settings/platform-settings.service";
import { userInclude, type UserRecord } from "../users/user.view";
import { confirmEmailMail, emailChangedNoticeMail } from "./email-change.mail";

export interface EmailChangeDeps {
  prisma: PrismaClient;
  mailer: Mailer;
  config: Pick<AppConfig, "appUrl">;
  logger?: Logger;
}

/** How long a confirmation link works. */
export const EMAIL_CHANGE_TTL_MS = 60 * 60 * 1000;

/** The web page a confirmation link opens. */
export const EMAIL_CHANGE_PAGE = paths.emailConfirm();

/**
 * Mails a confirmation link for `email` to that address. A new link replaces the account's earlier
 * ones (only the last address asked for can be confirmed). Answers the 202 message.
 */
export async function requestEmailChange(deps: EmailChangeDeps, user: UserRecord, email: string): Promise<string> {
  if (user.email === email) throw new Conflict(EMAIL_CHANGE_MESSAGES.unchanged);
  const token = randomToken();
  const now = new Date();
  await deps.prisma.$transaction(async (tx) => {
    const owner = await tx.user.findUnique({ where: { email }, select: { id: true } });
    if (owner && owner.id !== user.id) throw new Conflict(EMAIL_CHANGE_MESSAGES.taken);
    await tx.emailChangeToken.deleteMany({ where: { OR: [{ userId: user.id }, { expiresAt: { lte: now } }] } });
    await tx.emailChangeToken.create({
      data: {
        tokenHash: hashToken(token),
        userId: user.id,
        email,
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
      },
    });
  });
  const link = new URL(EMAIL_CHANGE_PAGE, deps.config.appUrl);
  link.searchParams.set("token", token);
  try {
    await deps.mailer.send(
      confirmEmailMail(email, user.username, link.href, Math.round(EMAIL_CHANGE_TTL_MS / 60_000), user.email !== null),
    );
  } catch (error) {
    // Nobody has this token: it would only wait for its expiry.
    await deps.prisma.emailChangeToken.deleteMany({ where: { tokenHash: hashToken(token) } });
    throw new ServiceUnavailable("We could not send the e-mail right now. Please try again in a few minutes.", { cause: error });
  }
  return emailChangeSentMessage(email);
}

/** A usable link's row: its account and new address (400 when unknown, expired or used). */
async function usableLink(prisma: PrismaClient, token: string) {
  const row = await prisma.emailChangeToken.findUnique({
    where: { tokenHash: hashToken(token), expiresAt: { gt: new Date() } },
    include: { user: { select: { id: true, username: true, email: true } } },
  });
  if (!row) throw new BadRequest(EMAIL_CHANGE_MESSAGES.linkInvalid);
  return row;
}

/**
 * What confirming a link will do, without using it up: the confirm page names the address and the
 * account before the member presses the button. Works signed out (the page then asks to sign in).
 */
export async function emailChangeLink(prisma: PrismaClient, token: string): Promise<EmailChangeLink> {
  const row = await usableLink(prisma, token);
  return { email: row.email, username: row.user.username, replaces: row.user.email !== null && row.user.email !== row.email };
}

/**
 * Uses up the link and sets its address on the account, which must be the signed-in one (403 for
 * another account, the link stays usable). After a change the old address is told (a security
 * notice: whoever reads it learns that sign-in links no longer go there).
 */
export async function confirmEmailChange(deps: EmailChangeDeps, userId: string, token: string): Promise<UserRecord> {
  let result: { user: UserRecord; previousEmail: string | null };
  try {
    result = await deps.prisma.$transaction(async (tx) => {
      const row = await tx.emailChangeToken.findUnique({ where: { tokenHash: hashToken(token), expiresAt: { gt: new Date() } } });
      if (!row) throw new BadRequest(EMAIL_CHANGE_MESSAGES.linkInvalid);
      if (row.userId !== userId) throw new Forbidden(EMAIL_CHANGE_MESSAGES.wrongAccount);
      const owner = await tx.user.findUnique({ where: { email: row.email }, select: { id: true } });
      if (owner && owner.id !== userId) throw new Conflict(EMAIL_CHANGE_MESSAGES.taken);
      // Used once: a second confirmation racing this one finds nothing to delete.
      const used = await tx.emailChangeToken.deleteMany({ where: { id: row.id } });
      if (used.count === 0) throw new BadRequest(EMAIL_CHANGE_MESSAGES.linkInvalid);
      await tx.emailChangeToken.deleteMany({ where: { userId } });
      const before = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
      const user = await tx.user.update({ where: { id: userId }, data: { email: row.email }, include: userInclude });
      // Sign-in links still on their way to the old address would now make a new account: void them.
      if (before.email && before.email !== row.email) await tx.emailLoginToken.deleteMany({ where: { email: before.email } });
      return { user, previousEmail: before.email };
    });
  } catch (error) {
    // Another account took the address between our check and our update.
    if (isUniqueViolation(error, "email")) throw new Conflict(EMAIL_CHANGE_MESSAGES.taken);
    throw error;
  }
  const { user, previousEmail } = result;
  if (previousEmail && user.email && previousEmail !== user.email) await sendChangeNotice(deps, previousEmail, user.username, user.email);
  return user;
}

/** After the commit, and never failing the change: the old address is told. */
async function sendChangeNotice(deps: EmailChangeDeps, to: string, username: string, newEmail: string): Promise<void> {
  const logger = deps.logger ?? consoleLogger;
  try {
    const { supportEmail } = await settingsInUse(deps.prisma);
    const settingsUrl = new URL(paths.settings(), deps.config.appUrl).href;
    await deps.mailer.send(emailChangedNoticeMail(to, username, newEmail, { settingsUrl, supportEmail }));
  } catch (error) {
    logger.error(`e-mail change of @${username}: the notice to the old address failed:`, error);
  }
}
