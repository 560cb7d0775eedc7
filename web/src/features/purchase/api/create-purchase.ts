import type { DeliveryFormat } from "@loop/rules/schemas/downloads";
import type { DirectPaymentMethod, Purchase } from "@loop/rules/schemas/purchases";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { TRANSFERS_QUERY_KEY } from "@/lib/get-transfers";
import { postWithIdempotencyKey } from "@/lib/idempotent-post";
import { LOOPS_QUERY_KEY } from "@/lib/query-keys";

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
export function createPurchase({ idempotencyKey, ...body }: CreatePurchaseInput): Promise<Purchase> {
  return postWithIdempotencyKey<Purchase>("/api/purchases", body, idempotencyKey);
}

/** The mutation key of a loop's purchase: the dialog asks `useIsMutating` whether one is under way. */
export const purchaseMutationKey = (loopId: string) => ["purchases", loopId] as const;

/**
 * Buying moves LOOP and changes what the viewer owns: afterwards the loop lists (the card turns to
 * Download), the balance and the transfers are fetched again, whatever the answer was (a refusal
 * such as 'Insufficient Balance' also means the shown balance was stale).
 */
export function useCreatePurchase(loopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: purchaseMutationKey(loopId),
    mutationFn: createPurchase,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: LOOPS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: TOKEN_BALANCE_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: TRANSFERS_QUERY_KEY });
    },
  });
}
