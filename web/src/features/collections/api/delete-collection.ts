import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { COLLECTIONS_QUERY_KEY } from "@/lib/query-keys";
import { collectionQueryKey } from "./get-collection";

/** DELETE /api/collections/:id: the owner deletes the collection (its loops stay in the catalog). */
export async function deleteCollection(collectionId: string): Promise<void> {
  await apiRequest("DELETE", `/api/collections/${encodeURIComponent(collectionId)}`);
}

/** The deleted collection's page leaves the cache (not fetched again: it is gone); the lists are refreshed. */
export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCollection,
    onSuccess: async (_result, collectionId) => {
      queryClient.removeQueries({ queryKey: collectionQueryKey(collectionId) });
      await queryClient.invalidateQueries({ queryKey: COLLECTIONS_QUERY_KEY });
    },
  });
}
