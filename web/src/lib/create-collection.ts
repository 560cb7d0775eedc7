import type { Collection, CreateCollection } from "@loop/rules/schemas/collections";
import { jsonCall } from "./api-client";
import { COLLECTIONS_QUERY_KEY } from "./query-keys";
import { useInvalidatingMutation } from "./use-invalidating-mutation";

/** POST /api/collections {name, description?, isPublic?}: 201 the new collection (the card's menu and the profile create them). */
export const createCollection = jsonCall<Partial<CreateCollection> & { name: string }, Collection>("POST", "/api/collections");

export function useCreateCollection() {
  return useInvalidatingMutation({ mutationFn: createCollection, invalidatesOnSuccess: [COLLECTIONS_QUERY_KEY] });
}
