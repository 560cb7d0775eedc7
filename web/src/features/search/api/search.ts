/**
 * GET /api/search?q=&limit=&offset= (docs/product.md#data): users and loops matching `q`
 * (3+ characters), with their totals.
 */
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
// Types only: the schema module (zod) stays out of the top bar's initial JavaScript.
import type { SearchLoop, SearchResponse, SearchUser } from "@loop/rules/schemas/search";

/** The search runs only when the query is longer than 2 characters (docs/product.md#search; SEARCH_MIN_LENGTH of the API). */
export const SEARCH_MIN_CHARS = 3;
/** The API's own message for a short query (SEARCH_MESSAGES.tooShort). */
export const SEARCH_HINT = "Type at least 3 characters to search";
/** Longest query the API accepts. */
export const SEARCH_MAX_CHARS = 100;
/** Results in the top bar's panel; a total above it shows as "10+" (docs/product.md#search). */
export const PANEL_LIMIT = 10;

export type { SearchLoop, SearchResponse, SearchUser };

/** The query as sent: trimmed, inner white space collapsed (as the API reads it). */
export function normalizeQuery(text: string): string {
  return text.trim().replace(/\s+/g, " ");
}

export function isSearchable(q: string): boolean {
  return normalizeQuery(q).length >= SEARCH_MIN_CHARS;
}

export function searchCatalog(q: string, limit: number, offset: number, signal?: AbortSignal): Promise<SearchResponse> {
  const params = new URLSearchParams({ q: normalizeQuery(q), limit: String(limit), offset: String(offset) });
  return apiJson<SearchResponse>("GET", `/api/search?${params.toString()}`, undefined, { signal });
}

/** The top bar's panel: the first results of `q`. */
export function searchQueryOptions(q: string, limit = PANEL_LIMIT) {
  const text = normalizeQuery(q);
  return queryOptions({
    queryKey: ["/api/search", { q: text, limit, offset: 0 }] as const,
    queryFn: ({ signal }) => searchCatalog(text, limit, 0, signal),
    enabled: isSearchable(text),
    // Results may change as people upload: a search is fresh for a minute.
    staleTime: 60_000,
  });
}

export function useSearch(q: string) {
  return useQuery({ ...searchQueryOptions(q), placeholderData: keepPreviousData });
}
