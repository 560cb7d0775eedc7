import type { Transfer } from "@loop/rules/schemas/tokens";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";

export const TRANSFERS_QUERY_KEY = ["/api/tokens/transfers"] as const;

/** GET /api/tokens/transfers: the viewer's transfers in both directions, newest first. */
export const transfersQueryOptions = jsonQueryOptions<Transfer[]>(TRANSFERS_QUERY_KEY, "/api/tokens/transfers", {
  staleTime: 0,
});

export function useTransfers() {
  return useQuery(transfersQueryOptions);
}
