import type { AuditLog } from "@loop/rules/schemas/audit-log";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson, withSearchParams } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const AUDIT_LOG_QUERY_KEY = [...ADMIN_QUERY_KEY, "audit-log"] as const;

export interface AuditLogParams {
  limit: number;
  offset: number;
}

/** GET /api/admin/audit-log?limit=&offset=: admin actions, newest first. */
export function getAuditLog(params: AuditLogParams, signal?: AbortSignal): Promise<AuditLog> {
  return apiJson<AuditLog>("GET", withSearchParams("/api/admin/audit-log", { ...params }), undefined, { signal });
}

export const auditLogQueryOptions = (params: AuditLogParams) =>
  queryOptions({
    queryKey: [...AUDIT_LOG_QUERY_KEY, params] as const,
    queryFn: ({ signal }) => getAuditLog(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAuditLog(params: AuditLogParams) {
  return useQuery(auditLogQueryOptions(params));
}
