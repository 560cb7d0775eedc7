import type { Transfer } from "@loop/rules/schemas/tokens";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

export const TRANSFERS_QUERY_KEY = ["/api/tokens/transfers"] as const;

/** GET /api/tokens/transfers: the viewer's transfers in both directions, newest first. */
export function getTransfers(signal?: AbortSignal): Promise<Transfer[]> {
  return apiJson<Transfer[]>("GET", "/api/tokens/transfers", undefined, { signal });
}

export const transfersQueryOptions = queryOptions({
  queryKey: TRANSFERS_QUERY_KEY,
  queryFn: ({ signal }) => getTransfers(signal),
  staleTime: 0,
});

export function useTransfers() {
  return useQuery(transfersQueryOptions);
}
