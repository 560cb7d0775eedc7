import type { DeliveryFormat } from "@loop/rules/schemas/downloads";
import type { Negotiation } from "@loop/rules/schemas/negotiations";
import { jsonCall } from "@/lib/api-client";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { NEGOTIATIONS_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

export interface CreateNegotiationInput {
  loopId: string;
  format: DeliveryFormat;
  /** USD with 2 decimals, e.g. "12.50". */
  offerAmount: string;
  message?: string;
}

/**
 * POST /api/negotiations {loopId, format, offerAmount, message?} → 201 Negotiation. No
 * Idempotency-Key: the server allows one open offer per buyer and loop, so a repeat is a 409.
 */
export const createNegotiation = jsonCall<CreateNegotiationInput, Negotiation>("POST", "/api/negotiations");

/**
 * Making an offer holds LOOP: afterwards the offer lists and the balance are fetched again, whatever
 * the answer (a refusal such as 'Insufficient Balance' also means the shown balance was stale).
 */
export function useCreateNegotiation() {
  return useInvalidatingMutation({
    mutationFn: createNegotiation,
    invalidatesOnSettled: [NEGOTIATIONS_QUERY_KEY, TOKEN_BALANCE_QUERY_KEY],
  });
}
