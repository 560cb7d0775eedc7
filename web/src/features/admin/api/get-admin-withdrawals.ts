import type { AdminWithdrawal, WithdrawalStatus } from "@loop/rules/schemas/withdrawals";
import { useQuery } from "@tanstack/react-query";
import { statusListQueryOptions } from "@/lib/json-query";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const ADMIN_WITHDRAWALS_QUERY_KEY = [...ADMIN_QUERY_KEY, "tokens", "withdrawals"] as const;

/** GET /api/admin/tokens/withdrawals[?status=]: the queue, newest first. */
export const adminWithdrawalsQueryOptions = (status: WithdrawalStatus | undefined) =>
  statusListQueryOptions<AdminWithdrawal[]>(ADMIN_WITHDRAWALS_QUERY_KEY, "/api/admin/tokens/withdrawals", status);

export function useAdminWithdrawals(status: WithdrawalStatus | undefined) {
  return useQuery(adminWithdrawalsQueryOptions(status));
}
