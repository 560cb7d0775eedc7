import type { CurrentUser } from "@loop/rules/api-types";
import { levelInfo } from "@loop/rules/levels";
import type { Prisma } from "../../db/prisma";

/** Relations needed to present a user; load users with this wherever a CurrentUser is answered. */
export const userInclude = { wallet: { select: { address: true } } } satisfies Prisma.UserInclude;

export type UserRecord = Prisma.UserGetPayload<{ include: typeof userInclude }>;

export function toCurrentUser(user: UserRecord): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    bio: user.bio,
    profileImageUrl: user.profileImageUrl,
    walletAddress: user.wallet?.address ?? null,
    level: user.level,
    experience: user.experience,
    isAdmin: user.isAdmin,
    isBanned: user.isBanned,
    banReason: user.banReason,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    levelInfo: levelInfo(user.experience),
  };
}
