import type { SaleHoldRequest } from "@loop/rules/schemas/admin-users";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { userSettingCall } from "./admin-setting-call";

/** PATCH /api/admin/users/:id/sale-hold {approved?, holdDays?} → the user, with the hold their next sale gets. */
export const setUserSaleHold = userSettingCall<SaleHoldRequest>("sale-hold", "PATCH");

export function useSetUserSaleHold() {
  return useInvalidatingMutation({
    mutationFn: setUserSaleHold,
    invalidatesOnSettled: [ADMIN_QUERY_KEY],
  });
}
