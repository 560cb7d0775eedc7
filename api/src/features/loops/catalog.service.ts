// The public catalog: listing and reading loops, and streaming their preview and peaks.
import { DURATION_BAND_MS, loopListQuerySchema, type LoopListResponse, type PublicLoop } from "@loop/rules/schemas/loops";
import type { Prisma, PrismaClient } from "../../db/prisma";
import { BadRequest, NotFound } from "../../http/errors";
import { publicLoopInclude, publicLoopView, type LoopWithGenreAndUser } from "./loop.view";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const LOOP_NOT_FOUND = "Loop Not Found";

const ORDER: Record<string, Prisma.LoopOrderByWithRelationInput[]> = {
  popular: [{ downloadCount: "desc" }, { createdAt: "desc" }, { id: "asc" }],
  recent: [{ createdAt: "desc" }, { id: "asc" }],
  price_asc: [{ priceCents: "asc" }, { createdAt: "desc" }, { id: "asc" }],
  price_desc: [{ priceCents: "desc" }, { createdAt: "desc" }, { id: "asc" }],
};

/** GET /api/loops: ready, public loops matching the query. */
export async function listLoops(prisma: PrismaClient, rawQuery: unknown, viewerId: string | null): Promise<LoopListResponse> {
  const parsed = loopListQuerySchema.safeParse(rawQuery);
  if (!parsed.success) throw new BadRequest(parsed.error.issues[0]?.message ?? "Invalid query");
  const query = parsed.data;
  const and: Prisma.LoopWhereInput[] = [{ status: "ready", isPublic: true }];
  if (query.genreId) and.push({ genreId: { in: query.genreId } });
  if (query.search) {
    // Prisma passes the text to ILIKE as is: its wildcards must match literally.
    const contains = { contains: query.search.replace(/[\\%_]/g, (char) => `\\${char}`), mode: "insensitive" as const };
    and.push({ OR: [{ title: contains }, { description: contains }, { tags: contains }] });
  }
  if (query.isFree === "true") and.push({ isFree: true });
  if (query.isFree === "false") and.push({ isFree: false });
  if (query.priceMin !== undefined) and.push({ priceCents: { gte: query.priceMin } });
  if (query.priceMax !== undefined) and.push({ priceCents: { lte: query.priceMax } });
  if (query.duration) and.push({ durationMs: DURATION_BAND_MS[query.duration] });
  if (query.bpmMin !== undefined) and.push({ OR: [{ bpm: { gte: query.bpmMin } }, { bpm: null, detectedBpm: { gte: query.bpmMin } }] });
  if (query.bpmMax !== undefined) and.push({ OR: [{ bpm: { lte: query.bpmMax } }, { bpm: null, detectedBpm: { lte: query.bpmMax } }] });
  if (query.key) and.push({ OR: [{ key: query.key }, { key: null, detectedKey: query.key }] });
  if (query.contentType) and.push({ contentType: query.contentType });
  if (query.userId) and.push({ userId: query.userId });
  const where: Prisma.LoopWhereInput = { AND: and };

  const [loops, total] = await prisma.$transaction([
    prisma.loop.findMany({ where, include: publicLoopInclude, orderBy: ORDER[query.sortBy], take: query.limit, skip: query.offset }),
    prisma.loop.count({ where }),
  ]);
  return { loops: loops.map((loop) => publicLoopView(loop, viewerId)), total };
}

/**
 * A loop anyone may see (ready and public), or any of the viewer's own. Anything else is
 * 404 'Loop Not Found': its existence is not told.
 */
export async function visibleLoop(prisma: PrismaClient, loopId: string, viewerId: string | null): Promise<LoopWithGenreAndUser> {
  const loop = UUID.test(loopId) ? await prisma.loop.findUnique({ where: { id: loopId }, include: publicLoopInclude }) : null;
  if (!loop) throw new NotFound(LOOP_NOT_FOUND);
  const own = viewerId !== null && loop.userId === viewerId;
  if (!own && !(loop.status === "ready" && loop.isPublic)) throw new NotFound(LOOP_NOT_FOUND);
  return loop;
}

export async function getLoop(prisma: PrismaClient, loopId: string, viewerId: string | null): Promise<PublicLoop> {
  return publicLoopView(await visibleLoop(prisma, loopId, viewerId), viewerId);
}
