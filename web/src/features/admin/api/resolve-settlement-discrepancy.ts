import type {
  ResolveDiscrepancyRequest,
  SettlementDiscrepancy,
  SettlementDiscrepancyList,
} from "@loop/rules/schemas/settlement-discrepancies";
import { useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { AUDIT_LOG_QUERY_KEY } from "./get-audit-log";
import { SETTLEMENT_DISCREPANCIES_QUERY_KEY } from "./get-settlement-discrepancies";

export interface ResolveSettlementDiscrepancyInput extends ResolveDiscrepancyRequest {
  discrepancyId: string;
}

/** POST /api/admin/settlement-discrepancies/:id/resolve {resolution} → the discrepancy, resolved. */
export function resolveSettlementDiscrepancy({
  discrepancyId,
  resolution,
}: ResolveSettlementDiscrepancyInput): Promise<SettlementDiscrepancy> {
  const body: ResolveDiscrepancyRequest = { resolution };
  return apiJson<SettlementDiscrepancy>("POST", `/api/admin/settlement-discrepancies/${encodeURIComponent(discrepancyId)}/resolve`, body);
}

export function useResolveSettlementDiscrepancy() {
  const queryClient = useQueryClient();
  return useInvalidatingMutation({
    mutationFn: resolveSettlementDiscrepancy,
    // The list shows open ones only: the resolved one leaves it at once.
    onSuccess: (resolved) =>
      queryClient.setQueryData<SettlementDiscrepancyList>(SETTLEMENT_DISCREPANCIES_QUERY_KEY, (list) =>
        list ? { discrepancies: list.discrepancies.filter((discrepancy) => discrepancy.id !== resolved.id) } : list,
      ),
    // The list whatever the answer (a 404 or a 409 means another admin got there first) and the audit log.
    invalidatesOnSettled: [SETTLEMENT_DISCREPANCIES_QUERY_KEY, AUDIT_LOG_QUERY_KEY],
  });
}
