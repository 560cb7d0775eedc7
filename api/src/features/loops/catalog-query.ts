// GET /api/loops as one SQL statement whose single value is the response body (LoopListResponse as
// JSON text): the page's ids found on the sort's index alone (index-only: the filters' columns are
// in the index, migration 20261126160000_catalog_keyset), the page's rows joined to their genre and
// creator, the capped count and the next cursor, all in one round trip. Every value is a bound
// parameter ($1, $2...), never concatenated. docs/decisions.md, "Issue 19 — catalog without its cache".
import { DURATION_BAND_MS, LOOP_TOTAL_CAP, type LoopListQuery } from "@loop/rules/schemas/loops";
import { BadRequest } from "../../http/errors";
import { UUID } from "../../http/uuid";
import { containsPattern } from "../../db/like";

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
const ID: SortColumn = { column: "id", desc: true, cast: "uuid", cursorValue: (a) => `${a}."id"`, check: (value) => typeof value === "string" && UUID.test(value) };
const plain = (column: string, desc: boolean, cast: string, check: (value: unknown) => boolean): SortColumn => ({ column, desc, cast, cursorValue: (a) => `${a}."${column}"`, check });

export const SORTS: Record<Sort, readonly SortColumn[]> = {
  recent: [CREATED, ID],
  popular: [plain("popularity", true, "int", isInt), CREATED, ID],
  // rating_average is a double: the cursor carries PostgreSQL's shortest exact text of it, which
  // JSON and JavaScript read back to the same double.
  rating: [plain("rating_average", true, "float8", (value) => typeof value === "number" && Number.isFinite(value)), plain("rating_count", true, "int", isInt), CREATED, ID],
  price_asc: [plain("price_cents", false, "int", isInt), CREATED, ID],
  price_desc: [plain("price_cents", true, "int", isInt), CREATED, ID],
};

/** The cursor of `after`: base64url of the JSON array [sortBy, ...the last loop's sort values]. */
export function decodeCursor(after: string, sortBy: Sort): unknown[] {
  const invalid = new BadRequest("Invalid after: use the nextCursor of a page of the same sort.");
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

/** SQL text with numbered parameters. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}

const DURATION_SQL: Record<keyof typeof DURATION_BAND_MS, string> = {
  short: `l."duration_ms" < ${DURATION_BAND_MS.short.lt}`,
  medium: `l."duration_ms" BETWEEN ${DURATION_BAND_MS.medium.gte} AND ${DURATION_BAND_MS.medium.lte}`,
  long: `l."duration_ms" > ${DURATION_BAND_MS.long.gt}`,
};

/**
 * The query's filters over `"app"."loops" l` but the genres and isFree (branches of the page
 * query, see below): every column here but the text search and the creator is in the sort
 * indexes (INCLUDE), so filtering needs no row.
 */
function filtersSql(query: LoopListQuery, p: Params): string[] {
  const and = [`l."status" = 'ready'`, `l."is_public"`];
  if (query.search) {
    // ILIKE's wildcards in the text match literally (backslash is its escape); trigram indexes on
    // the three columns serve it.
    const contains = p.add(containsPattern(query.search));
    and.push(`(l."title" ILIKE ${contains} OR l."description" ILIKE ${contains} OR l."tags" ILIKE ${contains})`);
  }
  if (query.priceMin !== undefined) and.push(`l."price_cents" >= ${p.add(query.priceMin, "int")}`);
  if (query.priceMax !== undefined) and.push(`l."price_cents" <= ${p.add(query.priceMax, "int")}`);
  if (query.duration) and.push(DURATION_SQL[query.duration]);
  // The creator's BPM and key win over the detected ones (stored generated columns).
  if (query.bpmMin !== undefined) and.push(`l."effective_bpm" >= ${p.add(query.bpmMin, "int")}`);
  if (query.bpmMax !== undefined) and.push(`l."effective_bpm" <= ${p.add(query.bpmMax, "int")}`);
  if (query.key) and.push(`l."effective_key" = ${p.add(query.key, "text")}`);
  if (query.contentType) and.push(`l."content_type" = ${p.add(query.contentType, "text")}::"app"."loop_content_type"`);
  if (query.userId) and.push(`l."user_id" = ${p.add(query.userId, "uuid")}`);
  return and;
}

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
  const row = (from: number) => `(${columns.slice(from).map((c) => `l."${c.column}"`).join(", ")}) < (${values.slice(from).join(", ")})`;
  if (columns[0]!.desc) return [row(0)];
  return [`l."${columns[0]!.column}" = ${values[0]} AND ${row(1)}`, `l."${columns[0]!.column}" > ${values[0]}`];
}

/**
 * How far `total` counts: LOOP_TOTAL_CAP, or just past the page asked for when paging beyond it
 * (so `total` still says there is more).
 */
const countLimitOf = (query: LoopListQuery) => Math.max(LOOP_TOTAL_CAP, query.offset + query.limit + 1);

/** `price` as the API writes it ("4.99"), `duration` in seconds as JavaScript writes n / 1000. */
const LOOP_JSON = `json_build_object(
  'id', p."id", 'title', p."title", 'description', p."description",
  'price', (p."price_cents" / 100)::text || '.' || lpad((p."price_cents" % 100)::text, 2, '0'), 'isFree', p."is_free",
  'duration', trim_scale(p."duration_ms"::numeric / 1000), 'genreId', p."genre_id", 'genre', json_build_object('id', g."id", 'name', g."name"),
  'tags', p."tags", 'contentType', p."content_type", 'artistName', p."artist_name", 'albumName', p."album_name",
  'releaseDate', p."release_date"::text, 'lyrics', p."lyrics", 'isPublic', p."is_public", 'status', p."status",
  'downloadCount', p."download_count", 'createdAt', to_char(p."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'isPurchased', false, 'purchasedFormats', '[]'::json, 'bpm', p."effective_bpm", 'key', p."effective_key",
  'audioFileUrl', CASE WHEN p."preview_key" IS NOT NULL THEN '/api/loops/' || p."id" || '/preview' END,
  'peaksUrl', CASE WHEN p."peaks_key" IS NOT NULL THEN '/api/loops/' || p."id" || '/peaks' END,
  'mp3Kbps', CASE WHEN p."mp3_key" IS NOT NULL THEN p."mp3_kbps" END,
  'averageRating', CASE WHEN p."rating_count" > 0 THEN floor((p."rating_sum" * 10)::float8 / p."rating_count" + 0.5) / 10 END,
  'totalRatings', p."rating_count", 'myRating', NULL, 'canRate', false,
  'user', json_build_object('id', u."id", 'username', u."username", 'firstName', u."first_name", 'email', NULL)
)`;

export interface CatalogSql {
  text: string;
  values: unknown[];
}

/**
 * The whole answer of GET /api/loops for anyone (no viewer fields) as one statement returning
 * one text value, `body`: `{"loops":[...],"total":n,"nextCursor":"..."|null}`, the loops in the
 * shape of anonymousLoopFromRow (loop.view.ts), keys in the same order.
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
  const common = filtersSql(query, p);

  const priceSort = query.sortBy === "price_asc" || query.sortBy === "price_desc";
  const genres = query.genreId ?? [];
  const isFree = query.isFree === undefined ? null : query.isFree === "true";
  // Branch conditions (ORed by UNION ALL): genres (one each when the sort has a genre index), isFree.
  const genreBranches: (string | null)[] =
    genres.length === 0 ? [null] : priceSort ? [`l."genre_id" = ANY(${p.add(genres, "int[]")})`] : genres.map((g) => `l."genre_id" = ${p.add(g, "int")}`);
  const freeBranches: (string | null)[] = isFree !== null ? [`${isFree ? "" : "NOT "}l."is_free"`] : priceSort ? [`NOT l."is_free"`, `l."is_free"`] : [null];
  const keysets: (string | null)[] = cursor ? keysetAlternatives(query.sortBy, cursor, p) : [null];
  const branchLimit = p.add(skip + take, "int");
  const branches: string[] = [];
  for (const genre of genreBranches)
    for (const free of freeBranches)
      for (const keyset of keysets) {
        const where = [...common, genre, free, keyset].filter((c): c is string => c !== null).join(" AND ");
        branches.push(`(SELECT ${sortCols} FROM "app"."loops" l WHERE ${where} ORDER BY ${orderBy(query.sortBy, "l")} LIMIT ${branchLimit})`);
      }
  const ids =
    branches.length === 1
      ? `SELECT * FROM ${branches[0]} AS l ${skip ? `OFFSET ${p.add(skip, "int")}` : ""}`
      : `SELECT * FROM (${branches.join(" UNION ALL ")}) AS l ORDER BY ${orderBy(query.sortBy, "l")} LIMIT ${p.add(take, "int")}${skip ? ` OFFSET ${p.add(skip, "int")}` : ""}`;

  // The count, capped: the same filters, genres and isFree as plain conditions.
  const countWhere = [...common];
  if (genres.length > 0) countWhere.push(`l."genre_id" = ANY(${p.add(genres, "int[]")})`);
  if (isFree !== null) countWhere.push(`${isFree ? "" : "NOT "}l."is_free"`);
  const limitParam = p.add(query.limit, "int");
  const cursorJson = `json_build_array(${p.add(query.sortBy, "text")}, ${columns.map((c) => c.cursorValue("x")).join(", ")})::text`;

  const text = `WITH ids AS MATERIALIZED (${ids}),
page AS (SELECT ids.*, row_number() OVER (ORDER BY ${orderBy(query.sortBy, "ids")}) AS n FROM ids)
SELECT json_build_object(
  'loops', COALESCE((
    SELECT json_agg(${LOOP_JSON} ORDER BY x.n)
    FROM page x JOIN "app"."loops" p ON p."id" = x."id" JOIN "app"."genres" g ON g."id" = p."genre_id" JOIN "app"."users" u ON u."id" = p."user_id"
    WHERE x.n <= ${limitParam}), '[]'::json),
  'total', (SELECT count(*) FROM (SELECT 1 FROM "app"."loops" l WHERE ${countWhere.join(" AND ")} LIMIT ${p.add(countLimitOf(query), "int")}) AS matching),
  'nextCursor', (SELECT translate(encode(convert_to(${cursorJson}, 'UTF8'), 'base64'), E'+/=\\n', '-_') FROM page x WHERE x.n = ${limitParam} AND EXISTS (SELECT 1 FROM page y WHERE y.n > ${limitParam}))
)::text AS body`;
  return { text, values: p.values };
}
