import type { Withdrawal } from "@loop/rules/schemas/withdrawals";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";

export const WITHDRAWALS_QUERY_KEY = ["/api/tokens/withdrawals"] as const;

/** GET /api/tokens/withdrawals: the viewer's withdrawals, newest first. */
export const withdrawalsQueryOptions = queryOptions({
  queryKey: WITHDRAWALS_QUERY_KEY,
  queryFn: getQueryFn<Withdrawal[]>({ on401: "throw" }),
  staleTime: 0,
});

export function useWithdrawals() {
  return useQuery(withdrawalsQueryOptions);
}
