/**
 * The catalog's filters and sort (docs/product.md#home): how they live in the page's address (a
 * reload or a shared link keeps them; a value the page cannot read is left out, never an error) and
 * how they become the query of `GET /api/loops`. The address uses the API's own names, so a shared
 * link reads like the API call: `genreId` (repeated), `bpmMin`, `bpmMax`, `key`, `relativeKey`,
 * `contentType`, `tags` (comma-separated), `isFree`, `priceMin`, `priceMax` (dollars), `duration`,
 * `sortBy`. Defaults are left out of the address.
 */
import { centsToPrice, LOOP_LIST_DEFAULT_LIMIT, MUSICAL_KEY, priceToCents } from "@loop/rules/catalog";

export const DURATION_FILTERS = [
  { value: "all", label: "Any length" },
  { value: "short", label: "Short (under 30s)" },
  { value: "medium", label: "Medium (30s - 1min)" },
  { value: "long", label: "Long (over 1min)" },
] as const;
export type DurationFilter = (typeof DURATION_FILTERS)[number]["value"];

export const PRICE_FILTERS = [
  { value: "all", label: "Free and paid" },
  { value: "free", label: "Free" },
  { value: "paid", label: "Paid" },
] as const;
export type PriceFilter = (typeof PRICE_FILTERS)[number]["value"];

export const CONTENT_TYPE_FILTERS = [
  { value: "all", label: "Loops and tracks" },
  { value: "loop", label: "Loops" },
  { value: "track", label: "Tracks" },
] as const;
export type ContentTypeFilter = (typeof CONTENT_TYPE_FILTERS)[number]["value"];

export type LoopSort = "popular" | "recent" | "price_asc" | "price_desc" | "rating" | "likes";
const SORTS: readonly LoopSort[] = ["popular", "recent", "price_asc", "price_desc", "rating", "likes"];

/** BPM bounds the filter accepts (the API's bpmMin/bpmMax). */
export const FILTER_BPM_MAX = 1000;
/** The tag filter (the API's MAX_TAG_FILTERS, MAX_TAG_FILTER_LENGTH). */
export const MAX_FILTER_TAGS = 10;
export const MAX_FILTER_TAG_LENGTH = 50;

export interface LoopFilters {
  genreIds: number[];
  bpmMin: number | null;
  bpmMax: number | null;
  /** "A minor"…; with relativeKey its relative major or minor too. */
  key: string | null;
  relativeKey: boolean;
  contentType: ContentTypeFilter;
  /** Lower case, each at most MAX_FILTER_TAG_LENGTH: loops having all of them. */
  tags: string[];
  price: PriceFilter;
  /** Cents; ignored when price is "free". */
  priceMin: number | null;
  priceMax: number | null;
  duration: DurationFilter;
  sortBy: LoopSort;
}

export const DEFAULT_FILTERS: LoopFilters = {
  genreIds: [],
  bpmMin: null,
  bpmMax: null,
  key: null,
  relativeKey: false,
  contentType: "all",
  tags: [],
  price: "all",
  priceMin: null,
  priceMax: null,
  duration: "all",
  sortBy: "popular",
};

/** The address's parameters these filters own (others, such as search's `q`, are kept as they are). */
const FILTER_PARAMS = [
  "genreId",
  "bpmMin",
  "bpmMax",
  "key",
  "relativeKey",
  "contentType",
  "tags",
  "isFree",
  "priceMin",
  "priceMax",
  "duration",
  "sortBy",
] as const;

/** Loops per page (and per 'Load More Loops'). */
export const PAGE_SIZE = LOOP_LIST_DEFAULT_LIMIT;

const GENRE_ID = /^[1-9]\d{0,8}$/;
const WHOLE = /^\d{1,4}$/;

function wholeNumber(text: string | null, max: number): number | null {
  if (text === null || !WHOLE.test(text.trim())) return null;
  const value = Number(text.trim());
  return value <= max ? value : null;
}

function cents(text: string | null): number | null {
  return text === null || text.trim() === "" ? null : priceToCents(text);
}

/** A tag as filtered: trimmed, lower case; null when empty or too long. */
export function normalizeFilterTag(text: string): string | null {
  const tag = text.trim().toLowerCase();
  return tag && tag.length <= MAX_FILTER_TAG_LENGTH && !tag.includes(",") ? tag : null;
}

function pick<T extends string>(text: string | null, values: readonly T[]): T | null {
  return values.find((value) => value === text) ?? null;
}

/** The filters in an address's query; what cannot be read is left at its default. */
export function filtersFromSearchParams(params: URLSearchParams): LoopFilters {
  const genreIds = [
    ...new Set(
      params
        .getAll("genreId")
        .flatMap((part) => part.split(","))
        .map((part) => part.trim())
        .filter((part) => GENRE_ID.test(part))
        .map(Number),
    ),
  ]
    .sort((a, b) => a - b)
    .slice(0, 50);
  const key = params.get("key");
  const tags = [
    ...new Set(
      params
        .getAll("tags")
        .flatMap((part) => part.split(","))
        .map(normalizeFilterTag)
        .filter((tag): tag is string => tag !== null),
    ),
  ].slice(0, MAX_FILTER_TAGS);
  const isFree = params.get("isFree");
  const price: PriceFilter = isFree === "true" ? "free" : isFree === "false" ? "paid" : "all";
  const sortBy = params.get("sortBy");
  const validKey = key !== null && MUSICAL_KEY.test(key) ? key : null;
  return {
    genreIds,
    bpmMin: wholeNumber(params.get("bpmMin"), FILTER_BPM_MAX),
    bpmMax: wholeNumber(params.get("bpmMax"), FILTER_BPM_MAX),
    key: validKey,
    relativeKey: validKey !== null && params.get("relativeKey") === "true",
    contentType: pick(params.get("contentType"), ["loop", "track"] as const) ?? "all",
    tags,
    price,
    priceMin: price === "free" ? null : cents(params.get("priceMin")),
    priceMax: price === "free" ? null : cents(params.get("priceMax")),
    duration: pick(params.get("duration"), ["short", "medium", "long"] as const) ?? "all",
    sortBy: sortBy === "price" ? "price_asc" : (pick(sortBy, SORTS) ?? DEFAULT_FILTERS.sortBy),
  };
}

/**
 * `current` with its filter parameters replaced by `filters` (defaults left out); every other
 * parameter is kept.
 */
export function filtersToSearchParams(filters: LoopFilters, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const name of FILTER_PARAMS) params.delete(name);
  for (const id of [...new Set(filters.genreIds)].sort((a, b) => a - b)) params.append("genreId", String(id));
  if (filters.bpmMin !== null) params.set("bpmMin", String(filters.bpmMin));
  if (filters.bpmMax !== null) params.set("bpmMax", String(filters.bpmMax));
  if (filters.key) {
    params.set("key", filters.key);
    if (filters.relativeKey) params.set("relativeKey", "true");
  }
  if (filters.contentType !== "all") params.set("contentType", filters.contentType);
  if (filters.tags.length > 0) params.set("tags", filters.tags.join(","));
  if (filters.price !== "all") params.set("isFree", filters.price === "free" ? "true" : "false");
  if (filters.price !== "free") {
    if (filters.priceMin !== null) params.set("priceMin", centsToPrice(filters.priceMin));
    if (filters.priceMax !== null) params.set("priceMax", centsToPrice(filters.priceMax));
  }
  if (filters.duration !== "all") params.set("duration", filters.duration);
  if (filters.sortBy !== DEFAULT_FILTERS.sortBy) params.set("sortBy", filters.sortBy);
  return params;
}

/**
 * The query string of one page of `GET /api/loops` for these filters (and the search page's text):
 * the first page (offset 0), or the page after a cursor (`after`: the previous page's `nextCursor`,
 * keyset paging).
 */
export function loopListSearchParams(
  filters: LoopFilters,
  after: string | null = null,
  limit = PAGE_SIZE,
  search: string | null = null,
): URLSearchParams {
  const params = filtersToSearchParams(filters);
  if (search) params.set("search", search);
  params.set("sortBy", filters.sortBy);
  params.set("limit", String(limit));
  if (after) params.set("after", after);
  else params.set("offset", "0");
  return params;
}

/** Any filter set (the sort is not a filter). */
export function isFiltered(filters: LoopFilters): boolean {
  return activeFilterCount(filters) > 0;
}

/** How many filters are set: the phone's "Filters" button shows it. */
export function activeFilterCount(filters: LoopFilters): number {
  return [
    filters.genreIds.length > 0,
    filters.bpmMin !== null || filters.bpmMax !== null,
    filters.key !== null,
    filters.contentType !== "all",
    filters.tags.length > 0,
    filters.price !== "all" || filters.priceMin !== null || filters.priceMax !== null,
    filters.duration !== "all",
  ].filter(Boolean).length;
}

/** Every filter cleared, the sort kept. */
export function clearedFilters(filters: LoopFilters): LoopFilters {
  return { ...DEFAULT_FILTERS, sortBy: filters.sortBy };
}
