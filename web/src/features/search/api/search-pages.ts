/**
 * The View all results page's GET /api/search (apart from search.ts so that the top bar's search
 * box does not load the infinite query code).
 */
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { isSearchable, normalizeQuery, searchCatalog } from "./search";

/** Results per page on the View all results page. */
export const PAGE_LIMIT = 20;

/** The View all results page: pages of `limit` users, appended by "Load more users". */
export function searchPagesQueryOptions(q: string, limit = PAGE_LIMIT) {
  const text = normalizeQuery(q);
  return infiniteQueryOptions({
    queryKey: ["/api/search", "all", { q: text, limit }] as const,
    queryFn: ({ pageParam, signal }) => searchCatalog(text, limit, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastOffset) => {
      const next = lastOffset + limit;
      // The page lists users from here; its loops come from the catalog (GET /api/loops?search=).
      return next < last.totalUsers ? next : undefined;
    },
    enabled: isSearchable(text),
    staleTime: 60_000,
  });
}

export function useSearchPages(q: string) {
  return useInfiniteQuery(searchPagesQueryOptions(q));
}
