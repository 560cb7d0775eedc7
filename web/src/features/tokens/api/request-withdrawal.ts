import type { Withdrawal, WithdrawalMethod } from "@loop/rules/schemas/withdrawals";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { postWithIdempotencyKey } from "@/lib/idempotent-post";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestWithdrawal,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: TOKEN_BALANCE_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: WITHDRAWALS_QUERY_KEY }),
      ]),
  });
}
