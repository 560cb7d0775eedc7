import type { Collection, UpdateCollection } from "@loop/rules/schemas/collections";
import { apiJson } from "@/lib/api-client";
import { COLLECTIONS_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

/** PATCH /api/collections/:id {name?, description?, isPublic?}: the owner renames, describes, opens or closes it. */
export function updateCollection({ collectionId, ...body }: UpdateCollection & { collectionId: string }): Promise<Collection> {
  return apiJson<Collection>("PATCH", `/api/collections/${encodeURIComponent(collectionId)}`, body);
}

export function useUpdateCollection() {
  return useInvalidatingMutation({ mutationFn: updateCollection, invalidatesOnSettled: [COLLECTIONS_QUERY_KEY] });
}
