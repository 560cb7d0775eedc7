// GET /api/loops as one SQL statement whose single value is the response body (LoopListResponse as
// JSON text): the page's ids found on the sort's index alone (index-only: the filters' columns are
// in the index, migration 20261126160000_catalog_keyset), the page's rows' pre-rendered objects
// (card_json, migration 20261126210000_loop_card_json) concatenated, the capped count and the next
// cursor, all in one round trip. Free text, ids and cursor
// values are bound parameters ($1, $2...); only whole numbers and values of small fixed sets,
// validated, are written into the text (see Params). docs/decisions.md, "Issue 19 — catalog without
// its cache".
import { createHash } from "node:crypto";
import { keysMatching } from "@loop/rules/musical-keys";
import { DURATION_BAND_MS, LOOP_TOTAL_CAP, MUSICAL_KEY, type LoopListQuery } from "@loop/rules/schemas/loops";
import { UUID } from "../../http/uuid";
import { containsPattern, likeLiteral } from "../../db/like";
import { DomainError } from "../../domain-error";

type Sort = LoopListQuery["sortBy"];

/**
 * Each sort's columns, in order; the last ones are always created_at DESC, id DESC, so the order is
 * total (pages never overlap) and every column after the first goes the same way (DESC). `cursor`
 * is the SQL that writes the column's value into the cursor, `param` the cast that reads it back.
 */
interface SortColumn {
  column: string;
  desc: boolean;
  cast: string;
  /** The value as the cursor carries it (JSON): timestamps as ISO text, exact to the millisecond. */
  cursorValue: (alias: string) => string;
  check: (value: unknown) => boolean;
}

const isInt = (value: unknown) => Number.isSafeInteger(value);
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CREATED: SortColumn = {
  column: "created_at",
  desc: true,
  cast: "timestamptz",
  cursorValue: (a) => `to_char(${a}."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  check: (value) => typeof value === "string" && ISO.test(value) && !Number.isNaN(Date.parse(value)),
};
const ID: SortColumn = {
  column: "id",
  desc: true,
  cast: "uuid",
  cursorValue: (a) => `${a}."id"`,
  check: (value) => typeof value === "string" && UUID.test(value),
};
const plain = (column: string, desc: boolean, cast: string, check: (value: unknown) => boolean): SortColumn => ({
  column,
  desc,
  cast,
  cursorValue: (a) => `${a}."${column}"`,
  check,
});

export const SORTS: Record<Sort, readonly SortColumn[]> = {
  recent: [CREATED, ID],
  popular: [plain("popularity", true, "int", isInt), CREATED, ID],
  // rating_average is a double: the cursor carries PostgreSQL's shortest exact text of it, which
  // JSON and JavaScript read back to the same double.
  rating: [
    plain("rating_average", true, "float8", (value) => typeof value === "number" && Number.isFinite(value)),
    plain("rating_count", true, "int", isInt),
    CREATED,
    ID,
  ],
  price_asc: [plain("price_cents", false, "int", isInt), CREATED, ID],
  price_desc: [plain("price_cents", true, "int", isInt), CREATED, ID],
  // Issue 24: most liked first (like_count kept by a trigger on app.loop_likes; indexes
  // "loops_catalog_likes_idx" and "loops_catalog_genre_likes_idx", migration 20261130090000_likes_collections_follows).
  likes: [plain("like_count", true, "int", isInt), CREATED, ID],
};

/** The cursor of `after`: base64url of the JSON array [sortBy, ...the last loop's sort values]. */
export function decodeCursor(after: string, sortBy: Sort): unknown[] {
  const invalid = new DomainError("INVALID_CURSOR", { list: "catalog" });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(after, "base64url").toString("utf8"));
  } catch {
    throw invalid;
  }
  const columns = SORTS[sortBy];
  if (!Array.isArray(parsed) || parsed.length !== columns.length + 1 || parsed[0] !== sortBy) throw invalid;
  const values = parsed.slice(1);
  if (!columns.every((column, i) => column.check(values[i]))) throw invalid;
  return values;
}

/**
 * SQL text with numbered parameters, and the literals written into the text. The statement runs as
 * a named prepared statement (catalog.service.ts): after five runs Postgres plans it once for any
 * parameter values (a generic plan), which only estimates well what it can see. So the values that
 * choose the plan and come from small sets — whole numbers validated by the schema (limits, genre
 * ids, price and BPM bounds), a musical key, a content type, the sort — are literals; free text
 * (the search), ids (userId) and cursor values stay parameters, so one text serves every page.
 */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
  /** A whole number written into the text (the schema validated it; checked again here). */
  int(value: unknown): string {
    if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${String(value)}`);
    return String(value);
  }
  /** A text from a fixed set (a musical key, a content type, a sort) written into the text. */
  word(value: string, valid: RegExp): string {
    if (!valid.test(value) || value.includes("'")) throw new Error(`unexpected value: ${value}`);
    return `'${value}'`;
  }
}

const SORT_WORD = /^(recent|popular|rating|price_asc|price_desc|likes)$/;
const CONTENT_TYPE_WORD = /^[a-z]+$/;

const DURATION_SQL: Record<keyof typeof DURATION_BAND_MS, string> = {
  short: `l."duration_ms" < ${DURATION_BAND_MS.short.lt}`,
  medium: `l."duration_ms" BETWEEN ${DURATION_BAND_MS.medium.gte} AND ${DURATION_BAND_MS.medium.lte}`,
  long: `l."duration_ms" > ${DURATION_BAND_MS.long.gt}`,
};

/**
 * The query's filters over `"app"."loops" l` but the genres and isFree (branches of the page
 * query, see below): every column here but the text search, the tags and the creator is in the
 * sort indexes (INCLUDE), so filtering needs no row.
 */
/** The text search: the contains-pattern's parameter and its condition, indexed or not. */
interface SearchSql {
  pattern: string;
  /** Served by the trigram indexes on the three columns. */
  indexed: string;
  /**
   * The same test row by row, on no index: LIKE of the lower-cased pattern on `match_text` (the
   * three columns lower-cased, migration 20261127080000_loop_match_text), which is what ILIKE does
   * on a UTF-8 database but with one lower() per page instead of three per row. Null when the text
   * holds the column separator (U+001F), which could match across two columns.
   */
  walked: string | null;
}

const MATCH_TEXT_SEPARATOR = "\u001f";

function filtersSql(query: LoopListQuery, p: Params): { and: string[]; search: SearchSql | null } {
  const and = [`l."status" = 'ready'`, `l."is_public"`];
  let search: SearchSql | null = null;
  if (query.search) {
    // ILIKE's wildcards in the text match literally (backslash is its escape); trigram indexes on
    // the three columns serve it. `x || ''` is x (NULL stays NULL), on no index.
    const pattern = p.add(containsPattern(query.search), "text");
    search = {
      pattern,
      indexed: `(l."title" ILIKE ${pattern} OR l."description" ILIKE ${pattern} OR l."tags" ILIKE ${pattern})`,
      walked: query.search.includes(MATCH_TEXT_SEPARATOR) ? null : `l."match_text" LIKE (SELECT lower(${pattern}))`,
    };
    and.push(search.indexed);
  }
  if (query.priceMin !== undefined) and.push(`l."price_cents" >= ${p.int(query.priceMin)}`);
  if (query.priceMax !== undefined) and.push(`l."price_cents" <= ${p.int(query.priceMax)}`);
  if (query.duration) and.push(DURATION_SQL[query.duration]);
  // The creator's BPM and key win over the detected ones (stored generated columns).
  if (query.bpmMin !== undefined) and.push(`l."effective_bpm" >= ${p.int(query.bpmMin)}`);
  if (query.bpmMax !== undefined) and.push(`l."effective_bpm" <= ${p.int(query.bpmMax)}`);
  if (query.key) and.push(`l."effective_key" IN (${keysSql(query, p)})`);
  // Each tag whole, in any case (tags are stored comma-separated, as typed): the ILIKE is served by
  // the trigram index on tags ("loops_tags_idx", migration 20261122010000_search_ratings_downloads),
  // the LIKE on the comma-bounded lower-cased list keeps only whole tags. Parameters (free text).
  for (const tag of query.tags ?? []) {
    and.push(`l."tags" ILIKE ${p.add(containsPattern(tag), "text")}`);
    and.push(`(',' || lower(l."tags") || ',') LIKE ${p.add(`%,${likeLiteral(tag)},%`, "text")}`);
  }
  if (query.contentType) and.push(`l."content_type" = ${p.word(query.contentType, CONTENT_TYPE_WORD)}::"app"."loop_content_type"`);
  if (query.userId) and.push(`l."user_id" = ${p.add(query.userId, "uuid")}`);
  return { and, search };
}

/**
 * The stored keys a key filter matches, as literals: every spelling of its tonic, and its relative
 * key's with relativeKey (rules/src/musical-keys.ts). A loop has one key: the counts' rows of these
 * keys add up (maintainedCountSql).
 */
const keysSql = (query: LoopListQuery, p: Params) =>
  keysMatching(query.key!, query.relativeKey)
    .map((key) => p.word(key, MUSICAL_KEY))
    .join(", ");

/** ORDER BY of a sort over alias `a`. */
const orderBy = (sortBy: Sort, a: string) => SORTS[sortBy].map((c) => `${a}."${c.column}"${c.desc ? " DESC" : ""}`).join(", ");

/**
 * The keyset condition "after the cursor's loop", as one or two alternatives, each served by one
 * index range: with every column DESC a row comparison; price_asc (price up, then newest first) is
 * "same price, older" or "dearer".
 */
function keysetAlternatives(sortBy: Sort, cursor: unknown[], p: Params): string[] {
  const columns = SORTS[sortBy];
  const values = columns.map((column, i) => p.add(column.cast === "float8" ? String(cursor[i]) : cursor[i], column.cast));
  const row = (from: number) =>
    `(${columns
      .slice(from)
      .map((c) => `l."${c.column}"`)
      .join(", ")}) < (${values.slice(from).join(", ")})`;
  if (columns[0]!.desc) return [row(0)];
  return [`l."${columns[0]!.column}" = ${values[0]} AND ${row(1)}`, `l."${columns[0]!.column}" > ${values[0]}`];
}

/**
 * How far `total` counts: LOOP_TOTAL_CAP, or just past the page asked for when paging beyond it
 * (so `total` still says there is more).
 */
/** The duration bands as catalog_counts numbers them (migration 20261128080000_catalog_counts). */
const DURATION_BAND_NUMBER: Record<keyof typeof DURATION_BAND_MS, number> = { short: 0, medium: 1, long: 2 };

/** catalog_range_counts' dimensions (migration 20261128080000_catalog_counts). */
const RANGE_DIMENSION = { bpm: 0, price: 1 } as const;

/**
 * The query's total from the maintained counts, or null when it must be counted (the text search,
 * the creator, or a mix the tables do not keep):
 * - filters among genre, isFree, key, duration band and content type: one row of catalog_counts per
 *   genre asked for (or the "any genre" row; migration 20261128080000_catalog_counts);
 * - genres and one range, BPM or price: the rows of catalog_range_counts in the range, per genre
 *   (migration 20261128080000_catalog_counts), at most `countLimit` of them: each holds a
 *   listed loop at least, so that many rows make the cap.
 */
function maintainedCountSql(query: LoopListQuery, p: Params, countLimitSql: string): string | null {
  if (query.search !== undefined || query.userId !== undefined || query.tags !== undefined) return null;
  const genres = query.genreId ?? [];
  const bpm = query.bpmMin !== undefined || query.bpmMax !== undefined;
  const price = query.priceMin !== undefined || query.priceMax !== undefined;
  if (!bpm && !price) {
    const where = [
      genres.length === 0 ? `c."genre_id" = 0` : `c."genre_id" IN (${genres.map((g) => p.int(g)).join(", ")})`,
      `c."is_free" = ${query.isFree === undefined ? 2 : query.isFree === "true" ? 1 : 0}`,
      query.key === undefined ? `c."key" = '*'` : `c."key" IN (${keysSql(query, p)})`,
      `c."duration_band" = ${query.duration === undefined ? 3 : DURATION_BAND_NUMBER[query.duration]}`,
      `c."content_type" = ${query.contentType === undefined ? "'*'" : p.word(query.contentType, CONTENT_TYPE_WORD)}`,
    ];
    return `LEAST((SELECT COALESCE(sum(c."loops"), 0) FROM "app"."catalog_counts" c WHERE ${where.join(" AND ")}), ${countLimitSql})`;
  }
  const onlyGenres =
    query.isFree === undefined && query.key === undefined && query.duration === undefined && query.contentType === undefined;
  if (!onlyGenres || (bpm && price)) return null;
  const [min, max] = bpm ? [query.bpmMin, query.bpmMax] : [query.priceMin, query.priceMax];
  const where = [
    `r."dimension" = ${bpm ? RANGE_DIMENSION.bpm : RANGE_DIMENSION.price}`,
    genres.length === 0 ? `r."genre_id" = 0` : `r."genre_id" IN (${genres.map((g) => p.int(g)).join(", ")})`,
    ...(min === undefined ? [] : [`r."value" >= ${p.int(min)}`]),
    ...(max === undefined ? [] : [`r."value" <= ${p.int(max)}`]),
    `r."loops" > 0`,
  ];
  return `LEAST((SELECT COALESCE(sum(r."loops"), 0) FROM (SELECT r."loops" FROM "app"."catalog_range_counts" r WHERE ${where.join(" AND ")} LIMIT ${countLimitSql}) AS r), ${countLimitSql})`;
}

/**
 * The longest match_text (bytes) that the recent walk's covering index holds (migration
 * 20261129100000_catalog_search_walk): a B-tree entry has room for ~2,700 bytes, and a description
 * may have 5,000 characters. Longer texts are walked on their own small index.
 */
const MATCH_INDEXED_BYTES = 2000;

/**
 * The recent walk as two ordered scans merged: the loops whose text the covering index holds
 * (index-only: no row read per loop tested), and those with a longer text, read from the table,
 * only as far back as the first scan reached when it filled its `limit` (older ones cannot be on
 * the page). `withClause` defines the first scan, which the second reads.
 */
function recentWalkSql(conditions: string[], keyset: string | null, limit: string): { withClause: string; sql: string } {
  const where = [...conditions, keyset].filter((c): c is string => c !== null);
  const scan = (extra: string[]) =>
    `SELECT l."created_at", l."id" FROM "app"."loops" l WHERE ${[...where, ...extra].join(" AND ")} ORDER BY ${orderBy("recent", "l")} LIMIT ${limit}`;
  const reached = `COALESCE((SELECT CASE WHEN count(*) = ${limit} THEN min(s."created_at") END FROM walk_short s), '-infinity')`;
  return {
    withClause: `walk_short AS MATERIALIZED (${scan([`octet_length(l."match_text") <= ${MATCH_INDEXED_BYTES}`])})`,
    sql: `SELECT * FROM walk_short UNION ALL (${scan([`octet_length(l."match_text") > ${MATCH_INDEXED_BYTES}`, `l."created_at" >= ${reached}`])})`,
  };
}

/** A search walks the sort's index when its lower bound of matches is this many times the rows wanted. */
const WALK_FACTOR = 64;

const countLimitOf = (query: LoopListQuery) => Math.max(LOOP_TOTAL_CAP, query.offset + query.limit + 1);

export interface CatalogSql {
  text: string;
  values: unknown[];
}

/**
 * The whole answer of GET /api/loops for anyone (no viewer fields) as one statement returning
 * one text value, `body`: `{"loops" : [...], "total" : n, "nextCursor" : "..."|null}`, each loop the
 * object its row's card_json holds (publicLoopView's shape for a signed-out viewer, same keys in the
 * same order as the trigger "loops_zz_card_json" writes them).
 *
 * The page's ids come from one ordered, limited scan per branch: one per genre asked for (sorts
 * with a genre index), and for price sorts one per isFree value (the price indexes lead with it),
 * merged (UNION ALL, then sorted: a few dozen rows at most). A cursor adds its keyset condition
 * (one or two index ranges) to each branch. One more id than the page is read: the next cursor is
 * given only when there is more.
 */
export function catalogSql(query: LoopListQuery): CatalogSql {
  const p = new Params();
  const cursor = query.after === undefined ? null : decodeCursor(query.after, query.sortBy);
  const take = query.limit + 1;
  const skip = cursor ? 0 : query.offset;
  const columns = SORTS[query.sortBy];
  const sortCols = columns.map((c) => `l."${c.column}"`).join(", "); // ends with the id
  const { and: common, search } = filtersSql(query, p);

  const priceSort = query.sortBy === "price_asc" || query.sortBy === "price_desc";
  const genres = query.genreId ?? [];
  const isFree = query.isFree === undefined ? null : query.isFree === "true";
  // Branch conditions (ORed by UNION ALL): genres (one each when the sort has a genre index), isFree.
  const genreBranches: (string | null)[] =
    genres.length === 0
      ? [null]
      : priceSort
        ? [`l."genre_id" IN (${genres.map((g) => p.int(g)).join(", ")})`]
        : genres.map((g) => `l."genre_id" = ${p.int(g)}`);
  const freeBranches: (string | null)[] =
    isFree !== null ? [`${isFree ? "" : "NOT "}l."is_free"`] : priceSort ? [`NOT l."is_free"`, `l."is_free"`] : [null];
  const keysets: (string | null)[] = cursor ? keysetAlternatives(query.sortBy, cursor, p) : [null];
  // Each branch reads the page and what the offset skips: exactly `take` on a first page; past it
  // rounded up to a power of two, so that the pages of one query share a few texts (the offset
  // itself is a parameter).
  const branchLimit = p.int(skip === 0 ? take : 2 ** Math.ceil(Math.log2(skip + take)));
  const offset = skip ? ` OFFSET ${p.add(skip, "int")}` : "";
  /** The page's ids: `fenced`, each branch's matches are found first (no index order), then sorted. */
  const idsSql = (conditions: string[], fenced: boolean) => {
    const branches: string[] = [];
    for (const genre of genreBranches)
      for (const free of freeBranches)
        for (const keyset of keysets) {
          const where = [...conditions, genre, free, keyset].filter((c): c is string => c !== null).join(" AND ");
          const from = fenced ? `(SELECT ${sortCols} FROM "app"."loops" l WHERE ${where} OFFSET 0) AS l` : `"app"."loops" l WHERE ${where}`;
          branches.push(`(SELECT ${sortCols} FROM ${from} ORDER BY ${orderBy(query.sortBy, "l")} LIMIT ${branchLimit})`);
        }
    return branches.length === 1
      ? skip
        ? `SELECT * FROM ${branches[0]} AS l LIMIT ${p.int(take)}${offset}`
        : `SELECT * FROM ${branches[0]} AS l`
      : `SELECT * FROM (${branches.join(" UNION ALL ")}) AS l ORDER BY ${orderBy(query.sortBy, "l")} LIMIT ${p.int(take)}${offset}`;
  };
  const countLimit = countLimitOf(query);

  // A text search with no other filter (the search box): a common word (a few thousand matches)
  // made the trigram indexes return thousands of rows, each read, checked and sorted, for a page
  // of 25 and a count capped at 1,000. The vocabulary of GET /api/search (migration
  // 20261126170000_search_vocabulary) counts, per word, the listed loops that have it: a word of
  // title, tags or description that contains the text is such a match in every loop counted for
  // it (words of genre names excluded: those loops may have it only in their genre), so its count
  // is a lower bound of the matches (the vocabulary leaves out banned creators: fewer, still a
  // lower bound). When it is high, the sort's index is walked and each row checked (about
  // listed / matches rows per loop of the page), and when it reaches the count's cap the total is
  // the cap without counting. Else the trigram indexes find the matches, as before.
  const walkable = search !== null && search.walked !== null && common.length === 3 && genres.length === 0 && isFree === null;
  let bound = "";
  let ids: string;
  if (walkable) {
    bound = `bound AS MATERIALIZED (SELECT COALESCE(max(w."loops"), 0) AS n FROM "app"."search_words" w
  WHERE w."word" ILIKE ${search.pattern}
    AND NOT EXISTS (SELECT 1 FROM "app"."genres" g CROSS JOIN LATERAL "app"."search_words_of"(g."name") t WHERE t."word" = w."word")),
`;
    // Walk when the lower bound is 64 × the rows wanted: at most ~1,500 rows read per page of 25.
    const walk = `(SELECT b.n FROM bound b) >= ${p.int(WALK_FACTOR * (skip + take))}`;
    const walkConditions = [...common.filter((c) => c !== search.indexed), search.walked!];
    let walked: string;
    if (query.sortBy === "recent") {
      const recent = recentWalkSql(walkConditions, keysets[0] ?? null, branchLimit);
      bound += `${recent.withClause},\n`;
      walked = `SELECT * FROM (${recent.sql}) AS l ORDER BY ${orderBy("recent", "l")} LIMIT ${p.int(take)}${offset}`;
    } else walked = idsSql(walkConditions, false);
    ids = `SELECT * FROM (${walked}) AS w WHERE ${walk} UNION ALL SELECT * FROM (${idsSql(common, true)}) AS s WHERE NOT ${walk}`;
  } else ids = idsSql(common, false);

  // The count, capped: the same filters, genres and isFree as plain conditions.
  const countWhere = [...common];
  if (genres.length > 0) countWhere.push(`l."genre_id" IN (${genres.map((g) => p.int(g)).join(", ")})`);
  if (isFree !== null) countWhere.push(`${isFree ? "" : "NOT "}l."is_free"`);
  const limitParam = p.int(query.limit);
  const cursorJson = `json_build_array(${p.word(query.sortBy, SORT_WORD)}::text, ${columns.map((c) => c.cursorValue("x")).join(", ")})::text`;

  const countLimitSql = countLimit === LOOP_TOTAL_CAP ? p.int(countLimit) : p.add(countLimit, "int");
  let count =
    maintainedCountSql(query, p, countLimitSql) ??
    `(SELECT count(*) FROM (SELECT 1 FROM "app"."loops" l WHERE ${countWhere.join(" AND ")} LIMIT ${countLimitSql}) AS matching)`;
  if (walkable) count = `CASE WHEN (SELECT b.n FROM bound b) >= ${countLimitSql} THEN ${countLimitSql} ELSE ${count} END`;

  // The body is written as text, exactly as json_build_object wrote it before (`{"loops" : [...],
  // "total" : n, "nextCursor" : ...}`, json_agg's ", " between the loops): each loop's object is
  // its row's card_json, rendered by a trigger on every write (migration 20261126210000_loop_card_json).
  const text = `WITH ${bound}ids AS MATERIALIZED (${ids}),
page AS (SELECT ids.*, row_number() OVER (ORDER BY ${orderBy(query.sortBy, "ids")}) AS n FROM ids)
SELECT '{"loops" : [' || COALESCE((
    SELECT string_agg(p."card_json", ', ' ORDER BY x.n)
    FROM page x JOIN "app"."loops" p ON p."id" = x."id"
    WHERE x.n <= ${limitParam}), '') || '], "total" : ' || ${count} || ', "nextCursor" : ' || COALESCE((
    SELECT to_json(translate(encode(convert_to(${cursorJson}, 'UTF8'), 'base64'), E'+/=\\n', '-_'))::text
    FROM page x WHERE x.n = ${limitParam} AND EXISTS (SELECT 1 FROM page y WHERE y.n > ${limitParam})), 'null') || '}' AS body`;
  return { text, values: p.values };
}

/**
 * The names of the catalog's prepared statements, by SQL text. A named statement is parsed once
 * per connection and, once Postgres settles on its generic plan (after five runs; at once when the
 * text has no parameter), planned once too: planning was about as much Postgres CPU as running the
 * statement. Each connection keeps every statement it prepared (about 0.3 MB of Postgres memory
 * each with its plan), so only the first CATALOG_STATEMENTS_MAX distinct texts get a name (at most
 * ~70 MB per connection); later ones run unnamed (parsed and planned each time, as before). The
 * texts vary with the filters set, their whole-number values and the sort (catalogSql): the
 * bench's 162 URLs make about 120.
 */
const statementNames = new Map<string, string>();
export const CATALOG_STATEMENTS_MAX = 200;

/** The page's statement: its SQL, values and prepared statement's name (undefined: run unnamed). */
export interface CatalogStatement {
  readonly text: string;
  readonly values: unknown[];
  readonly name: string | undefined;
}

/** GET /api/loops' statement for `query` (what the API runs, and the bench's bare control). */
export function catalogStatement(query: LoopListQuery): CatalogStatement {
  const { text, values } = catalogSql(query);
  return { text, values, name: statementName(text) };
}

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < CATALOG_STATEMENTS_MAX) {
    name = `catalog_${createHash("sha1").update(text).digest("base64url")}`;
    statementNames.set(text, name);
  }
  return name;
}
