import type { Transfer } from "@loop/rules/schemas/tokens";
import { postWithIdempotencyKey } from "@/lib/idempotent-post";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { TRANSFERS_QUERY_KEY } from "@/lib/get-transfers";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

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
  return useInvalidatingMutation({
    mutationFn: transferTokens,
    invalidatesOnSettled: [TOKEN_BALANCE_QUERY_KEY, TRANSFERS_QUERY_KEY],
  });
}
