import type { AdminUser, SaleHoldRequest } from "@loop/rules/schemas/admin-users";
import { apiJson } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

export type SetUserSaleHoldInput = SaleHoldRequest & { userId: string };

/** PATCH /api/admin/users/:id/sale-hold {approved?, holdDays?} → the user, with the hold their next sale gets. */
export function setUserSaleHold({ userId, ...body }: SetUserSaleHoldInput): Promise<AdminUser> {
  return apiJson<AdminUser>("PATCH", `/api/admin/users/${encodeURIComponent(userId)}/sale-hold`, body);
}

export function useSetUserSaleHold() {
  return useInvalidatingMutation({
    mutationFn: setUserSaleHold,
    invalidatesOnSettled: [ADMIN_QUERY_KEY],
  });
}
