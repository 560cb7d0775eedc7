import type { LibraryPage } from "@loop/rules/schemas/library";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { cursorPaging } from "@/lib/infinite-paging";
import { apiJson, withSearchParams } from "@/lib/api-client";
import type { LibraryFilters } from "../lib/library-filters";

/** Every query of the library (its lists and its entries) starts with this key. */
export const LIBRARY_QUERY_KEY = ["/api/library"] as const;

/** GET /api/library?kind=&format=&search=&after=: one page of the member's library, newest first (401 signed out). */
export function getLibrary(filters: LibraryFilters, after: string | null, signal?: AbortSignal): Promise<LibraryPage> {
  const path = withSearchParams("/api/library", {
    kind: filters.kind,
    format: filters.format ?? undefined,
    search: filters.search || undefined,
    after: after ?? undefined,
  });
  return apiJson<LibraryPage>("GET", path, undefined, { signal });
}

/**
 * Pages for 'Load more': each next page is the one after the last page's cursor, until the server
 * gives none. Asked again at every visit (a purchase can be refunded meanwhile); while other filters
 * load, the list shown stays.
 */
export function libraryInfiniteQueryOptions(filters: LibraryFilters) {
  return infiniteQueryOptions({
    queryKey: [...LIBRARY_QUERY_KEY, "list", filters] as const,
    queryFn: ({ pageParam, signal }) => getLibrary(filters, pageParam, signal),
    ...cursorPaging("entries"),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useLibrary(filters: LibraryFilters) {
  return useInfiniteQuery(libraryInfiniteQueryOptions(filters));
}
