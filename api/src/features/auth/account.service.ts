// Finding or creating the account behind a proven identity (wallet, e-mail, OIDC subject).
import { randomInt } from "node:crypto";
import { isUniqueViolation, type PrismaClient, type Tx } from "../../db/prisma";
import { userInclude, type UserRecord } from "../users/user.view";

const USERNAME_MAX = 24;
const CREATE_ATTEMPTS = 5;

/** Lower case [a-z0-9_], at least 3 characters, from any text. */
export function usernameBase(text: string): string {
  const cleaned = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "")
    .slice(0, USERNAME_MAX - 5);
  return cleaned.length >= 3 ? cleaned : `user_${cleaned}`.replace(/_$/, "");
}

/** `base` if free, otherwise `base_NNNN`; the unique index settles races (the caller retries). */
async function freeUsername(tx: Tx, base: string): Promise<string> {
  if (!(await tx.user.findUnique({ where: { username: base }, select: { id: true } }))) return base;
  for (let i = 0; i < 20; i++) {
    const candidate = `${base}_${randomInt(1000, 10000)}`;
    if (!(await tx.user.findUnique({ where: { username: candidate }, select: { id: true } }))) return candidate;
  }
  return `${base}_${randomInt(100000, 1000000)}`;
}

/**
 * Runs `attempt` in a transaction, again when a concurrent request created the same
 * username, wallet link or identity first (the retry then finds that row).
 */
async function withCreateRetry<T>(prisma: PrismaClient, attempt: (tx: Tx) => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await prisma.$transaction(attempt);
    } catch (error) {
      if (i >= CREATE_ATTEMPTS || !isUniqueViolation(error)) throw error;
    }
  }
}

export function findOrCreateByWallet(prisma: PrismaClient, address: string, chainId: number): Promise<UserRecord> {
  return withCreateRetry(prisma, async (tx) => {
    const link = await tx.walletLink.findUnique({ where: { address }, include: { user: { include: userInclude } } });
    if (link) return link.user;
    const username = await freeUsername(tx, `user_${address.slice(2, 8).toLowerCase()}`);
    return tx.user.create({ data: { username, wallet: { create: { address, chainId } } }, include: userInclude });
  });
}

export function findOrCreateByEmail(prisma: PrismaClient, email: string): Promise<UserRecord> {
  return withCreateRetry(prisma, async (tx) => {
    const existing = await tx.user.findUnique({ where: { email }, include: userInclude });
    if (existing) return existing;
    const username = await freeUsername(tx, usernameBase(email.split("@")[0] ?? ""));
    return tx.user.create({ data: { username, email }, include: userInclude });
  });
}

export interface OidcProfile {
  issuer: string;
  subject: string;
  /** Lower case; only set when the provider says it is verified. */
  verifiedEmail: string | null;
  firstName: string | null;
  lastName: string | null;
  preferredUsername: string | null;
}

/**
 * The account of an OIDC subject; else the account with the same verified e-mail (linked now);
 * else a new account.
 */
export function findOrCreateByOidc(prisma: PrismaClient, profile: OidcProfile): Promise<UserRecord> {
  return withCreateRetry(prisma, async (tx) => {
    const identity = await tx.oidcIdentity.findUnique({
      where: { issuer_subject: { issuer: profile.issuer, subject: profile.subject } },
      include: { user: { include: userInclude } },
    });
    if (identity) return identity.user;
    const identityData = { issuer: profile.issuer, subject: profile.subject, email: profile.verifiedEmail };
    if (profile.verifiedEmail) {
      const byEmail = await tx.user.findUnique({ where: { email: profile.verifiedEmail } });
      if (byEmail) {
        await tx.oidcIdentity.create({ data: { ...identityData, userId: byEmail.id } });
        return tx.user.findUniqueOrThrow({ where: { id: byEmail.id }, include: userInclude });
      }
    }
    const base = usernameBase(profile.preferredUsername ?? profile.verifiedEmail?.split("@")[0] ?? "user");
    return tx.user.create({
      data: {
        username: await freeUsername(tx, base),
        email: profile.verifiedEmail,
        firstName: profile.firstName,
        lastName: profile.lastName,
        oidcIdentities: { create: identityData },
      },
      include: userInclude,
    });
  });
}
