// Adding or changing the e-mail address of an account (issue 22), with the machinery of the e-mail
// sign-in links: a random token mailed to the new address, only its hash stored, expiring, used
// once. The link opens a web page that names the change and whose button POSTs the token, so a mail
// scanner that fetches links cannot use it up. The token belongs to the account that asked: only
// that account, signed in, can confirm it. One address per account: checked when the link is asked
// for and again when it is used (in the transaction that sets it), and "users_email_key" settles a
// race between two accounts confirming the same address at once.
//
// Issue 35: a session is not enough to ask for a new address: a stolen (or forgotten, open) session
// could otherwise move the account's sign-in links to someone else's inbox. Asking needs a sign-in
// from the last RECENT_SIGN_IN_MINUTES, or with the request a fresh Sign-In with Ethereum message
// signed by the account's linked wallet (a wallet-only account signs again instead of signing in
// again). And the account is told at every step, in the app and at every address it has: asking
// notifies it and mails its current address (the new one gets the link); the change notifies it
// and mails the old address.
import { paths } from "@loop/rules/paths";
import {
  RECENT_SIGN_IN_MINUTES,
  emailChangeSentMessage,
  type EmailChangeLink,
  type EmailChangeRequestBody,
} from "@loop/rules/schemas/email-change";
import { isAddressEqual } from "viem";
import type { ChainClients } from "../../chain/clients";
import type { AppConfig } from "../../config";
import type { Logger } from "../../deps";
import { consoleLogger } from "../../deps";
import { isUniqueViolation, type PrismaClient } from "../../db/prisma";
import type { AuthContext } from "../../http/request-context";
import { hashToken, randomToken } from "../../http/tokens";
import type { Mailer } from "../../mail/mailer";
import { verifySignedMessage } from "../auth/siwe.service";
import { createNotificationInTx } from "../notifications/create-notification";
import { settingsInUse } from "../platform-settings/platform-settings.service";
import { userInclude, type UserRecord } from "../users/user.view";
import { confirmEmailMail, emailChangedNoticeMail, emailChangeRequestedMail } from "./email-change.mail";
import { DomainError, isRefusal } from "../../domain-error";

export interface EmailChangeDeps {
  prisma: PrismaClient;
  mailer: Mailer;
  /** appUrl for the links; chains and nonceTtlMs to check a wallet's signature. */
  config: Pick<AppConfig, "appUrl" | "chains" | "nonceTtlMs">;
  chains: ChainClients;
  logger?: Logger;
}

/** How recent the session's sign-in must be to ask for a new address (RECENT_SIGN_IN_MINUTES). */
export const RECENT_SIGN_IN_MS = RECENT_SIGN_IN_MINUTES * 60 * 1000;

/** How long a confirmation link works. */
export const EMAIL_CHANGE_TTL_MS = 60 * 60 * 1000;

/** The web page a confirmation link opens. */
export const EMAIL_CHANGE_PAGE = paths.emailConfirm();

/**
 * 403 "Sign In Again" unless the session was signed in within RECENT_SIGN_IN_MINUTES, or `proof` is a
 * fresh SIWE message (its nonce used up here) signed by the wallet linked to the account.
 */
async function assertRecentSignIn(deps: EmailChangeDeps, auth: AuthContext, proof: EmailChangeRequestBody["proof"]): Promise<void> {
  const session = await deps.prisma.session.findUnique({ where: { id: auth.sessionId }, select: { createdAt: true } });
  if (session && Date.now() - session.createdAt.getTime() <= RECENT_SIGN_IN_MS) return;
  if (!proof) throw new DomainError("RECENT_SIGN_IN_REQUIRED");
  const linked = auth.user.wallet?.address ?? null;
  let proven;
  try {
    proven = await verifySignedMessage(deps, proof);
  } catch (error) {
    // Not a 401: the session is fine, the signature is not (the page would take a 401 for a sign-out).
    if (isRefusal(error, "SIWE_MESSAGE_INVALID")) throw new DomainError("WALLET_PROOF_INVALID");
    throw error;
  }
  if (linked === null || !isAddressEqual(proven.address, linked as `0x${string}`)) throw new DomainError("WALLET_PROOF_INVALID");
}

/**
 * Mails a confirmation link for `email` to that address, once the caller proved a recent sign-in. A
 * new link replaces the account's earlier ones (only the last address asked for can be confirmed).
 * Then the account is told: a notification, and a mail to its current address. Answers the 202 message.
 */
export async function requestEmailChange(deps: EmailChangeDeps, auth: AuthContext, body: EmailChangeRequestBody): Promise<string> {
  const { user } = auth;
  const { email } = body;
  await assertRecentSignIn(deps, auth, body.proof);
  if (user.email === email) throw new DomainError("EMAIL_UNCHANGED");
  const token = randomToken();
  const now = new Date();
  await deps.prisma.$transaction(async (tx) => {
    const owner = await tx.user.findUnique({ where: { email }, select: { id: true } });
    if (owner && owner.id !== user.id) throw new DomainError("EMAIL_TAKEN");
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
    throw new DomainError("EMAIL_NOT_SENT", { cause: error });
  }
  await tellOfRequest(deps, user, email);
  return emailChangeSentMessage(email);
}

/** After the link is sent, never failing the request: the account's notification, and a mail to its current address. */
async function tellOfRequest(deps: EmailChangeDeps, user: UserRecord, email: string): Promise<void> {
  const logger = deps.logger ?? consoleLogger;
  try {
    const { supportEmail } = await settingsInUse(deps.prisma);
    await deps.prisma.$transaction((tx) =>
      createNotificationInTx(tx, {
        userId: user.id,
        type: "warning",
        title: "E-mail Change Requested",
        message: `A link to make ${email} the e-mail address of your account was sent there. Nothing changes until it is opened while signed in to this account. If you did not ask for this, write to LOOP support (${supportEmail}).`,
        actionUrl: paths.settings(),
        actionText: "Settings",
      }),
    );
    if (user.email) {
      const settingsUrl = new URL(paths.settings(), deps.config.appUrl).href;
      await deps.mailer.send(emailChangeRequestedMail(user.email, user.username, email, { settingsUrl, supportEmail }));
    }
  } catch (error) {
    logger.error(`e-mail change of @${user.username}: telling the account of the request failed:`, error);
  }
}

/** A usable link's row: its account and new address (400 when unknown, expired or used). */
async function usableLink(prisma: PrismaClient, token: string) {
  const row = await prisma.emailChangeToken.findUnique({
    where: { tokenHash: hashToken(token), expiresAt: { gt: new Date() } },
    include: { user: { select: { id: true, username: true, email: true } } },
  });
  if (!row) throw new DomainError("EMAIL_CHANGE_LINK_INVALID");
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
  const { supportEmail } = await settingsInUse(deps.prisma);
  try {
    result = await deps.prisma.$transaction(async (tx) => {
      const row = await tx.emailChangeToken.findUnique({ where: { tokenHash: hashToken(token), expiresAt: { gt: new Date() } } });
      if (!row) throw new DomainError("EMAIL_CHANGE_LINK_INVALID");
      if (row.userId !== userId) throw new DomainError("EMAIL_CHANGE_WRONG_ACCOUNT");
      const owner = await tx.user.findUnique({ where: { email: row.email }, select: { id: true } });
      if (owner && owner.id !== userId) throw new DomainError("EMAIL_TAKEN");
      // Used once: a second confirmation racing this one finds nothing to delete.
      const used = await tx.emailChangeToken.deleteMany({ where: { id: row.id } });
      if (used.count === 0) throw new DomainError("EMAIL_CHANGE_LINK_INVALID");
      await tx.emailChangeToken.deleteMany({ where: { userId } });
      const before = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
      const user = await tx.user.update({ where: { id: userId }, data: { email: row.email }, include: userInclude });
      // Sign-in links still on their way to the old address would now make a new account: void them.
      if (before.email && before.email !== row.email) await tx.emailLoginToken.deleteMany({ where: { email: before.email } });
      // The account is told in the app, with the change (the old address by mail, after the commit).
      const replaced = before.email !== null && before.email !== row.email;
      await createNotificationInTx(tx, {
        userId,
        type: "info",
        title: replaced ? "E-mail Address Changed" : "E-mail Address Added",
        message: `${row.email} is now the e-mail address of your account.${replaced ? ` It replaces ${before.email}, which no longer signs in to it.` : ""} If you did not make this change, write to LOOP support (${supportEmail}).`,
        actionUrl: paths.settings(),
        actionText: "Settings",
      });
      return { user, previousEmail: before.email };
    });
  } catch (error) {
    // Another account took the address between our check and our update.
    if (isUniqueViolation(error, "email")) throw new DomainError("EMAIL_TAKEN");
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
