import { levelTitle } from "@loop/rules/levels";
import { PROFILE_MESSAGES, type OwnProfile, type PublicProfile, type UpdateProfile } from "@loop/rules/schemas/profile";
import { formatLoop } from "@loop/rules/units";
import { isUniqueViolation, type PrismaClient } from "../../db/prisma";
import { DomainError } from "../../domain-error";
import { followCounts } from "../follows/follows.service";
import { catalogChanged } from "../loops/catalog-cache";
import { userEarnings } from "../levels/earnings";
import { publicLoopView, viewerLoopInclude } from "../loops/loop.view";
import { toCurrentUser, userInclude, type UserRecord } from "../users/user.view";
import { UUID } from "../../http/uuid";

/** Another member has the username: the form shows it under the username. */
const usernameTaken = () => new DomainError("USERNAME_TAKEN", { fields: { username: PROFILE_MESSAGES.usernameTaken } });

const PROFILE_LOOPS = 100;
/** The own profile with the LOOP totals from the ledger: earned from sales, spent on purchases. */
export async function ownProfile(prisma: PrismaClient, user: UserRecord): Promise<OwnProfile> {
  const { earned, spent } = await userEarnings(prisma, user.id);
  return { ...toCurrentUser(user), totalEarned: formatLoop(earned), totalSpent: formatLoop(spent) };
}

/**
 * PUT /api/profile. `current`: the signed-in user as the request read it. A new username or picture
 * shows on the catalog's cards and in search: only then is the catalog cache dropped (a new bio, or
 * the same values again, keeps it).
 */
export async function updateProfile(
  prisma: PrismaClient,
  current: Pick<UserRecord, "id" | "username" | "profileImageUrl">,
  input: UpdateProfile,
): Promise<OwnProfile> {
  const userId = current.id;
  const taken = await prisma.user.findUnique({ where: { username: input.username }, select: { id: true } });
  if (taken && taken.id !== userId) throw usernameTaken();
  try {
    const user = await prisma.user.update({
      where: { id: userId },
      data: { username: input.username, bio: input.bio, profileImageUrl: input.profileImageUrl },
      include: userInclude,
    });
    if (user.username !== current.username || user.profileImageUrl !== current.profileImageUrl) catalogChanged(prisma);
    return await ownProfile(prisma, user);
  } catch (error) {
    // Another account took the name between the check and the update.
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

/** A member as their public profile shows them (GET /api/users/:id/profile's `user`; a profile page's card). */
export function publicProfileUser(
  user: Pick<PublicProfile["user"], "id" | "username" | "firstName" | "lastName" | "bio" | "profileImageUrl" | "level" | "experience">,
): PublicProfile["user"] {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    bio: user.bio,
    profileImageUrl: user.profileImageUrl,
    level: user.level,
    experience: user.experience,
    levelTitle: levelTitle(user.level),
  };
}

export async function publicProfile(prisma: PrismaClient, userId: string, viewerId: string | null): Promise<PublicProfile> {
  const user = UUID.test(userId) ? await prisma.user.findUnique({ where: { id: userId } }) : null;
  if (!user) throw new DomainError("USER_NOT_FOUND");
  const isOwnProfile = viewerId === user.id;
  // The owner sees every loop but those taken down; anyone else the listed ones.
  const where = isOwnProfile
    ? { userId: user.id, status: { not: "removed" as const } }
    : { userId: user.id, status: "ready" as const, isPublic: true };
  const [[loops, totalLoops], follows] = await Promise.all([
    prisma.$transaction([
      prisma.loop.findMany({
        where,
        include: viewerLoopInclude(viewerId),
        orderBy: [{ createdAt: "desc" }, { id: "asc" }],
        take: PROFILE_LOOPS,
      }),
      prisma.loop.count({ where }),
    ]),
    followCounts(prisma, user, viewerId),
  ]);
  return {
    user: publicProfileUser(user),
    loops: loops.map((loop) => publicLoopView(loop, viewerId)),
    totalLoops,
    isOwnProfile,
    ...follows,
  };
}
