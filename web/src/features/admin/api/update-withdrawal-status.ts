import type { AdminWithdrawal, WithdrawalStatus } from "@loop/rules/schemas/withdrawals";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWithdrawalStatus,
    // The queue, the reserve figures (a payout leaves the vault) and the audit log.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
