import type { AdminUser } from "@loop/rules/schemas/admin-users";
import { apiJson } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

export interface SetUserBanInput {
  userId: string;
  isBanned: boolean;
  /** Required to ban (trimmed, not blank); ignored to unban. */
  banReason: string | null;
}

/** PUT /api/admin/users/:id/ban {isBanned, banReason} → the user. */
export function setUserBan({ userId, isBanned, banReason }: SetUserBanInput): Promise<AdminUser> {
  return apiJson<AdminUser>("PUT", `/api/admin/users/${encodeURIComponent(userId)}/ban`, { isBanned, banReason });
}

export function useSetUserBan() {
  return useInvalidatingMutation({
    mutationFn: setUserBan,
    invalidatesOnSettled: [ADMIN_QUERY_KEY],
  });
}
