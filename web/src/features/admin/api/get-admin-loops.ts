import type { AdminLoopList } from "@loop/rules/schemas/admin-loops";
import { useQuery } from "@tanstack/react-query";
import { pagedQueryOptions, type SearchPageParams } from "@/lib/json-query";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const ADMIN_LOOPS_QUERY_KEY = [...ADMIN_QUERY_KEY, "loops"] as const;

/** GET /api/admin/loops?search=&limit=&offset= (search: title or creator), every status. */
export const adminLoopsQueryOptions = (params: SearchPageParams) =>
  pagedQueryOptions<AdminLoopList>(ADMIN_LOOPS_QUERY_KEY, "/api/admin/loops", params);

export function useAdminLoops(params: SearchPageParams) {
  return useQuery(adminLoopsQueryOptions(params));
}
