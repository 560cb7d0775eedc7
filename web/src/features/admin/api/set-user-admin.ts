import type { AdminUser } from "@loop/rules/schemas/admin-users";
import { apiJson } from "@/lib/api-client";
import { USER_QUERY_KEY } from "@/lib/auth";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

export interface SetUserAdminInput {
  userId: string;
  isAdmin: boolean;
}

/** PUT /api/admin/users/:id/admin {isAdmin} → the user (409 when removing the last admin). */
export function setUserAdmin({ userId, isAdmin }: SetUserAdminInput): Promise<AdminUser> {
  return apiJson<AdminUser>("PUT", `/api/admin/users/${encodeURIComponent(userId)}/admin`, { isAdmin });
}

export function useSetUserAdmin() {
  return useInvalidatingMutation({
    mutationFn: setUserAdmin,
    // Users list and counts; the signed-in admin's own flag when they changed themselves.
    invalidatesOnSettled: [ADMIN_QUERY_KEY, USER_QUERY_KEY],
  });
}
