// GET /api/search: users and loops for the search box. Forgiving of prefixes and typos with
// pg_trgm. Each row has a search document (users: username and names; loops: title, tags,
// description and genre name; see migration 20261122030000_search_documents) with a trigram GIN
// index: a row matches when its document contains the query (ILIKE) or a word of it is close to the
// query (word similarity, `%>`), one column and two operators the planner serves from that index.
// Best match first: exact, then starts with the query, then a word starts with it, then contains
// it, then by word similarity; a loop found by its title always ranks above one found only by its
// tags, description or genre.
import { centsToPrice } from "@loop/rules/schemas/loops";
import { SEARCH_MESSAGES, searchQuerySchema, type SearchLoop, type SearchResponse, type SearchUser } from "@loop/rules/schemas/search";
import { containsPattern, likeLiteral } from "../../db/like";
import { Prisma, type PrismaClient } from "../../db/prisma";
import { BadRequest } from "../../http/errors";
import { catalogCache } from "../loops/catalog-cache";

interface UserRow {
  id: string;
  username: string;
  profile_image_url: string | null;
  first_name: string | null;
  last_name: string | null;
  wallet_address: string | null;
  level: number;
  experience: number;
  total: number;
}

interface LoopRow {
  id: string;
  title: string;
  genre_id: number;
  genre_name: string;
  bpm: number | null;
  price_cents: number;
  is_free: boolean;
  user_id: string;
  username: string;
  total: number;
}

/** The query as a LIKE pattern that matches it literally. */

/**
 * The document condition finds the candidates through the index (the document holds the three
 * fields); the fields' own conditions keep exactly the users one of whose fields matches.
 */
const userMatch = (q: string, contains: string) => Prisma.sql`
  NOT u."is_banned"
  AND (u."search_text" ILIKE ${contains} OR u."search_text" %> ${q})
  AND (u."username" ILIKE ${contains} OR u."username" %> ${q}
    OR u."first_name" ILIKE ${contains} OR u."first_name" %> ${q}
    OR u."last_name" ILIKE ${contains} OR u."last_name" %> ${q})`;

/** Ranks are computed only for the matches (found through the trigram indexes); the page is joined last. */
function usersPage(q: string, limit: number, offset: number) {
  const contains = containsPattern(q);
  const prefix = `${likeLiteral(q)}%`;
  const wordPrefix = `% ${likeLiteral(q)}%`;
  return Prisma.sql`
    SELECT m."id", m."username", m."profile_image_url", m."first_name", m."last_name", w."address" AS wallet_address,
           m."level", m."experience", m.total
    FROM (
      SELECT u."id", u."username", u."profile_image_url", u."first_name", u."last_name", u."level", u."experience",
             (COUNT(*) OVER ())::int AS total,
             CASE
               WHEN lower(u."username") = ${q} THEN 4
               WHEN lower(u."username") LIKE ${prefix} THEN 3
               WHEN lower(u."first_name") LIKE ${prefix} OR lower(u."last_name") LIKE ${prefix}
                 OR ' ' || translate(lower(u."username"), '_', ' ') LIKE ${wordPrefix} THEN 2
               ELSE 1
             END AS class,
             GREATEST(word_similarity(${q}, u."username"), word_similarity(${q}, coalesce(u."first_name", '')), word_similarity(${q}, coalesce(u."last_name", ''))) AS score
      FROM "app"."users" u
      WHERE ${userMatch(q, contains)}
      ORDER BY class DESC, score DESC, u."experience" DESC, u."id"
      LIMIT ${limit} OFFSET ${offset}
    ) m
    LEFT JOIN "app"."wallet_links" w ON w."user_id" = m."id"
    ORDER BY m.class DESC, m.score DESC, m."experience" DESC, m."id"`;
}

const loopMatch = (q: string, contains: string) => Prisma.sql`
  l."status" = 'ready' AND l."is_public"
  AND (l."search_text" ILIKE ${contains} OR l."title" %> ${q})
  AND l."user_id" <> ALL (ARRAY(SELECT b."id" FROM "app"."users" b WHERE b."is_banned"))`;

function loopsPage(q: string, limit: number, offset: number) {
  const contains = containsPattern(q);
  const prefix = `${likeLiteral(q)}%`;
  const wordPrefix = `% ${likeLiteral(q)}%`;
  return Prisma.sql`
    SELECT m."id", m."title", g."id" AS genre_id, g."name" AS genre_name, m.bpm, m."price_cents", m."is_free",
           u."id" AS user_id, u."username", m.total
    FROM (
      SELECT l."id", l."title", l."user_id", l."genre_id", COALESCE(l."bpm", l."detected_bpm") AS bpm, l."price_cents", l."is_free",
             l."popularity", l."created_at", (COUNT(*) OVER ())::int AS total,
             CASE
               WHEN lower(l."title") = ${q} THEN 6
               WHEN lower(l."title") LIKE ${prefix} THEN 5
               WHEN ' ' || lower(l."title") LIKE ${wordPrefix} THEN 4
               WHEN l."title" ILIKE ${contains} THEN 3
               WHEN l."title" %> ${q} THEN 2
               ELSE 1
             END AS class,
             -- Typos are forgiven in titles only: word similarity over a whole document (tags,
             -- description) costs ~30 µs a row, and a broad word reaches thousands of rows. A document
             -- that contains the query scores 1.
             CASE
               WHEN l."title" ILIKE ${contains} OR l."title" %> ${q} THEN word_similarity(${q}, l."title")
               ELSE 1
             END AS score
      FROM "app"."loops" l
      WHERE ${loopMatch(q, contains)}
      ORDER BY class DESC, score DESC, l."popularity" DESC, l."created_at" DESC, l."id"
      LIMIT ${limit} OFFSET ${offset}
    ) m
    JOIN "app"."users" u ON u."id" = m."user_id"
    JOIN "app"."genres" g ON g."id" = m."genre_id"
    ORDER BY m.class DESC, m.score DESC, m."popularity" DESC, m."created_at" DESC, m."id"`;
}

const toUser = (row: UserRow): SearchUser => ({
  id: row.id,
  username: row.username,
  profileImageUrl: row.profile_image_url,
  firstName: row.first_name,
  lastName: row.last_name,
  walletAddress: row.wallet_address,
  level: row.level,
  experience: row.experience,
});

const toLoop = (row: LoopRow): SearchLoop => ({
  id: row.id,
  title: row.title,
  genre: { id: row.genre_id, name: row.genre_name },
  bpm: row.bpm,
  price: centsToPrice(row.price_cents),
  isFree: row.is_free,
  user: { id: row.user_id, username: row.username },
});

/**
 * How much longer than a page a search answer is kept: a broad word matches thousands of loops
 * and ranks them all (~0.1–0.4 s of Postgres on 100,000 loops), and forty popular terms refreshed
 * every TTL would keep a core busy. Changes made through this process still drop it at once;
 * other processes' changes show within 2 × this many TTLs.
 */
const SEARCH_TTL_SCALE = 6;

/** GET /api/search. The answer is the same for every viewer: it is kept in the catalog cache. */
export async function search(prisma: PrismaClient, rawQuery: unknown): Promise<SearchResponse> {
  const parsed = searchQuerySchema.safeParse(rawQuery);
  if (!parsed.success) throw new BadRequest(parsed.error.issues[0]?.message ?? SEARCH_MESSAGES.tooShort);
  const { limit, offset } = parsed.data;
  const q = parsed.data.q.toLowerCase();
  return catalogCache(prisma).get(`search:${JSON.stringify([q, limit, offset])}`, () => runSearch(prisma, q, limit, offset), SEARCH_TTL_SCALE);
}

async function runSearch(prisma: PrismaClient, q: string, limit: number, offset: number): Promise<SearchResponse> {
  const [users, loops] = await Promise.all([prisma.$queryRaw<UserRow[]>(usersPage(q, limit, offset)), prisma.$queryRaw<LoopRow[]>(loopsPage(q, limit, offset))]);
  let totalUsers = users[0]?.total ?? 0;
  let totalLoops = loops[0]?.total ?? 0;
  // A page past the end has no rows to carry the totals: count them.
  if (offset > 0 && (users.length === 0 || loops.length === 0)) {
    const contains = containsPattern(q);
    const [[userCount], [loopCount]] = await Promise.all([
      prisma.$queryRaw<{ total: number }[]>`SELECT COUNT(*)::int AS total FROM "app"."users" u WHERE ${userMatch(q, contains)}`,
      prisma.$queryRaw<{ total: number }[]>`SELECT COUNT(*)::int AS total FROM "app"."loops" l WHERE ${loopMatch(q, contains)}`,
    ]);
    if (users.length === 0) totalUsers = userCount?.total ?? 0;
    if (loops.length === 0) totalLoops = loopCount?.total ?? 0;
  }
  return { users: users.map(toUser), loops: loops.map(toLoop), totalUsers, totalLoops };
}
