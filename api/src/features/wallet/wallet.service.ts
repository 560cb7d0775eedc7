import { isUniqueViolation, type PrismaClient } from "../../db/prisma";
import { userInclude, type UserRecord } from "../users/user.view";
import { DomainError } from "../../domain-error";

/** Links a proven wallet to the user, replacing the wallet they had before. */
export async function linkWallet(prisma: PrismaClient, userId: string, address: string, chainId: number): Promise<UserRecord> {
  try {
    return await prisma.$transaction(async (tx) => {
      const owner = await tx.walletLink.findUnique({ where: { address } });
      if (owner && owner.userId !== userId) throw new DomainError("WALLET_TAKEN");
      if (!owner) {
        await tx.walletLink.deleteMany({ where: { userId } });
        await tx.walletLink.create({ data: { userId, address, chainId } });
      }
      return tx.user.findUniqueOrThrow({ where: { id: userId }, include: userInclude });
    });
  } catch (error) {
    // Another account linked the same wallet between our read and our insert.
    if (isUniqueViolation(error, "address")) throw new DomainError("WALLET_TAKEN");
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
    if (!user.email && user._count.oidcIdentities === 0) throw new DomainError("WALLET_ONLY_SIGN_IN");
    await tx.walletLink.delete({ where: { userId } });
    return tx.user.findUniqueOrThrow({ where: { id: userId }, include: userInclude });
  });
}
