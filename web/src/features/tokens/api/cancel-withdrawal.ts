import type { Withdrawal } from "@loop/rules/schemas/withdrawals";
import { apiJson } from "@/lib/api-client";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { WITHDRAWALS_QUERY_KEY } from "./get-withdrawals";

/** POST /api/tokens/withdrawals/:id/cancel → Withdrawal (own, pending only; the hold is released). */
export function cancelWithdrawal(id: string): Promise<Withdrawal> {
  return apiJson<Withdrawal>("POST", `/api/tokens/withdrawals/${encodeURIComponent(id)}/cancel`);
}

export function useCancelWithdrawal() {
  return useInvalidatingMutation({
    mutationFn: cancelWithdrawal,
    invalidatesOnSettled: [TOKEN_BALANCE_QUERY_KEY, WITHDRAWALS_QUERY_KEY],
  });
}
