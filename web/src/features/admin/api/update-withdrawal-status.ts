import type { AdminWithdrawal, WithdrawalStatus } from "@loop/rules/schemas/withdrawals";
import { apiJson } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

export interface UpdateWithdrawalStatusInput {
  withdrawalId: string;
  status: Exclude<WithdrawalStatus, "pending">;
  transactionId: string | null;
  failureReason: string | null;
}

/** PUT /api/admin/tokens/withdrawals/:id/status {status, transactionId, failureReason} → the withdrawal. */
export function updateWithdrawalStatus({ withdrawalId, ...body }: UpdateWithdrawalStatusInput): Promise<AdminWithdrawal> {
  return apiJson<AdminWithdrawal>("PUT", `/api/admin/tokens/withdrawals/${encodeURIComponent(withdrawalId)}/status`, body);
}

export function useUpdateWithdrawalStatus() {
  return useInvalidatingMutation({
    mutationFn: updateWithdrawalStatus,
    // The queue, the reserve figures (a payout leaves the vault) and the audit log.
    invalidatesOnSettled: [ADMIN_QUERY_KEY],
  });
}
