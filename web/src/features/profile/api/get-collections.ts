import type { CollectionListResponse } from "@loop/rules/schemas/collections";
import { useQuery } from "@tanstack/react-query";
import { withSearchParams } from "@/lib/api-client";
import { jsonQueryOptions } from "@/lib/json-query";
import { COLLECTIONS_QUERY_KEY } from "@/lib/query-keys";

/**
 * GET /api/collections: the signed-in member's own collections (public and private), or with
 * `userId` that member's public ones (anyone may ask).
 */
export function collectionsQueryOptions(userId: string | null) {
  return jsonQueryOptions<CollectionListResponse>(
    [...COLLECTIONS_QUERY_KEY, userId === null ? "own" : { userId }],
    withSearchParams("/api/collections", { userId: userId ?? undefined }),
    { staleTime: 0 },
  );
}

/** `null`: the own collections; a member's id: their public ones. */
export function useCollections(userId: string | null) {
  return useQuery(collectionsQueryOptions(userId));
}
