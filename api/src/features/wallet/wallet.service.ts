import { isUniqueViolation, type PrismaClient } from "../../db/prisma";
import { Conflict } from "../../http/errors";
import { userInclude, type UserRecord } from "../users/user.view";

export const WALLET_TAKEN_MESSAGE = "This wallet is already linked to another account.";
export const ONLY_SIGN_IN_MESSAGE = "This wallet is the only way to sign in to this account, so it cannot be disconnected.";

/** Links a proven wallet to the user, replacing the wallet they had before. */
export async function linkWallet(prisma: PrismaClient, userId: string, address: string, chainId: number): Promise<UserRecord> {
  try {
    return await prisma.$transaction(async (tx) => {
      const owner = await tx.walletLink.findUnique({ where: { address } });
      if (owner && owner.userId !== userId) throw new Conflict(WALLET_TAKEN_MESSAGE);
      if (!owner) {
        await tx.walletLink.deleteMany({ where: { userId } });
        await tx.walletLink.create({ data: { userId, address, chainId } });
      }
      return tx.user.findUniqueOrThrow({ where: { id: userId }, include: userInclude });
    });
  } catch (error) {
    // Another account linked the same wallet between our read and our insert.
    if (isUniqueViolation(error, "address")) throw new Conflict(WALLET_TAKEN_MESSAGE);
    throw error;
  }
}

export async function unlinkWallet(prisma: PrismaClient, userId: string): Promise<UserRecord> {
  return prisma.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      include: { ...userInclude, _count: { select: { oidcIdentities: true } } },
    });
    if (!user.wallet) return user;
    if (!user.email && user._count.oidcIdentities === 0) throw new Conflict(ONLY_SIGN_IN_MESSAGE);
    await tx.walletLink.delete({ where: { userId } });
    return tx.user.findUniqueOrThrow({ where: { id: userId }, include: userInclude });
  });
}
