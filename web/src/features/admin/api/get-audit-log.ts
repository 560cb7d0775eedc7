import type { AuditLog } from "@loop/rules/schemas/audit-log";
import { useQuery } from "@tanstack/react-query";
import { type PageParams, pagedQueryOptions } from "@/lib/json-query";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const AUDIT_LOG_QUERY_KEY = [...ADMIN_QUERY_KEY, "audit-log"] as const;

/** GET /api/admin/audit-log?limit=&offset=: admin actions, newest first. */
export const auditLogQueryOptions = (params: PageParams) =>
  pagedQueryOptions<AuditLog>(AUDIT_LOG_QUERY_KEY, "/api/admin/audit-log", params);

export function useAuditLog(params: PageParams) {
  return useQuery(auditLogQueryOptions(params));
}
