// GET /api/search: users and loops for the search box, forgiving of prefixes and typos, without
// reading every match (issue 19; migration 20261126170000_search_vocabulary, the pg_trgm
// documentation's approach). A vocabulary of the words (lower case, runs of letters or digits) of
// the listed loops (title, tags, description, genre name) and of the users who are not banned
// (username, first and last name), with per-word counts and a trigram index, is kept by triggers,
// with postings (word, best place in the row, row) in result order. Each query word of 3+ characters
// must match a word of the row: a vocabulary word containing it (anywhere in a loop) or close to it
// (trigram similarity >= 0.3, pg_trgm's default; for loops in the title only, as before); a shorter
// word matches itself, or, next to a longer one, any word it starts. Candidates: the best
// `offset + limit` rows of each close word (of the rarest query word) and each place, read from the
// postings' rank index, so a search reads a few dozen index entries whatever the number of matches.
// Best match first, as before: exact, then starts with the query, then a word starts with it, then
// contains it, then by word similarity; a loop found by its title always ranks above one found only
// by its tags, description or genre; then popularity (loops) / experience (users).
// Totals: a single close word's count in the vocabulary (exact); else the matching postings are
// counted, at most SEARCH_TOTAL_CAP of them; past that a total is a lower bound, flagged in the
// answer (totalUsersCapped / totalLoopsCapped) and shown as "1,234+".
// The whole answer is one statement (`app.search`, PL/pgSQL, so its plans are prepared once per
// connection) that returns the response's JSON text, sent as it is; it runs as a named prepared
// statement on the pool under Prisma's adapter (parsed once per connection, no query layer between).
import { SEARCH_TOTAL_CAP, type SearchQuery } from "@loop/rules/schemas/search";
import { hotQuery } from "../../db/hot-query";
import type { PrismaClient } from "../../db/prisma";
import { catalogCache } from "../loops/catalog-cache";

/** A search as the hot route keeps it (once per distinct query string): its cache key and its statement's values. */
export interface ParsedSearch {
  readonly cacheKey: string;
  readonly values: readonly [q: string, limit: number, offset: number, totalCap: number];
}

/** A valid query's cache key and values (the text lower-cased: the search ignores case). */
export function parsedSearch({ q, limit, offset }: SearchQuery): ParsedSearch {
  const text = q.toLowerCase();
  return { cacheKey: `search:${JSON.stringify([text, limit, offset])}`, values: [text, limit, offset, SEARCH_TOTAL_CAP] };
}

/** GET /api/search's answer as JSON text (a `SearchResponse`). The same for every viewer: kept in the catalog cache. */
export function searchJson(prisma: PrismaClient, search: ParsedSearch): Promise<string> {
  return catalogCache(prisma).get(search.cacheKey, () => runSearch(prisma, search));
}

/** GET /api/search's one statement (also the bench's bare control, api/bench/control-server.ts). */
export const SEARCH_STATEMENT = {
  name: "loop_search",
  text: 'SELECT "app"."search"($1::text, $2::int, $3::int, $4::int) AS body',
} as const;

function runSearch(prisma: PrismaClient, search: ParsedSearch): Promise<string> {
  return hotQuery<{ body: string }>(prisma, SEARCH_STATEMENT.name, SEARCH_STATEMENT.text, search.values).then((rows) => rows[0]!.body);
}
