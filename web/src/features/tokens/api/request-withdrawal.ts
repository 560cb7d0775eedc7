import type { Withdrawal, WithdrawalMethod, WithdrawalRequest } from "@loop/rules/schemas/withdrawals";
import { type Keyed, keyedPost } from "@/lib/idempotent-post";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { WITHDRAWALS_QUERY_KEY } from "./get-withdrawals";

export type RequestWithdrawalInput = Keyed<WithdrawalRequest & { method: WithdrawalMethod }>;

/** POST /api/tokens/withdraw {amount, method, destination} → 201 Withdrawal; the amount is held. */
export const requestWithdrawal = keyedPost<RequestWithdrawalInput, Withdrawal>("/api/tokens/withdraw");

export function useRequestWithdrawal() {
  return useInvalidatingMutation({
    mutationFn: requestWithdrawal,
    invalidatesOnSettled: [TOKEN_BALANCE_QUERY_KEY, WITHDRAWALS_QUERY_KEY],
  });
}
