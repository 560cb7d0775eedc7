import type { AdminStats } from "@loop/rules/schemas/admin";
import { useQueryClient } from "@tanstack/react-query";
import { postWithIdempotencyKey } from "@/lib/idempotent-post";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { ADMIN_STATS_QUERY_KEY } from "./get-admin-stats";

export interface DepositToVaultInput {
  /** LOOP, a decimal string with at most 8 decimals. */
  amount: string;
  idempotencyKey: string;
}

/** POST /api/admin/vault/deposit {amount} (Idempotency-Key) → the admin stats after the deposit. */
export function depositToVault({ amount, idempotencyKey }: DepositToVaultInput): Promise<AdminStats> {
  return postWithIdempotencyKey<AdminStats>("/api/admin/vault/deposit", { amount }, idempotencyKey);
}

export function useDepositToVault() {
  const queryClient = useQueryClient();
  return useInvalidatingMutation({
    mutationFn: depositToVault,
    onSuccess: (stats) => queryClient.setQueryData(ADMIN_STATS_QUERY_KEY, stats),
    invalidatesOnSettled: [ADMIN_QUERY_KEY],
  });
}
