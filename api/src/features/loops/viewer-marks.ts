// A signed-in member's own marks on loops (likes, ratings, purchases, downloads) and e-mail, read
// with one indexed query and kept per process until the member changes (db/member-changes.ts), so
// that a member's catalog page is the shared page from the catalog cache with the marks laid over
// it in memory: what a visitor's costs (docs/decisions.md, "A member's page costs a visitor's").
// A member with more marks than MAX_KEPT_MARKS is not kept: their pages ask per page (the ids on it).
import type { DeliveryFormat } from "@loop/rules/schemas/downloads";
import type { LoopListResponse, PublicLoop } from "@loop/rules/schemas/loops";
import { hotQuery } from "../../db/hot-query";
import { createMemberCache, type MemberCache } from "../../db/member-changes";
import type { PrismaClient } from "../../db/prisma";
import { withViewerFields, type ViewerFields } from "./loop.view";

/** Most marks of one kind kept for a member; more, and their pages read their marks per page. */
export const MAX_KEPT_MARKS = 2_000;
/** Members whose marks are kept at once, per process. */
const MAX_MEMBERS = 5_000;
/** No marks are served older than this, heard changes or not (db/member-changes.ts). */
const MAX_AGE_MS = 60_000;
/**
 * How long a like given or taken back is laid over a cached page's count: pages are never served
 * past twice the catalog cache's TTL (catalog-cache.ts, at most 60 s).
 */
const LIKE_CHANGE_MS = 120_000;

interface LikeChange {
  liked: boolean;
  /** When this process heard of it (Date.now()). */
  at: number;
}

export interface ViewerMarks {
  email: string | null;
  liked: ReadonlySet<string>;
  ratings: ReadonlyMap<string, number>;
  purchased: ReadonlyMap<string, DeliveryFormat[]>;
  downloaded: ReadonlySet<string>;
  /** Likes given or taken back since the marks kept before: a cached page read before them counts them ±1. */
  likeChanges: ReadonlyMap<string, LikeChange>;
  /** Every loop id above, once: a card whose id is not here is the visitor's (one lookup per card). */
  marked: ReadonlySet<string>;
}

interface MarksRow {
  email: string | null;
  liked: string[];
  rated: string[];
  ratings: number[];
  purchased: string[];
  purchased_formats: DeliveryFormat[];
  downloaded: string[];
}

// One row; each array capped at MAX_KEPT_MARKS + 1 (more: not kept). Indexes: loop_likes
// (user_id, created_at, loop_id), loop_ratings (user_id), purchases (buyer_id, loop_id, format),
// loop_downloads (user_id).
const MARKS_SQL = `
  SELECT (SELECT u."email" FROM "app"."users" u WHERE u."id" = $1::uuid) AS email,
    ARRAY(SELECT k."loop_id"::text FROM "app"."loop_likes" k WHERE k."user_id" = $1::uuid LIMIT $2::int) AS liked,
    r.rated, r.ratings, p.purchased, p.purchased_formats,
    ARRAY(SELECT d."loop_id"::text FROM "app"."loop_downloads" d WHERE d."user_id" = $1::uuid LIMIT $2::int) AS downloaded
  FROM (SELECT COALESCE(array_agg(x."loop_id"::text), '{}') AS rated, COALESCE(array_agg(x."rating"), '{}') AS ratings
        FROM (SELECT "loop_id", "rating" FROM "app"."loop_ratings" WHERE "user_id" = $1::uuid LIMIT $2::int) x) r,
       (SELECT COALESCE(array_agg(x."loop_id"::text), '{}') AS purchased, COALESCE(array_agg(x."format"::text), '{}') AS purchased_formats
        FROM (SELECT "loop_id", "format" FROM "app"."purchases" WHERE "buyer_id" = $1::uuid AND "refunded_at" IS NULL LIMIT $2::int) x) p`;

/** The marks of `row`; null when a kind has more than MAX_KEPT_MARKS. */
function marksOf(row: MarksRow, likeChanges: Map<string, LikeChange>): ViewerMarks | null {
  const limit = MAX_KEPT_MARKS;
  if ([row.liked, row.rated, row.purchased, row.downloaded].some((ids) => ids.length > limit)) return null;
  const purchased = new Map<string, DeliveryFormat[]>();
  row.purchased.forEach((loopId, i) => purchased.set(loopId, [...(purchased.get(loopId) ?? []), row.purchased_formats[i]!]));
  return {
    email: row.email,
    liked: new Set(row.liked),
    ratings: new Map(row.rated.map((loopId, i) => [loopId, row.ratings[i]!])),
    purchased,
    downloaded: new Set(row.downloaded),
    likeChanges,
    marked: new Set([...row.liked, ...row.rated, ...row.purchased, ...row.downloaded, ...likeChanges.keys()]),
  };
}

interface KeptMarks {
  /** Null: more marks than are kept; the member's pages read theirs per page. */
  marks: ViewerMarks | null;
}

/** The likes a member's dropped marks held, when they were dropped: the next read tells what changed. */
interface DroppedLikes {
  liked: ReadonlySet<string>;
  changes: ReadonlyMap<string, LikeChange>;
  at: number;
}

interface MarksCache {
  cache: MemberCache<KeptMarks>;
  dropped: Map<string, DroppedLikes>;
}

const caches = new WeakMap<PrismaClient, MarksCache>();

function marksCacheOf(prisma: PrismaClient): MarksCache {
  let kept = caches.get(prisma);
  if (!kept) {
    const dropped = new Map<string, DroppedLikes>();
    const cache = createMemberCache<KeptMarks>(prisma, {
      maxEntries: MAX_MEMBERS,
      maxAgeMs: MAX_AGE_MS,
      holdsMarks: true,
      dropped: (userId, { marks }) => {
        if (!marks) return;
        dropped.delete(userId);
        dropped.set(userId, { liked: marks.liked, changes: marks.likeChanges, at: Date.now() });
        if (dropped.size > MAX_MEMBERS) dropped.delete(dropped.keys().next().value as string);
      },
    });
    caches.set(prisma, (kept = { cache, dropped }));
  }
  return kept;
}

/** The like changes between a member's dropped marks and `liked` now, with the recent ones known before. */
function likeChangesSince(before: DroppedLikes | undefined, liked: readonly string[]): Map<string, LikeChange> {
  const changes = new Map<string, LikeChange>();
  if (!before) return changes;
  const recent = before.at - LIKE_CHANGE_MS;
  for (const [loopId, change] of before.changes) if (change.at > recent) changes.set(loopId, change);
  const now = new Set(liked);
  for (const loopId of now) if (!before.liked.has(loopId)) changes.set(loopId, { liked: true, at: before.at });
  for (const loopId of before.liked) if (!now.has(loopId)) changes.set(loopId, { liked: false, at: before.at });
  return changes;
}

/** The member's kept marks (null: more than are kept), or undefined when they are not kept now. */
export function keptViewerMarks(prisma: PrismaClient, userId: string): ViewerMarks | null | undefined {
  return marksCacheOf(prisma).cache.peek(userId)?.marks;
}

/** The member's marks (kept, or read now); null when the member has more than are kept. */
export async function viewerMarks(prisma: PrismaClient, userId: string): Promise<ViewerMarks | null> {
  const known = keptViewerMarks(prisma, userId);
  if (known !== undefined) return known;
  const { cache, dropped } = marksCacheOf(prisma);
  const kept = await cache.get(userId, async () => {
    const rows = await hotQuery<MarksRow>(prisma, "loop_viewer_marks", MARKS_SQL, [userId, MAX_KEPT_MARKS + 1]);
    const row = rows[0]!;
    const before = dropped.get(userId);
    dropped.delete(userId);
    return { value: { marks: marksOf(row, likeChangesSince(before, row.liked)) }, userId };
  });
  return kept.marks;
}

/** The viewer's fields of `loop` from their marks, or undefined when they have none on it (the visitor's card). */
function fieldsOf(loop: PublicLoop, marks: ViewerMarks, readAt: number): ViewerFields | undefined {
  const id = loop.id;
  if (!marks.marked.has(id)) return undefined;
  const likeChange = marks.likeChanges.get(id);
  const liked = marks.liked.has(id);
  const rating = marks.ratings.get(id);
  const formats = marks.purchased.get(id);
  const downloaded = marks.downloaded.has(id);
  if (!liked && rating === undefined && formats === undefined && !downloaded && likeChange === undefined) return undefined;
  // A like given or taken back after the page was read is not in its count yet.
  const countChange = likeChange && likeChange.at >= readAt ? (likeChange.liked ? 1 : -1) : 0;
  return {
    purchasedFormats: formats ?? [],
    myRating: rating ?? null,
    hasDownloaded: downloaded,
    likedByMe: liked,
    likeCount: Math.max(0, loop.likeCount + countChange),
  };
}

/**
 * A shared page written once more as JSON, with where each card's bytes start and end in it: a
 * member's body is slices of these bytes around the marked cards written again (views, no copy),
 * so a page with one marked card is three parts to send, not a part per card (each a write of its
 * own through the response stream: 50 of them cost more than the page's whole lookup).
 */
interface SplitPage {
  bytes: Buffer;
  cardStarts: number[];
  cardEnds: number[];
}

const splitPages = new WeakMap<LoopListResponse, SplitPage>();
const CARDS_MARK = "\u0000cards";

function splitPage(page: LoopListResponse): SplitPage {
  let split = splitPages.get(page);
  if (!split) {
    const [head, tail] = JSON.stringify({ ...page, loops: CARDS_MARK }).split(JSON.stringify(CARDS_MARK)) as [string, string];
    const cards = page.loops.map((loop) => JSON.stringify(loop));
    const cardStarts: number[] = [];
    const cardEnds: number[] = [];
    let at = Buffer.byteLength(head) + 1;
    for (const card of cards) {
      cardStarts.push(at);
      at += Buffer.byteLength(card);
      cardEnds.push(at);
      at += 1;
    }
    split = { bytes: Buffer.from(`${head}[${cards.join(",")}]${tail}`), cardStarts, cardEnds };
    splitPages.set(page, split);
  }
  return split;
}

/** The card as the member sees it, or undefined when it is the visitor's (no mark of theirs on it, not theirs). */
function memberCard(loop: PublicLoop, viewerId: string, marks: ViewerMarks, readAt: number): PublicLoop | undefined {
  const fields = fieldsOf(loop, marks, readAt);
  if (fields === undefined && loop.user.id !== viewerId) return undefined;
  return withViewerFields(loop, viewerId, fields, marks.email);
}

/**
 * Most bytes of members' marked page bodies kept per process (memberPageBody), each counted whole:
 * its parts from the shared page may outlive that page in the catalog cache.
 */
const KEPT_BODIES_MAX_BYTES = 32 * 1024 * 1024;
/** Most pages kept per member's marks. */
const KEPT_BODIES_PER_MEMBER = 16;

/**
 * A member's marked page: slices of the shared page's bytes with the member's cards in place of
 * theirs, sent one after another (http/hot-routes.ts).
 * Never copied into one buffer: a page is 20–60 kB, and a copy per request was garbage outside the
 * heap that made the collector run full collections (with one core taken, in the request's time).
 */
export type MemberPageParts = readonly Buffer[];

interface KeptParts {
  parts: MemberPageParts;
  bytes: number;
}

/**
 * Members' marked page bodies, by the marks they were written from (a new object whenever the
 * member changes) and the shared page (a new object whenever the page is read again): a kept body
 * is exact for as long as both are the ones in use. Least recently used first. Kept so that a
 * member's page costs its lookup, and its compressed codings are made once (compressBody's memo).
 */
const keptBodies = new Map<ViewerMarks, Map<LoopListResponse, KeptParts>>();
let keptBytes = 0;

function keptBody(marks: ViewerMarks, page: LoopListResponse): MemberPageParts | undefined {
  const bodies = keptBodies.get(marks);
  const kept = bodies?.get(page);
  if (kept !== undefined) {
    keptBodies.delete(marks);
    keptBodies.set(marks, bodies!);
  }
  return kept?.parts;
}

function keepBody(marks: ViewerMarks, page: LoopListResponse, kept: KeptParts): void {
  let bodies = keptBodies.get(marks);
  if (bodies === undefined) keptBodies.set(marks, (bodies = new Map()));
  if (bodies.size >= KEPT_BODIES_PER_MEMBER) {
    const [oldest, old] = bodies.entries().next().value as [LoopListResponse, KeptParts];
    bodies.delete(oldest);
    keptBytes -= old.bytes;
  }
  bodies.set(page, kept);
  keptBytes += kept.bytes;
  for (const [oldMarks, oldBodies] of keptBodies) {
    if (keptBytes <= KEPT_BODIES_MAX_BYTES) break;
    keptBodies.delete(oldMarks);
    for (const old of oldBodies.values()) keptBytes -= old.bytes;
  }
}

/** The shared pages a member's marks touch no card of (weak both ways: gone with the marks or the page). */
const unmarkedPages = new WeakMap<ViewerMarks, WeakSet<LoopListResponse>>();

/** Whether any card of the page is marked by the member or is theirs (most pages of most members: none). */
function marksAny(page: LoopListResponse, viewerId: string, marks: ViewerMarks): boolean {
  const { marked } = marks;
  for (const loop of page.loops) if (marked.has(loop.id) || loop.user.id === viewerId) return true;
  return false;
}

/**
 * The page's body as the member sees it: `body` itself (the visitor's, the same bytes) when the
 * member has no mark on its cards and owns none of them; otherwise the page with the marked cards
 * written again, in parts (kept: the same parts again while the marks and the page are the same). `readAt`:
 * when the shared page was read (Date.now()).
 */
export function memberPageBody(
  page: LoopListResponse,
  body: Buffer,
  readAt: number,
  viewerId: string,
  marks: ViewerMarks,
): Buffer | MemberPageParts {
  let unmarked = unmarkedPages.get(marks);
  if (unmarked?.has(page)) return body;
  // A kept body means a marked page: its cards need no second look.
  const kept = keptBody(marks, page);
  if (kept !== undefined) return kept;
  if (!marksAny(page, viewerId, marks)) {
    if (unmarked === undefined) unmarkedPages.set(marks, (unmarked = new WeakSet()));
    unmarked.add(page);
    return body;
  }
  const changed: { index: number; json: string }[] = [];
  page.loops.forEach((loop, index) => {
    const card = memberCard(loop, viewerId, marks, readAt);
    if (card !== undefined) changed.push({ index, json: JSON.stringify(card) });
  });
  if (changed.length === 0) return body;
  const { bytes: shared, cardStarts, cardEnds } = splitPage(page);
  const parts: Buffer[] = [];
  // Counted whole: the slices keep the shared bytes alive.
  let bytes = shared.length;
  let from = 0;
  for (const { index, json } of changed) {
    const card = Buffer.from(json);
    parts.push(shared.subarray(from, cardStarts[index]), card);
    bytes += card.length;
    from = cardEnds[index]!;
  }
  parts.push(shared.subarray(from));
  keepBody(marks, page, { parts, bytes });
  return parts;
}

/** The page as the member sees it, as objects (the Express route's answer). */
export function memberPage(page: LoopListResponse, readAt: number, viewerId: string, marks: ViewerMarks): LoopListResponse {
  return {
    ...page,
    loops: page.loops.map((loop) => memberCard(loop, viewerId, marks, readAt) ?? loop),
  };
}
