import { apiRequest } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { LISTING_QUERY_KEYS } from "../lib/listing-query-keys";

/**
 * DELETE /api/loops/:id (204): takes the creator's loop down. It leaves the catalog, search, profiles
 * and others' collections; its buyers keep it in their libraries.
 */
export async function takeDownLoop(loopId: string): Promise<void> {
  await apiRequest("DELETE", `/api/loops/${encodeURIComponent(loopId)}`);
}

/** Takes a loop down, then refreshes every list it was in (a refusal too: the page may have been stale). */
export function useTakeDownLoop() {
  return useInvalidatingMutation({ mutationFn: takeDownLoop, invalidatesOnSettled: LISTING_QUERY_KEYS });
}
