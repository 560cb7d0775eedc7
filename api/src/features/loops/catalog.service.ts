// The public catalog: listing and reading loops, and streaming their preview and peaks.
import type { DeliveryFormat } from "@loop/rules/schemas/downloads";
import { DURATION_BAND_MS, LOOP_TOTAL_CAP, loopListQuerySchema, type LoopListQuery, type LoopListResponse, type PublicLoop } from "@loop/rules/schemas/loops";
import { Prisma, type PrismaClient } from "../../db/prisma";
import { BadRequest, NotFound } from "../../http/errors";
import { catalogCache, type CatalogCache } from "./catalog-cache";
import {
  anonymousLoopFromRow,
  publicLoopInclude,
  publicLoopView,
  viewerLoopInclude,
  withViewerFields,
  type CatalogLoopRow,
  type LoopWithGenreAndUser,
  type ViewerRelations,
} from "./loop.view";
import { UUID } from "../../http/uuid";
import { containsPattern } from "../../db/like";

export const LOOP_NOT_FOUND = "Loop Not Found";

// popularity and rating_average are generated columns (downloads + purchases; sum / count, 0 when
// unrated, so unrated loops come last), each with an index over the listed loops. The id makes
// the order total, so pages never overlap. `p` is the alias the page is re-sorted under.
const ORDER: Record<LoopListQuery["sortBy"], (p: Prisma.Sql) => Prisma.Sql> = {
  popular: (p) => Prisma.sql`${p}."popularity" DESC, ${p}."created_at" DESC, ${p}."id"`,
  rating: (p) => Prisma.sql`${p}."rating_average" DESC, ${p}."rating_count" DESC, ${p}."created_at" DESC, ${p}."id"`,
  recent: (p) => Prisma.sql`${p}."created_at" DESC, ${p}."id"`,
  price_asc: (p) => Prisma.sql`${p}."price_cents", ${p}."created_at" DESC, ${p}."id"`,
  price_desc: (p) => Prisma.sql`${p}."price_cents" DESC, ${p}."created_at" DESC, ${p}."id"`,
};

/** `total` is exact up to LOOP_TOTAL_CAP matches (rules/src/schemas/loops.ts); past it, a lower bound. */
const TOTAL_COUNT_CAP = LOOP_TOTAL_CAP;

const DURATION_SQL: Record<keyof typeof DURATION_BAND_MS, Prisma.Sql> = {
  short: Prisma.sql`l."duration_ms" < ${DURATION_BAND_MS.short.lt}`,
  medium: Prisma.sql`l."duration_ms" BETWEEN ${DURATION_BAND_MS.medium.gte} AND ${DURATION_BAND_MS.medium.lte}`,
  long: Prisma.sql`l."duration_ms" > ${DURATION_BAND_MS.long.gt}`,
};

/** The query's filters over `"app"."loops" l`, every value a bound parameter. */
function listWhere(query: LoopListQuery): Prisma.Sql {
  const and: Prisma.Sql[] = [Prisma.sql`l."status" = 'ready' AND l."is_public"`];
  if (query.genreId) and.push(Prisma.sql`l."genre_id" IN (${Prisma.join(query.genreId)})`);
  if (query.search) {
    // ILIKE's wildcards in the text match literally (backslash is its escape). Trigram (GIN)
    // indexes on the three columns serve ILIKE '%…%' from 3 characters on.
    const contains = containsPattern(query.search);
    and.push(Prisma.sql`(l."title" ILIKE ${contains} OR l."description" ILIKE ${contains} OR l."tags" ILIKE ${contains})`);
  }
  if (query.isFree) and.push(Prisma.sql`l."is_free" = ${query.isFree === "true"}`);
  if (query.priceMin !== undefined) and.push(Prisma.sql`l."price_cents" >= ${query.priceMin}`);
  if (query.priceMax !== undefined) and.push(Prisma.sql`l."price_cents" <= ${query.priceMax}`);
  if (query.duration) and.push(DURATION_SQL[query.duration]);
  // The creator's BPM and key win over the detected ones.
  if (query.bpmMin !== undefined) and.push(Prisma.sql`COALESCE(l."bpm", l."detected_bpm") >= ${query.bpmMin}`);
  if (query.bpmMax !== undefined) and.push(Prisma.sql`COALESCE(l."bpm", l."detected_bpm") <= ${query.bpmMax}`);
  if (query.key) and.push(Prisma.sql`COALESCE(l."key", l."detected_key") = ${query.key}`);
  if (query.contentType) and.push(Prisma.sql`l."content_type" = ${query.contentType}::"app"."loop_content_type"`);
  if (query.userId) and.push(Prisma.sql`l."user_id" = ${query.userId}::uuid`);
  return Prisma.join(and, " AND ");
}

/**
 * The matching loops, counted up to `countLimit` (TOTAL_COUNT_CAP, or just past the page asked
 * for when paging beyond it: `total` then still says there is more).
 */
const countLimitOf = (query: LoopListQuery) => Math.max(TOTAL_COUNT_CAP, query.offset + query.limit + 1);

function countQuery(query: LoopListQuery): Prisma.Sql {
  return Prisma.sql`SELECT COUNT(*)::int AS total FROM (SELECT 1 FROM "app"."loops" l WHERE ${listWhere(query)} LIMIT ${countLimitOf(query)}) AS matching`;
}

/**
 * The page, sorted and cut on the loops alone (through the sort's index), then joined to its
 * genre and creator, as one JSON array: one value to decode instead of a few hundred columns.
 */
function pageQuery(query: LoopListQuery): Prisma.Sql {
  const p = Prisma.raw(`p`);
  return Prisma.sql`
    SELECT COALESCE((
      SELECT json_agg(json_build_object(
        'id', p."id", 'title', p."title", 'description', p."description", 'price_cents', p."price_cents", 'is_free', p."is_free",
        'duration_ms', p."duration_ms", 'genre_id', p."genre_id", 'genre_name', g."name", 'tags', p."tags", 'content_type', p."content_type",
        'artist_name', p."artist_name", 'album_name', p."album_name", 'release_date', p."release_date"::text, 'lyrics', p."lyrics",
        'is_public', p."is_public", 'status', p."status", 'download_count', p."download_count",
        'created_at', to_char(p."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'bpm', p.bpm, 'key', p.key, 'has_preview', p.has_preview, 'has_peaks', p.has_peaks,
        'rating_sum', p."rating_sum", 'rating_count', p."rating_count", 'user_id', u."id", 'username', u."username", 'first_name', u."first_name"
      ) ORDER BY ${ORDER[query.sortBy](p)})
      FROM (
        SELECT l."id", l."title", l."description", l."price_cents", l."is_free", l."duration_ms", l."genre_id", l."tags", l."content_type",
               l."artist_name", l."album_name", l."release_date", l."lyrics", l."is_public", l."status", l."download_count", l."created_at",
               COALESCE(l."bpm", l."detected_bpm") AS bpm, COALESCE(l."key", l."detected_key") AS key,
               l."preview_key" IS NOT NULL AS has_preview, l."peaks_key" IS NOT NULL AS has_peaks,
               l."rating_sum", l."rating_count", l."rating_average", l."popularity", l."user_id"
        FROM "app"."loops" l
        WHERE ${listWhere(query)}
        ORDER BY ${ORDER[query.sortBy](Prisma.raw(`l`))}
        LIMIT ${query.limit} OFFSET ${query.offset}
      ) AS p
      JOIN "app"."genres" g ON g."id" = p."genre_id"
      JOIN "app"."users" u ON u."id" = p."user_id"
    ), '[]'::json) AS loops`;
}

/** The query's filters alone, normalized (keys in one order): pages and sorts of one filter share their count. */
function filterKey(query: LoopListQuery): string {
  const { sortBy: _sortBy, limit: _limit, offset: _offset, ...filters } = query;
  return JSON.stringify(Object.keys(filters).sort().map((key) => [key, filters[key as keyof typeof filters]]));
}

/**
 * How much longer than a page a count is kept. The count is the expensive part of a cold page (it
 * reads every match, up to TOTAL_COUNT_CAP) and the least telling ('{n} loops found'): it may lag
 * other processes' changes by up to this many TTLs (this process's changes drop it at once).
 */
export const COUNT_TTL_SCALE = 6;

/**
 * The page as anyone sees it (what the catalog cache keeps): the page and the count are two
 * statements, the count cached on its own, since every page and sort of a filter shares it.
 */
async function anonymousPage(prisma: PrismaClient, cache: CatalogCache, query: LoopListQuery): Promise<AnonymousLoopsPage> {
  const countKey = `count:${countLimitOf(query)}:${filterKey(query)}`;
  const [rows, total] = await Promise.all([
    prisma.$queryRaw<{ loops: CatalogLoopRow[] | string }[]>(pageQuery(query)),
    cache.get(countKey, async () => (await prisma.$queryRaw<{ total: number }[]>(countQuery(query)))[0]?.total ?? 0, COUNT_TTL_SCALE),
  ]);
  const loops = rows[0]?.loops ?? [];
  const page: LoopListResponse = { loops: (typeof loops === "string" ? (JSON.parse(loops) as CatalogLoopRow[]) : loops).map(anonymousLoopFromRow), total };
  return { page, body: Buffer.from(JSON.stringify(page), "utf8") };
}

interface ViewerRow {
  id: string;
  my_rating: number | null;
  /** The formats bought and not refunded (the enum's text); empty when none. */
  purchased_formats: DeliveryFormat[];
  downloaded: boolean;
  viewer_email: string | null;
}

/** The viewer's own fields for a page: one query on the page's ids (unique-index lookups). */
async function overlayViewer(prisma: PrismaClient, page: LoopListResponse, viewerId: string): Promise<LoopListResponse> {
  if (page.loops.length === 0) return page;
  const ids = page.loops.map((loop) => loop.id);
  const ownLoops = page.loops.some((loop) => loop.user.id === viewerId);
  const email = ownLoops ? Prisma.sql`(SELECT v."email" FROM "app"."users" v WHERE v."id" = ${viewerId}::uuid)` : Prisma.sql`NULL::text`;
  // ARRAY(subquery) rather than array_agg: no purchase gives an empty array, not NULL.
  const rows = await prisma.$queryRaw<ViewerRow[]>`
    SELECT i."id"::text AS id, r."rating" AS my_rating,
           ARRAY(SELECT pu."format"::text FROM "app"."purchases" pu WHERE pu."buyer_id" = ${viewerId}::uuid AND pu."loop_id" = i."id" AND pu."refunded_at" IS NULL) AS purchased_formats,
           EXISTS (SELECT 1 FROM "app"."loop_downloads" d WHERE d."user_id" = ${viewerId}::uuid AND d."loop_id" = i."id") AS downloaded,
           ${email} AS viewer_email
    FROM unnest(ARRAY[${Prisma.join(ids)}]::uuid[]) AS i("id")
    LEFT JOIN "app"."loop_ratings" r ON r."loop_id" = i."id" AND r."user_id" = ${viewerId}::uuid`;
  const byId = new Map(rows.map((row) => [row.id, { purchasedFormats: row.purchased_formats, myRating: row.my_rating, hasDownloaded: row.downloaded }]));
  const viewerEmail = rows[0]?.viewer_email ?? null;
  return { loops: page.loops.map((loop) => withViewerFields(loop, viewerId, byId.get(loop.id), viewerEmail)), total: page.total };
}

/** The normalized query (parsed, defaults filled, keys in one order): equal queries, one cache key. */
const cacheKey = (query: LoopListQuery) => `loops:${query.sortBy}:${query.limit}:${query.offset}:${filterKey(query)}`;

interface ParsedListQuery {
  readonly query: LoopListQuery;
  readonly cacheKey: string;
}

/**
 * Valid queries already parsed, by their raw form (the request's query object as JSON): the
 * home page and the common filters are asked for over and over, and validating them (zod) and
 * building their cache key cost more than serving their cached answer. Bounded; oldest first out.
 */
const parsedQueries = new Map<string, ParsedListQuery>();
const PARSED_QUERIES_MAX = 1_000;

function parseListQuery(rawQuery: unknown): ParsedListQuery {
  const raw = JSON.stringify(rawQuery ?? {});
  const known = parsedQueries.get(raw);
  if (known) return known;
  const parsed = loopListQuerySchema.safeParse(rawQuery);
  if (!parsed.success) throw new BadRequest(parsed.error.issues[0]?.message ?? "Invalid query");
  const result = { query: parsed.data, cacheKey: cacheKey(parsed.data) };
  if (parsedQueries.size >= PARSED_QUERIES_MAX) parsedQueries.delete(parsedQueries.keys().next().value as string);
  parsedQueries.set(raw, result);
  return result;
}

/**
 * An anonymous page as the catalog cache keeps it: the answer, and its JSON body, serialized once
 * per cache entry (exactly what res.json(page) sends: no replacer, no spaces), with that body's
 * ETag once a response has computed it. Nothing here is ever changed but `etag`.
 */
export interface AnonymousLoopsPage {
  readonly page: LoopListResponse;
  readonly body: Buffer;
  etag?: string;
}

/**
 * GET /api/loops for a signed-out visitor: the page from the catalog cache (or two queries: the
 * page, and its count unless cached), with its ready-made body.
 */
export function anonymousLoopsPage(prisma: PrismaClient, rawQuery: unknown): Promise<AnonymousLoopsPage> {
  const { query, cacheKey: key } = parseListQuery(rawQuery);
  const cache = catalogCache(prisma);
  return cache.get(key, () => anonymousPage(prisma, cache, query));
}

/**
 * GET /api/loops: ready, public loops matching the query. The anonymous page comes from the
 * catalog cache; a signed-in viewer's own fields are laid over it per request.
 */
export async function listLoops(prisma: PrismaClient, rawQuery: unknown, viewerId: string | null): Promise<LoopListResponse> {
  const { page } = await anonymousLoopsPage(prisma, rawQuery);
  return viewerId === null ? page : overlayViewer(prisma, page, viewerId);
}

/**
 * A loop anyone may see (ready and public), or any of the viewer's own. Anything else is
 * 404 'Loop Not Found': its existence is not told.
 */
export async function visibleLoop(
  prisma: PrismaClient,
  loopId: string,
  viewerId: string | null,
  options: { withViewer?: boolean } = {},
): Promise<LoopWithGenreAndUser & ViewerRelations> {
  const include = options.withViewer ? viewerLoopInclude(viewerId) : publicLoopInclude;
  const loop = UUID.test(loopId) ? await prisma.loop.findUnique({ where: { id: loopId }, include }) : null;
  if (!loop) throw new NotFound(LOOP_NOT_FOUND);
  const own = viewerId !== null && loop.userId === viewerId;
  if (!own && !(loop.status === "ready" && loop.isPublic)) throw new NotFound(LOOP_NOT_FOUND);
  return loop;
}

export async function getLoop(prisma: PrismaClient, loopId: string, viewerId: string | null): Promise<PublicLoop> {
  return publicLoopView(await visibleLoop(prisma, loopId, viewerId, { withViewer: true }), viewerId);
}
