// sitemap.xml (issue 36): every public loop, creator (a member with a listed loop) and public
// collection, with its lastmod, plus / and /home. Up to SITEMAP_PAGE_SIZE URLs it is one <urlset>;
// past that /sitemap.xml is a sitemap index (sitemaps.org: 50,000 URLs per file at most) naming
// /sitemaps/<section>-<n>.xml. Rows are read by keyset batches from the sections' indexes, each batch's
// <url> elements written by Postgres as one text, and sent as they come, honouring the response's
// back-pressure: never the whole list in memory.
import { once } from "node:events";
import type { Response } from "express";
import { paths } from "@loop/rules/paths";
import { hotQuery } from "../../db/hot-query";
import type { PrismaClient } from "../../db/prisma";
import { escapeXml } from "./html-escape";

/** URLs per sitemap file; the protocol allows 50,000. Tests make it small (setSitemapPageSize). */
export const SITEMAP_MAX_URLS = 50_000;
let pageSize = SITEMAP_MAX_URLS;

/** For tests: the index with a few rows. */
export function setSitemapPageSize(size: number): void {
  if (!Number.isSafeInteger(size) || size < 1 || size > SITEMAP_MAX_URLS)
    throw new Error(`sitemap page size must be 1–${SITEMAP_MAX_URLS}`);
  pageSize = size;
}

/** Rows read per statement while a file streams. */
const BATCH = 5_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const NIL_UUID = "00000000-0000-0000-0000-000000000000";

/** A batch of a section: its rows' <url> elements, how many, and the cursor of the last (null: none). */
interface Batch {
  xml: string;
  count: number;
  cursor: string[] | null;
}

/** A section's rows in its order: a batch after a keyset cursor, and the cursor of the row at an offset. */
interface Section {
  readonly name: SectionName;
  /** The <url> elements of the rows after `cursor` (null: from the first), at most `limit`; `origin`: the app's, XML-escaped. */
  batch(prisma: PrismaClient, cursor: string[] | null, limit: number, origin: string): Promise<Batch>;
  /** The cursor of the row at `offset` (0-based), or null when there is none. */
  cursorAt(prisma: PrismaClient, offset: number): Promise<string[] | null>;
}

export const SECTION_NAMES = ["pages", "loops", "creators", "collections"] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

const STATIC_PAGES = [paths.root(), paths.home()];

const LISTED = `l."status" = 'ready' AND l."is_public"`;
/** timestamptz → "2026-01-02T03:04:05.678Z" (Date#toISOString's form). */
const w3c = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The <url> elements of the rows of `page` (columns "id" and "lastmod", W3C text), in `order`, as
 * one text: Postgres writes them, so no row becomes a JavaScript object (a page is 50,000 rows).
 * `prefix` is the statement's parameter holding the origin and the path before the id. Nothing to
 * escape: the ids are uuids (the path's encodeURIComponent leaves them as they are) and the lastmods
 * come from to_char.
 */
const urlsOf = (prefix: string, order: string) =>
  `COALESCE(string_agg('<url><loc>' || ${prefix}::text || page."id"::text || '</loc>'
     || COALESCE('<lastmod>' || page."lastmod" || '</lastmod>', '') || E'</url>\n', '' ORDER BY ${order}), '')`;

/** A section's path before the id (`/loops/` of `/loops/<id>`): the paths put the id last. */
const pathBefore = (path: (id: string) => string) => path("");

/**
 * A section in the order of one uuid, its cursor: `rows` reads `id` and `lastmod` after the cursor
 * ($1), at most $2 rows, in that order; `at` reads the `id` at the offset $1.
 */
function uuidSection(name: SectionName, path: (id: string) => string, statements: { rows: string; at: string }): Section {
  const batchSql = `WITH page AS (${statements.rows})
    SELECT ${urlsOf("$3", `page."id"`)} AS xml, count(*)::int AS count,
      (SELECT last."id"::text FROM page last ORDER BY last."id" DESC LIMIT 1) AS last FROM page`;
  return {
    name,
    async batch(prisma, cursor, limit, origin) {
      const [row] = await hotQuery<{ xml: string; count: number; last: string | null }>(prisma, `sitemap_${name}`, batchSql, [
        cursor?.[0] ?? NIL_UUID,
        limit,
        origin + pathBefore(path),
      ]);
      return { xml: row!.xml, count: row!.count, cursor: row!.last === null ? null : [row!.last] };
    },
    async cursorAt(prisma, offset) {
      const rows = await hotQuery<{ id: string }>(prisma, `sitemap_${name}_at`, statements.at, [offset]);
      return rows[0] ? [rows[0].id] : null;
    },
  };
}

const SECTIONS: Record<SectionName, Section> = {
  pages: {
    name: "pages",
    async batch(_prisma, cursor, limit, origin) {
      const start = cursor === null ? 0 : Number(cursor[0]) + 1;
      const pages = STATIC_PAGES.slice(start, start + limit);
      return {
        xml: pages.map((path) => `<url><loc>${origin}${path}</loc></url>\n`).join(""),
        count: pages.length,
        cursor: [String(start + pages.length - 1)],
      };
    },
    async cursorAt(_prisma, offset) {
      return offset < STATIC_PAGES.length ? [String(offset)] : null;
    },
  },
  // Newest first, along the partial index "loops_catalog_recent_idx" (created_at DESC, id DESC) of listed loops.
  loops: {
    name: "loops",
    async batch(prisma, cursor, limit, origin) {
      const [createdAt, id] = cursor ?? ["infinity", NIL_UUID];
      const [row] = await hotQuery<{ xml: string; count: number; last_created: string | null; last_id: string | null }>(
        prisma,
        "sitemap_loops",
        `WITH page AS (
           SELECT l."id", l."created_at", ${w3c(`l."updated_at"`)} AS lastmod FROM "app"."loops" l
           WHERE ${LISTED} AND (l."created_at", l."id") < ($1::timestamptz, $2::uuid)
           ORDER BY l."created_at" DESC, l."id" DESC LIMIT $3::int
         ), last AS (SELECT page."created_at"::text AS created_key, page."id"::text AS id FROM page ORDER BY page."created_at", page."id" LIMIT 1)
         SELECT ${urlsOf("$4", `page."created_at" DESC, page."id" DESC`)} AS xml, count(*)::int AS count,
           (SELECT last.created_key FROM last) AS last_created, (SELECT last.id FROM last) AS last_id
         FROM page`,
        [createdAt, id, limit, origin + pathBefore(paths.loop)],
      );
      return {
        xml: row!.xml,
        count: row!.count,
        cursor: row!.last_created === null || row!.last_id === null ? null : [row!.last_created, row!.last_id],
      };
    },
    async cursorAt(prisma, offset) {
      const rows = await hotQuery<{ id: string; created_key: string }>(
        prisma,
        "sitemap_loops_at",
        `SELECT l."id"::text AS id, l."created_at"::text AS created_key FROM "app"."loops" l
         WHERE ${LISTED} ORDER BY l."created_at" DESC, l."id" DESC OFFSET $1::int LIMIT 1`,
        [offset],
      );
      return rows[0] ? [rows[0].created_key, rows[0].id] : null;
    },
  },
  // By id, along the partial index "loops_listed_user_recent_idx" (user_id, created_at DESC, id DESC);
  // lastmod: their latest listed loop.
  creators: uuidSection("creators", paths.userProfile, {
    rows: `SELECT l."user_id" AS id, ${w3c(`max(l."created_at")`)} AS lastmod FROM "app"."loops" l
         WHERE ${LISTED} AND l."user_id" > $1::uuid
         GROUP BY l."user_id" ORDER BY l."user_id" LIMIT $2::int`,
    at: `SELECT DISTINCT l."user_id"::text AS id, l."user_id" FROM "app"."loops" l WHERE ${LISTED}
         ORDER BY l."user_id" OFFSET $1::int LIMIT 1`,
  }),
  collections: uuidSection("collections", paths.collection, {
    rows: `SELECT c."id", ${w3c(`c."updated_at"`)} AS lastmod FROM "app"."collections" c
         WHERE c."is_public" AND c."id" > $1::uuid ORDER BY c."id" LIMIT $2::int`,
    at: `SELECT c."id"::text AS id FROM "app"."collections" c WHERE c."is_public" ORDER BY c."id" OFFSET $1::int LIMIT 1`,
  }),
};

/** How many URLs each section has: one statement (index-only counts over the partial indexes). */
async function sectionSizes(prisma: PrismaClient): Promise<Record<SectionName, number>> {
  const rows = await hotQuery<{ loops: number; creators: number; collections: number }>(
    prisma,
    "sitemap_sizes",
    `SELECT (SELECT count(*)::int FROM "app"."loops" l WHERE ${LISTED}) AS loops,
            (SELECT count(DISTINCT l."user_id")::int FROM "app"."loops" l WHERE ${LISTED}) AS creators,
            (SELECT count(*)::int FROM "app"."collections" c WHERE c."is_public") AS collections`,
    [],
  );
  const sizes = rows[0]!;
  return { pages: STATIC_PAGES.length, loops: sizes.loops, creators: sizes.creators, collections: sizes.collections };
}

/** Writes `text`, waiting for the socket to drain when its buffer is full; false once the client left. */
async function write(res: Response, text: string): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return false;
  if (!res.write(text)) {
    await Promise.race([once(res, "drain"), once(res, "close")]);
  }
  return !res.destroyed;
}

/** Streams up to `max` rows of `section` after `cursor` into `res`; false once the client left. */
async function streamSection(
  prisma: PrismaClient,
  res: Response,
  appUrl: URL,
  section: Section,
  startCursor: string[] | null,
  max: number,
): Promise<boolean> {
  const origin = escapeXml(appUrl.origin);
  let left = max;
  let next = section.batch(prisma, startCursor, Math.min(BATCH, left), origin);
  while (left > 0) {
    const batch = await next;
    if (batch.count === 0 || batch.cursor === null) return true;
    left -= batch.count;
    // The next batch is read while this one is written (a full page is ten statements).
    if (left > 0) {
      next = section.batch(prisma, batch.cursor, Math.min(BATCH, left), origin);
      // Handled now (a failure is thrown when it is awaited), not reported as unhandled meanwhile.
      next.catch(() => {});
    }
    if (!(await write(res, batch.xml))) return false;
  }
  return true;
}

function startXml(res: Response): void {
  res.status(200).set({ "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" });
}

const sitemapFile = (appUrl: URL, name: SectionName, page: number) => new URL(`/sitemaps/${name}-${page}.xml`, appUrl).href;

/** GET /sitemap.xml: every URL in one <urlset>, or past the page size, the index of the sections' files. */
export async function sendSitemap(prisma: PrismaClient, res: Response, appUrl: URL): Promise<void> {
  const sizes = await sectionSizes(prisma);
  const total = SECTION_NAMES.reduce((sum, name) => sum + sizes[name], 0);
  startXml(res);
  if (total > pageSize) {
    const files = SECTION_NAMES.flatMap((name) =>
      Array.from(
        { length: Math.ceil(sizes[name] / pageSize) },
        (_, i) => `<sitemap><loc>${escapeXml(sitemapFile(appUrl, name, i + 1))}</loc></sitemap>\n`,
      ),
    );
    res.end(`${XML_HEAD}<sitemapindex xmlns="${NS}">\n${files.join("")}</sitemapindex>\n`);
    return;
  }
  if (!(await write(res, `${XML_HEAD}<urlset xmlns="${NS}">\n`))) return;
  for (const name of SECTION_NAMES) {
    if (!(await streamSection(prisma, res, appUrl, SECTIONS[name], null, pageSize))) return;
  }
  res.end("</urlset>\n");
}

/** `loops-2` → the section and the 1-based page; null for a name that is none. */
export function parseSitemapName(name: string): { section: SectionName; page: number } | null {
  const match = /^([a-z]+)-([1-9]\d{0,6})$/.exec(name);
  if (!match || !(SECTION_NAMES as readonly string[]).includes(match[1]!)) return null;
  return { section: match[1] as SectionName, page: Number(match[2]) };
}

/** GET /sitemaps/<section>-<n>.xml: the section's n-th page of URLs; false when it has no such page (404). */
export async function sendSitemapPage(
  prisma: PrismaClient,
  res: Response,
  appUrl: URL,
  { section, page }: { section: SectionName; page: number },
): Promise<boolean> {
  const rows = SECTIONS[section];
  // The page starts after the last row of the one before.
  let cursor: string[] | null = null;
  if (page > 1) {
    cursor = await rows.cursorAt(prisma, (page - 1) * pageSize - 1);
    if (cursor === null) return false;
  }
  startXml(res);
  if (!(await write(res, `${XML_HEAD}<urlset xmlns="${NS}">\n`))) return true;
  if (!(await streamSection(prisma, res, appUrl, rows, cursor, pageSize))) return true;
  res.end("</urlset>\n");
  return true;
}
