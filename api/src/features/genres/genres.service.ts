import type { PrismaClient } from "../../db/prisma";

export function listGenres(prisma: PrismaClient): Promise<{ id: number; name: string }[]> {
  return prisma.genre.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } });
}
