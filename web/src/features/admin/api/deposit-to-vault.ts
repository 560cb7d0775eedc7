import type { AdminStats } from "@loop/rules/schemas/admin";
import { keyedPost } from "@/lib/idempotent-post";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { ADMIN_STATS_QUERY_KEY } from "./get-admin-stats";

export interface DepositToVaultInput {
  /** LOOP, a decimal string with at most 8 decimals. */
  amount: string;
  idempotencyKey: string;
}

/** POST /api/admin/vault/deposit {amount} (Idempotency-Key) → the admin stats after the deposit. */
export const depositToVault = keyedPost<DepositToVaultInput, AdminStats>("/api/admin/vault/deposit");

export function useDepositToVault() {
  return useInvalidatingMutation({
    mutationFn: depositToVault,
    answerIsDataOf: ADMIN_STATS_QUERY_KEY,
    invalidatesOnSettled: [ADMIN_QUERY_KEY],
  });
}
