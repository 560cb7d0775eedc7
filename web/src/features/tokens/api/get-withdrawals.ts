import type { Withdrawal } from "@loop/rules/schemas/withdrawals";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";

export const WITHDRAWALS_QUERY_KEY = ["/api/tokens/withdrawals"] as const;

/** While a withdrawal is pending or processing, its outcome (e.g. a payout settled from the chain) shows up without a reload. */
export const OPEN_WITHDRAWAL_POLL_MS = 5_000;

export const isOpenWithdrawal = (withdrawal: Withdrawal) => withdrawal.status === "pending" || withdrawal.status === "processing";

/** GET /api/tokens/withdrawals: the viewer's withdrawals, newest first. */
export const withdrawalsQueryOptions = jsonQueryOptions<Withdrawal[]>(WITHDRAWALS_QUERY_KEY, "/api/tokens/withdrawals", {
  staleTime: 0,
  refetchInterval: (query) => (query.state.data?.some(isOpenWithdrawal) ? OPEN_WITHDRAWAL_POLL_MS : false),
});

export function useWithdrawals() {
  return useQuery(withdrawalsQueryOptions);
}
