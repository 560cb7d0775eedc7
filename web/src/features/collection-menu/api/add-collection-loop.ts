import type { Collection } from "@loop/rules/schemas/collections";
import { apiJson } from "@/lib/api-client";
import { COLLECTIONS_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

/** POST /api/collections/:id/loops {loopId}: the collection with the loop added. */
export function addCollectionLoop({ collectionId, loopId }: { collectionId: string; loopId: string }): Promise<Collection> {
  return apiJson<Collection>("POST", `/api/collections/${encodeURIComponent(collectionId)}/loops`, { loopId });
}

export function useAddCollectionLoop() {
  return useInvalidatingMutation({ mutationFn: addCollectionLoop, invalidatesOnSettled: [COLLECTIONS_QUERY_KEY] });
}
