import type { AdminUserList } from "@loop/rules/schemas/admin-users";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson, withSearchParams } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const ADMIN_USERS_QUERY_KEY = [...ADMIN_QUERY_KEY, "users"] as const;

export interface AdminUsersParams {
  search: string;
  limit: number;
  offset: number;
}

/** GET /api/admin/users?search=&limit=&offset= (search: username, e-mail or wallet). */
export function getAdminUsers(params: AdminUsersParams, signal?: AbortSignal): Promise<AdminUserList> {
  return apiJson<AdminUserList>("GET", withSearchParams("/api/admin/users", { ...params }), undefined, { signal });
}

/** The search text is part of the key (docs/product.md#api). */
export const adminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: [...ADMIN_USERS_QUERY_KEY, params] as const,
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery(adminUsersQueryOptions(params));
}
