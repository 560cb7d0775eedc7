import type { Negotiation } from "@loop/rules/schemas/negotiations";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { NEGOTIATIONS_QUERY_KEY } from "@/lib/query-keys";

export type NegotiationScope = "sent" | "received";

/** GET /api/negotiations?scope=sent|received → the viewer's offers (as buyer or as seller), newest first. */
export function getNegotiations(scope: NegotiationScope): Promise<Negotiation[]> {
  return apiJson<Negotiation[]>("GET", `/api/negotiations?scope=${scope}`);
}

export const negotiationsQueryOptions = (scope: NegotiationScope) =>
  queryOptions({
    queryKey: [...NEGOTIATIONS_QUERY_KEY, scope] as const,
    queryFn: () => getNegotiations(scope),
    // An offer can change on the other side at any time: fetched again on every visit.
    staleTime: 0,
  });

export function useNegotiations(scope: NegotiationScope) {
  return useQuery(negotiationsQueryOptions(scope));
}
