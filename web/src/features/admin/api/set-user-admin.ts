import type { AdminUser } from "@loop/rules/schemas/admin-users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { USER_QUERY_KEY } from "@/lib/auth";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export interface SetUserAdminInput {
  userId: string;
  isAdmin: boolean;
}

/** PUT /api/admin/users/:id/admin {isAdmin} → the user (409 when removing the last admin). */
export function setUserAdmin({ userId, isAdmin }: SetUserAdminInput): Promise<AdminUser> {
  return apiJson<AdminUser>("PUT", `/api/admin/users/${encodeURIComponent(userId)}/admin`, { isAdmin });
}

export function useSetUserAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserAdmin,
    // Users list and counts; the signed-in admin's own flag when they changed themselves.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
      ]),
  });
}
