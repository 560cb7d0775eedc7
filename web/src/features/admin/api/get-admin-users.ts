import type { AdminUserList } from "@loop/rules/schemas/admin-users";
import { useQuery } from "@tanstack/react-query";
import { pagedQueryOptions, type SearchPageParams } from "@/lib/json-query";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const ADMIN_USERS_QUERY_KEY = [...ADMIN_QUERY_KEY, "users"] as const;

/** GET /api/admin/users?search=&limit=&offset= (search: username, e-mail or wallet). */
export const adminUsersQueryOptions = (params: SearchPageParams) =>
  pagedQueryOptions<AdminUserList>(ADMIN_USERS_QUERY_KEY, "/api/admin/users", params);

export function useAdminUsers(params: SearchPageParams) {
  return useQuery(adminUsersQueryOptions(params));
}
