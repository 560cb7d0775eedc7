import type { AdminLoopList } from "@loop/rules/schemas/admin-loops";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson, withSearchParams } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const ADMIN_LOOPS_QUERY_KEY = [...ADMIN_QUERY_KEY, "loops"] as const;

export interface AdminLoopsParams {
  search: string;
  limit: number;
  offset: number;
}

/** GET /api/admin/loops?search=&limit=&offset= (search: title or creator), every status. */
export function getAdminLoops(params: AdminLoopsParams, signal?: AbortSignal): Promise<AdminLoopList> {
  return apiJson<AdminLoopList>("GET", withSearchParams("/api/admin/loops", { ...params }), undefined, { signal });
}

export const adminLoopsQueryOptions = (params: AdminLoopsParams) =>
  queryOptions({
    queryKey: [...ADMIN_LOOPS_QUERY_KEY, params] as const,
    queryFn: ({ signal }) => getAdminLoops(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdminLoops(params: AdminLoopsParams) {
  return useQuery(adminLoopsQueryOptions(params));
}
