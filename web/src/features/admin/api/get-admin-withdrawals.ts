import type { AdminWithdrawal, WithdrawalStatus } from "@loop/rules/schemas/withdrawals";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson, withSearchParams } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const ADMIN_WITHDRAWALS_QUERY_KEY = [...ADMIN_QUERY_KEY, "tokens", "withdrawals"] as const;

/** GET /api/admin/tokens/withdrawals[?status=]: the queue, newest first. */
export function getAdminWithdrawals(status: WithdrawalStatus | undefined, signal?: AbortSignal): Promise<AdminWithdrawal[]> {
  return apiJson<AdminWithdrawal[]>("GET", withSearchParams("/api/admin/tokens/withdrawals", { status }), undefined, { signal });
}

export const adminWithdrawalsQueryOptions = (status: WithdrawalStatus | undefined) =>
  queryOptions({
    queryKey: [...ADMIN_WITHDRAWALS_QUERY_KEY, { status: status ?? null }] as const,
    queryFn: ({ signal }) => getAdminWithdrawals(status, signal),
    staleTime: 0,
  });

export function useAdminWithdrawals(status: WithdrawalStatus | undefined) {
  return useQuery(adminWithdrawalsQueryOptions(status));
}
