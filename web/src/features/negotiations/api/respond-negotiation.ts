import type { Negotiation, NegotiationAction } from "@loop/rules/schemas/negotiations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { TRANSFERS_QUERY_KEY } from "@/lib/get-transfers";
import { LOOPS_QUERY_KEY, NEGOTIATIONS_QUERY_KEY } from "@/lib/query-keys";

export interface RespondNegotiationInput {
  id: string;
  action: NegotiationAction;
  /** USD with 2 decimals; only with "counter". */
  counterOffer?: string;
  message?: string;
  /** The offer's version as listed: the server refuses with 409 if it changed since. */
  version: number;
}

/** PUT /api/negotiations/:id/respond {action, counterOffer?, message?, version} → 200 Negotiation. */
export function respondNegotiation({ id, ...body }: RespondNegotiationInput): Promise<Negotiation> {
  return apiJson<Negotiation>("PUT", `/api/negotiations/${encodeURIComponent(id)}/respond`, body);
}

/**
 * Every answer changes the lists, and may move or release held LOOP, so the offers and the balance
 * are fetched again whatever the answer (a 409 means the shown offer was stale). An accept completes
 * a sale: the loop lists (the buyer's card turns to Download) and the transfers change too.
 */
export function useRespondNegotiation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondNegotiation,
    onSettled: (_data, _error, input) => {
      const keys: (readonly unknown[])[] = [NEGOTIATIONS_QUERY_KEY, TOKEN_BALANCE_QUERY_KEY];
      if (input.action === "accept") keys.push(LOOPS_QUERY_KEY, TRANSFERS_QUERY_KEY);
      return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
