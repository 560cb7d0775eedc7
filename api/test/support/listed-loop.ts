import { randomUUID } from "node:crypto";
import type { PrismaClient } from "../../src/db/prisma";

/** A ready, public loop by `userId` (in the first genre, made if there is none): it makes the user a creator. */
export async function createListedLoop(prisma: PrismaClient, userId: string, title = "Listed loop", priceCents = 0): Promise<string> {
  const genre = (await prisma.genre.findFirst({ orderBy: { id: "asc" } })) ?? (await prisma.genre.create({ data: { name: "Test Genre" } }));
  const id = randomUUID();
  await prisma.loop.create({
    data: {
      id,
      userId,
      genreId: genre.id,
      title,
      status: "ready",
      isPublic: true,
      priceCents,
      originalKey: `loops/${id}/original`,
      originalFormat: "wav",
    },
  });
  return id;
}
