import type { SettlementDiscrepancyList } from "@loop/rules/schemas/settlement-discrepancies";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const SETTLEMENT_DISCREPANCIES_QUERY_KEY = [...ADMIN_QUERY_KEY, "settlement-discrepancies"] as const;

/** GET /api/admin/settlement-discrepancies: chain events the app could not record as it should, the open ones, oldest first. */
export const settlementDiscrepanciesQueryOptions = jsonQueryOptions<SettlementDiscrepancyList>(
  SETTLEMENT_DISCREPANCIES_QUERY_KEY,
  "/api/admin/settlement-discrepancies",
  { staleTime: 0 },
);

export function useSettlementDiscrepancies() {
  return useQuery(settlementDiscrepanciesQueryOptions);
}
