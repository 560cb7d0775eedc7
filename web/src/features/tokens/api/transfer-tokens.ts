import type { Transfer } from "@loop/rules/schemas/tokens";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { postWithIdempotencyKey } from "@/lib/idempotent-post";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { TRANSFERS_QUERY_KEY } from "@/lib/get-transfers";

export interface TransferTokensInput {
  toUserId: string;
  amount: string;
  description: string;
  idempotencyKey: string;
}

/** POST /api/tokens/transfer {toUserId, amount, description} → 201 Transfer. */
export function transferTokens({ idempotencyKey, ...body }: TransferTokensInput): Promise<Transfer> {
  return postWithIdempotencyKey<Transfer>("/api/tokens/transfer", body, idempotencyKey);
}

export function useTransferTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferTokens,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: TOKEN_BALANCE_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: TRANSFERS_QUERY_KEY }),
      ]),
  });
}
