/**
 * The Home browser's filters and sorts (docs/product.md#home, docs/product.md#home) and how they become the query of
 * `GET /api/loops`. Every selected genre is sent (repeated `genreId`), the duration band too (the
 * server applies it). Price bands are given in cents and sent as dollars, the unit of the API's
 * `priceMin`/`priceMax`.
 */
import { centsToPrice, LOOP_LIST_DEFAULT_LIMIT } from "@loop/rules/schemas/loops";

export const PRICE_BANDS = [
  { value: "all", label: "All prices" },
  { value: "free", label: "Free" },
  { value: "1-5", label: "$1 - $5" },
  { value: "5-20", label: "$5 - $20" },
  { value: "20+", label: "$20+" },
] as const;
export type PriceBand = (typeof PRICE_BANDS)[number]["value"];

/**
 * Paid bands in cents, contiguous: "$1 - $5" is every paid loop up to $5.00 (a $0.50 loop is not
 * lost between bands), "$5 - $20" is $5.01 to $20.00, "$20+" from $20.01.
 */
const PAID_BAND_CENTS: Record<Exclude<PriceBand, "all" | "free">, { min: number; max?: number }> = {
  "1-5": { min: 1, max: 500 },
  "5-20": { min: 501, max: 2000 },
  "20+": { min: 2001 },
};

export const DURATION_FILTERS = [
  { value: "all", label: "Any length" },
  { value: "short", label: "Short (under 30s)" },
  { value: "medium", label: "Medium (30s - 1min)" },
  { value: "long", label: "Long (over 1min)" },
] as const;
export type DurationFilter = (typeof DURATION_FILTERS)[number]["value"];

export type LoopSort = "popular" | "recent" | "price_asc" | "price_desc" | "rating" | "likes";

export interface LoopFilters {
  genreIds: number[];
  price: PriceBand;
  duration: DurationFilter;
  sortBy: LoopSort;
}

export const DEFAULT_FILTERS: LoopFilters = { genreIds: [], price: "all", duration: "all", sortBy: "popular" };

/** Loops per page (and per 'Load More Loops'). */
export const PAGE_SIZE = LOOP_LIST_DEFAULT_LIMIT;

/**
 * The query string of one page of `GET /api/loops` for these filters: the first page (offset 0),
 * or the page after a cursor (`after`: the previous page's `nextCursor`, keyset paging).
 */
export function loopListSearchParams(filters: LoopFilters, after: string | null = null, limit = PAGE_SIZE): URLSearchParams {
  const params = new URLSearchParams();
  for (const id of [...new Set(filters.genreIds)].sort((a, b) => a - b)) params.append("genreId", String(id));
  if (filters.price === "free") {
    params.set("isFree", "true");
  } else if (filters.price !== "all") {
    const band = PAID_BAND_CENTS[filters.price];
    params.set("isFree", "false");
    params.set("priceMin", centsToPrice(band.min));
    if (band.max !== undefined) params.set("priceMax", centsToPrice(band.max));
  }
  if (filters.duration !== "all") params.set("duration", filters.duration);
  params.set("sortBy", filters.sortBy);
  params.set("limit", String(limit));
  if (after) params.set("after", after);
  else params.set("offset", "0");
  return params;
}

export function isFiltered(filters: LoopFilters): boolean {
  return filters.genreIds.length > 0 || filters.price !== "all" || filters.duration !== "all";
}
