import type { Withdrawal } from "@loop/rules/schemas/withdrawals";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { WITHDRAWALS_QUERY_KEY } from "./get-withdrawals";

/** POST /api/tokens/withdrawals/:id/cancel → Withdrawal (own, pending only; the hold is released). */
export function cancelWithdrawal(id: string): Promise<Withdrawal> {
  return apiJson<Withdrawal>("POST", `/api/tokens/withdrawals/${encodeURIComponent(id)}/cancel`);
}

export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: TOKEN_BALANCE_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: WITHDRAWALS_QUERY_KEY }),
      ]),
  });
}
