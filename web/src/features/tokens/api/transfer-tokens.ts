import type { Transfer, TransferRequestInput } from "@loop/rules/schemas/tokens";
import { type Keyed, keyedPost } from "@/lib/idempotent-post";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { TRANSFERS_QUERY_KEY } from "@/lib/get-transfers";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

export type TransferTokensInput = Keyed<TransferRequestInput>;

/** POST /api/tokens/transfer {toUserId, amount, description} → 201 Transfer. */
export const transferTokens = keyedPost<TransferTokensInput, Transfer>("/api/tokens/transfer");

export function useTransferTokens() {
  return useInvalidatingMutation({
    mutationFn: transferTokens,
    invalidatesOnSettled: [TOKEN_BALANCE_QUERY_KEY, TRANSFERS_QUERY_KEY],
  });
}
