// The public catalog: listing and reading loops, and streaming their preview and peaks.
import type { DeliveryFormat } from "@loop/rules/schemas/downloads";
import { loopListQuerySchema, type LoopListQuery, type LoopListResponse, type PublicLoop } from "@loop/rules/schemas/loops";
import { hotQuery } from "../../db/hot-query";
import { Prisma, type PrismaClient } from "../../db/prisma";
import { catalogCache } from "./catalog-cache";
import { keptViewerMarks, memberPage, memberPageBody, viewerMarks } from "./viewer-marks";
import type { HotBody } from "../../http/hot-routes";
import { isReachable } from "./loop-access";
import { catalogStatement, type CatalogStatement } from "./catalog-query";
import {
  publicLoopInclude,
  publicLoopView,
  viewerLoopInclude,
  withViewerFields,
  type LoopWithGenreAndUser,
  type ViewerFields,
  type ViewerRelations,
} from "./loop.view";
import { UUID } from "../../http/uuid";
import { parse } from "../../http/validate";
import { memoizedQueryParser } from "../../http/memoized-query-parser";
import { DomainError } from "../../domain-error";

/** The catalog's `after` cursor, which the Following tab (features/follows) reads as sortBy=recent does. */
export { decodeCursor } from "./catalog-query";

/**
 * The page as anyone sees it (what the catalog cache keeps): one statement whose one value is the
 * response body (catalog-query.ts), run on the pool under Prisma's adapter: for this hot read,
 * Prisma's query layer (its parameter and result mapping, the row decoding) cost more API CPU than
 * everything else of the request (docs/decisions.md, issue 19). The body is sent as it is; it is
 * parsed only for a signed-in viewer's overlay.
 */
async function anonymousPage(prisma: PrismaClient, parsed: ParsedListQuery): Promise<AnonymousLoopsPage> {
  const { text, values, name } = (parsed.statement ??= catalogStatement(parsed.query));
  const readAt = Date.now();
  const rows = await hotQuery<{ body: string }>(prisma, name, text, values);
  return new AnonymousLoopsPage(Buffer.from(rows[0]!.body, "utf8"), readAt);
}

interface ViewerRow {
  id: string;
  my_rating: number | null;
  /** The formats bought and not refunded (the enum's text); empty when none. */
  purchased_formats: DeliveryFormat[];
  downloaded: boolean;
  liked: boolean;
  /** Null when the loop was deleted since the page was read. */
  like_count: number | null;
  viewer_email: string | null;
}

/** The viewer's own fields for a page: one query on the page's ids (unique-index lookups). */
async function overlayViewer(prisma: PrismaClient, page: LoopListResponse, viewerId: string): Promise<LoopListResponse> {
  if (page.loops.length === 0) return page;
  return { ...page, loops: await overlayLoops(prisma, page.loops, viewerId) };
}

/**
 * Copies of anonymous loops (card objects) with the viewer's own fields: purchases, rating, like
 * (and the live like count, so the viewer's own like shows even on a cached page), e-mail.
 */
async function overlayLoops(prisma: PrismaClient, loops: readonly PublicLoop[], viewerId: string): Promise<PublicLoop[]> {
  if (loops.length === 0) return [];
  const ids = loops.map((loop) => loop.id);
  const ownLoops = loops.some((loop) => loop.user.id === viewerId);
  const email = ownLoops ? Prisma.sql`(SELECT v."email" FROM "app"."users" v WHERE v."id" = ${viewerId}::uuid)` : Prisma.sql`NULL::text`;
  // ARRAY(subquery) rather than array_agg: no purchase gives an empty array, not NULL.
  const rows = await prisma.$queryRaw<ViewerRow[]>`
    SELECT i."id"::text AS id, r."rating" AS my_rating,
           ARRAY(SELECT pu."format"::text FROM "app"."purchases" pu WHERE pu."buyer_id" = ${viewerId}::uuid AND pu."loop_id" = i."id" AND pu."refunded_at" IS NULL) AS purchased_formats,
           EXISTS (SELECT 1 FROM "app"."loop_downloads" d WHERE d."user_id" = ${viewerId}::uuid AND d."loop_id" = i."id") AS downloaded,
           EXISTS (SELECT 1 FROM "app"."loop_likes" k WHERE k."user_id" = ${viewerId}::uuid AND k."loop_id" = i."id") AS liked,
           (SELECT l."like_count" FROM "app"."loops" l WHERE l."id" = i."id") AS like_count,
           ${email} AS viewer_email
    FROM unnest(ARRAY[${Prisma.join(ids)}]::uuid[]) AS i("id")
    LEFT JOIN "app"."loop_ratings" r ON r."loop_id" = i."id" AND r."user_id" = ${viewerId}::uuid`;
  const byId = new Map<string, ViewerFields>(
    rows.map((row) => [
      row.id,
      {
        purchasedFormats: row.purchased_formats,
        myRating: row.my_rating,
        hasDownloaded: row.downloaded,
        likedByMe: row.liked,
        likeCount: row.like_count ?? undefined,
      },
    ]),
  );
  const viewerEmail = rows[0]?.viewer_email ?? null;
  return loops.map((loop) => withViewerFields(loop, viewerId, byId.get(loop.id), viewerEmail));
}

/**
 * Loops from their rows' card_json (in the order given) as `viewerId` sees them: the card objects
 * as they are for a signed-out viewer, with the viewer's fields laid over otherwise. For lists
 * outside the catalog's statement (liked loops, a collection's page, the Following tab).
 */
export async function loopsFromCards(prisma: PrismaClient, cards: readonly string[], viewerId: string | null): Promise<PublicLoop[]> {
  const loops = cards.map((card) => JSON.parse(card) as PublicLoop);
  return viewerId === null ? loops : overlayLoops(prisma, loops, viewerId);
}

/** The normalized query (parsed, defaults filled, keys in one order): equal queries, one cache key. */
const cacheKey = (query: LoopListQuery) =>
  `loops:${JSON.stringify(
    Object.keys(query)
      .sort()
      .map((key) => [key, query[key as keyof LoopListQuery]]),
  )}`;

export interface ParsedListQuery {
  readonly query: LoopListQuery;
  readonly cacheKey: string;
  /** Written on first use: the same raw query always makes the same statement. */
  statement?: CatalogStatement;
}

/** GET /api/loops' query string, parsed in its router (400 with the schema's message), once per distinct query. */
export const parseListQuery: (rawQuery: unknown) => ParsedListQuery = memoizedQueryParser((rawQuery) => {
  const query = parse(loopListQuerySchema, rawQuery);
  return { query, cacheKey: cacheKey(query) };
});

/**
 * An anonymous page as the catalog cache keeps it: its JSON body as Postgres wrote it, and the
 * answer parsed from it on first use (signed-in viewers). Never changed.
 * It holds the body's bytes, never the row's text: a page answered without the cache is garbage
 * once sent, and a closure over the 20–60 kB text kept it for the young generation's collections
 * to copy, until the old generation's (docs/decisions.md, "The uncached page's garbage").
 */
export class AnonymousLoopsPage {
  #page: LoopListResponse | undefined;
  constructor(
    readonly body: Buffer,
    /** When it was read (Date.now() before its query): a member's like heard after it is not in its counts. */
    readonly readAt: number,
  ) {}

  get page(): LoopListResponse {
    return (this.#page ??= JSON.parse(this.body.toString("utf8")) as LoopListResponse);
  }
}

/**
 * GET /api/loops for a signed-out visitor: the page from the catalog cache (or one query), with
 * its ready-made body.
 */
export function anonymousLoopsPage(prisma: PrismaClient, parsed: ParsedListQuery): Promise<AnonymousLoopsPage> {
  return catalogCache(prisma).get(parsed.cacheKey, () => anonymousPage(prisma, parsed));
}

/**
 * GET /api/loops: ready, public loops matching the query. The anonymous page comes from the
 * catalog cache; a signed-in viewer's own fields are laid over it per request.
 */
export async function listLoops(prisma: PrismaClient, query: ParsedListQuery, viewerId: string | null): Promise<LoopListResponse> {
  const shared = await anonymousLoopsPage(prisma, query);
  if (viewerId === null) return shared.page;
  const marks = await viewerMarks(prisma, viewerId);
  return marks ? memberPage(shared.page, shared.readAt, viewerId, marks) : overlayViewer(prisma, shared.page, viewerId);
}

/**
 * GET /api/loops' body for a signed-in member (the hot path's, http/hot-routes.ts): the shared page
 * with the member's marks kept in memory laid over it, or with those read for its cards.
 */
export async function memberLoopsBody(prisma: PrismaClient, query: ParsedListQuery, viewerId: string): Promise<HotBody> {
  const shared = await anonymousLoopsPage(prisma, query);
  const kept = keptViewerMarks(prisma, viewerId);
  const marks = kept === undefined ? await viewerMarks(prisma, viewerId) : kept;
  if (marks) return memberPageBody(shared.page, shared.body, shared.readAt, viewerId, marks);
  return JSON.stringify(await overlayViewer(prisma, shared.page, viewerId));
}

/**
 * A loop anyone may see (ready and public), or any of the viewer's own. Anything else is
 * 404 'Loop Not Found': its existence is not told.
 */
export async function visibleLoop(
  prisma: PrismaClient,
  loopId: string,
  viewerId: string | null,
  options: { withViewer?: boolean; holders?: boolean } = {},
): Promise<LoopWithGenreAndUser & ViewerRelations> {
  const include = options.withViewer ? viewerLoopInclude(viewerId) : publicLoopInclude;
  const loop = UUID.test(loopId) ? await prisma.loop.findUnique({ where: { id: loopId }, include }) : null;
  if (!loop) throw new DomainError("LOOP_NOT_FOUND");
  const own = viewerId !== null && loop.userId === viewerId;
  if (isReachable(loop) || (own && loop.status !== "removed")) return loop;
  if (options.holders && viewerId !== null && (await holdsLoop(prisma, loop.id, viewerId))) return loop;
  // Taken down by its creator: gone for good.
  if (loop.status === "removed") throw new DomainError("LOOP_REMOVED");
  throw new DomainError("LOOP_NOT_FOUND");
}

/**
 * The member holds the loop: a purchase of it that was not refunded, or the licence of a free
 * download. Its preview and waveform stay theirs to play in their library (issue 37) once the loop
 * is no longer listed.
 */
async function holdsLoop(prisma: PrismaClient, loopId: string, userId: string): Promise<boolean> {
  const held = await prisma.licence.findFirst({
    where: {
      OR: [{ purchase: { buyerId: userId, loopId, refundedAt: null } }, { downloadUserId: userId, downloadLoopId: loopId }],
    },
    select: { id: true },
  });
  return held !== null;
}

export async function getLoop(prisma: PrismaClient, loopId: string, viewerId: string | null): Promise<PublicLoop> {
  return publicLoopView(await visibleLoop(prisma, loopId, viewerId, { withViewer: true }), viewerId);
}
