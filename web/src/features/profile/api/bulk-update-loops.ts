import type { BulkLoopsRequest, BulkLoopsResponse } from "@loop/rules/schemas/my-loops";
import { jsonCall } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { LISTING_QUERY_KEYS } from "../lib/listing-query-keys";

/**
 * POST /api/loops/bulk: one action (make public, unlisted or private; take down) on several of the
 * creator's loops; each loop's outcome in the order asked (one refused does not stop the others).
 */
export const bulkUpdateLoops = jsonCall<BulkLoopsRequest, BulkLoopsResponse>("POST", "/api/loops/bulk");

/** Runs a bulk action, then refreshes every list the loops are in, whatever the outcome. */
export function useBulkUpdateLoops() {
  return useInvalidatingMutation({ mutationFn: bulkUpdateLoops, invalidatesOnSettled: LISTING_QUERY_KEYS });
}
