import type { Collection } from "@loop/rules/schemas/collections";
import { apiJson } from "./api-client";
import { COLLECTIONS_QUERY_KEY } from "./query-keys";
import { useInvalidatingMutation } from "./use-invalidating-mutation";

/** DELETE /api/collections/:id/loops/:loopId: the collection without the loop (the card's menu and the collection page). */
export function removeCollectionLoop({ collectionId, loopId }: { collectionId: string; loopId: string }): Promise<Collection> {
  return apiJson<Collection>("DELETE", `/api/collections/${encodeURIComponent(collectionId)}/loops/${encodeURIComponent(loopId)}`);
}

export function useRemoveCollectionLoop() {
  return useInvalidatingMutation({ mutationFn: removeCollectionLoop, invalidatesOnSettled: [COLLECTIONS_QUERY_KEY] });
}
