import type { SetAdminRequest } from "@loop/rules/schemas/admin-users";
import { USER_QUERY_KEY } from "@/lib/auth";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { userSettingCall } from "./admin-setting-call";

/** PUT /api/admin/users/:id/admin {isAdmin} → the user (409 when removing the last admin). */
export const setUserAdmin = userSettingCall<SetAdminRequest>("admin");

export function useSetUserAdmin() {
  return useInvalidatingMutation({
    mutationFn: setUserAdmin,
    // Users list and counts; the signed-in admin's own flag when they changed themselves.
    invalidatesOnSettled: [ADMIN_QUERY_KEY, USER_QUERY_KEY],
  });
}
