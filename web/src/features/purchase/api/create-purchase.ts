import type { DeliveryFormat } from "@loop/rules/schemas/downloads";
import type { DirectPaymentMethod, Purchase } from "@loop/rules/schemas/purchases";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { TRANSFERS_QUERY_KEY } from "@/lib/get-transfers";
import { keyedPost } from "@/lib/idempotent-post";
import { usePurchaseMutation } from "./purchase-mutation";

export interface CreatePurchaseInput {
  loopId: string;
  format: DeliveryFormat;
  paymentMethod: DirectPaymentMethod;
  /** USD, the total the page showed ("5.09"). */
  expectedTotal?: string;
  idempotencyKey: string;
}

/**
 * POST /api/purchases {loopId, format, paymentMethod, expectedTotal} with an Idempotency-Key → 201
 * Purchase (the server computes every amount; a total that is not its own is refused 'Price Changed'). Refusals come back as ApiError with `{message}`.
 */
export const createPurchase = keyedPost<CreatePurchaseInput, Purchase>("/api/purchases");

/**
 * Buying moves LOOP and changes what the viewer owns: afterwards the loop lists (the card turns to
 * Download), the balance and the transfers are fetched again, whatever the answer was (a refusal
 * such as 'Insufficient Balance' also means the shown balance was stale).
 */
export function useCreatePurchase(loopId: string) {
  return usePurchaseMutation(loopId, createPurchase, [TOKEN_BALANCE_QUERY_KEY, TRANSFERS_QUERY_KEY]);
}
