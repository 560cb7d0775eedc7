import type { WithdrawalSuspensionRequest } from "@loop/rules/schemas/admin-users";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { userSettingCall } from "./admin-setting-call";

/** PUT /api/admin/users/:id/withdrawals {suspended} → the user; `suspended: false` lifts the suspension a second chargeback set. */
export const setUserWithdrawals = userSettingCall<WithdrawalSuspensionRequest>("withdrawals");

export function useSetUserWithdrawals() {
  return useInvalidatingMutation({
    mutationFn: setUserWithdrawals,
    invalidatesOnSettled: [ADMIN_QUERY_KEY],
  });
}
