import type { BanRequestInput } from "@loop/rules/schemas/admin-users";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { userSettingCall } from "./admin-setting-call";

/** PUT /api/admin/users/:id/ban {isBanned, banReason} → the user; the reason is required to ban (trimmed, not blank), ignored to unban. */
export const setUserBan = userSettingCall<BanRequestInput>("ban");

export function useSetUserBan() {
  return useInvalidatingMutation({
    mutationFn: setUserBan,
    invalidatesOnSettled: [ADMIN_QUERY_KEY],
  });
}
