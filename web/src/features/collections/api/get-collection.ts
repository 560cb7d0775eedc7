import { COLLECTION_PAGE_DEFAULT_LIMIT, type CollectionPage } from "@loop/rules/schemas/collections";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { offsetPaging } from "@/lib/infinite-paging";
import { apiJson } from "@/lib/api-client";
import { COLLECTIONS_QUERY_KEY } from "@/lib/query-keys";

export function collectionQueryKey(collectionId: string) {
  return [...COLLECTIONS_QUERY_KEY, collectionId, "page"] as const;
}

/**
 * GET /api/collections/:id?limit&offset: the collection and a page of its loops, the latest added first.
 * 404 'Collection Not Found' for a private collection of someone else, or none.
 */
export function getCollection(collectionId: string, offset: number, signal?: AbortSignal): Promise<CollectionPage> {
  const params = new URLSearchParams({ limit: String(COLLECTION_PAGE_DEFAULT_LIMIT), offset: String(offset) });
  return apiJson<CollectionPage>("GET", `/api/collections/${encodeURIComponent(collectionId)}?${params}`, undefined, { signal });
}

/** Pages of 24 for 'Load More Loops' while fewer are shown than the total; asked again at each visit. */
export function collectionInfiniteQueryOptions(collectionId: string) {
  return infiniteQueryOptions({
    queryKey: collectionQueryKey(collectionId),
    queryFn: ({ pageParam, signal }) => getCollection(collectionId, pageParam, signal),
    ...offsetPaging(),
    staleTime: 0,
  });
}

export function useCollection(collectionId: string) {
  return useInfiniteQuery(collectionInfiniteQueryOptions(collectionId));
}
