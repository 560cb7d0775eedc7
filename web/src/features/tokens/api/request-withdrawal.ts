import type { Withdrawal, WithdrawalMethod } from "@loop/rules/schemas/withdrawals";
import { postWithIdempotencyKey } from "@/lib/idempotent-post";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { WITHDRAWALS_QUERY_KEY } from "./get-withdrawals";

export interface RequestWithdrawalInput {
  amount: string;
  method: WithdrawalMethod;
  destination: string;
  idempotencyKey: string;
}

/** POST /api/tokens/withdraw {amount, method, destination} → 201 Withdrawal; the amount is held. */
export function requestWithdrawal({ idempotencyKey, ...body }: RequestWithdrawalInput): Promise<Withdrawal> {
  return postWithIdempotencyKey<Withdrawal>("/api/tokens/withdraw", body, idempotencyKey);
}

export function useRequestWithdrawal() {
  return useInvalidatingMutation({
    mutationFn: requestWithdrawal,
    invalidatesOnSettled: [TOKEN_BALANCE_QUERY_KEY, WITHDRAWALS_QUERY_KEY],
  });
}
