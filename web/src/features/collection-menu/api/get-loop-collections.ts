import type { CollectionListResponse } from "@loop/rules/schemas/collections";
import { useQuery } from "@tanstack/react-query";
import { withSearchParams } from "@/lib/api-client";
import { jsonQueryOptions } from "@/lib/json-query";
import { COLLECTIONS_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/collections?loopId=: the member's own collections, each saying whether it holds the loop (`containsLoop`). */
export function loopCollectionsQueryOptions(loopId: string) {
  return jsonQueryOptions<CollectionListResponse>(
    [...COLLECTIONS_QUERY_KEY, { loopId }],
    withSearchParams("/api/collections", { loopId }),
    { staleTime: 0 },
  );
}

/** Asked only while the card's menu is open. */
export function useLoopCollections(loopId: string, enabled: boolean) {
  return useQuery({ ...loopCollectionsQueryOptions(loopId), enabled });
}
