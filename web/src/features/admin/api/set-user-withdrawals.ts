import type { AdminUser } from "@loop/rules/schemas/admin-users";
import { apiJson } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

export interface SetUserWithdrawalsInput {
  userId: string;
  /** false lifts the suspension a second chargeback set. */
  suspended: boolean;
}

/** PUT /api/admin/users/:id/withdrawals {suspended} → the user. */
export function setUserWithdrawals({ userId, suspended }: SetUserWithdrawalsInput): Promise<AdminUser> {
  return apiJson<AdminUser>("PUT", `/api/admin/users/${encodeURIComponent(userId)}/withdrawals`, { suspended });
}

export function useSetUserWithdrawals() {
  return useInvalidatingMutation({
    mutationFn: setUserWithdrawals,
    invalidatesOnSettled: [ADMIN_QUERY_KEY],
  });
}
