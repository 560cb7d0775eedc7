import type { PaymentMethod, TokenOrder } from "@loop/rules/schemas/token-orders";
import { postWithIdempotencyKey } from "@/lib/idempotent-post";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { TOKEN_ORDERS_QUERY_KEY } from "./get-token-orders";

export interface CreateTokenOrderInput {
  requestedAmount: string;
  paymentMethod: PaymentMethod;
  paymentDetails: string;
  message?: string;
  /** USD, 2 decimals: requestedAmount / 500 rounded half-up (the server recomputes and checks it). */
  usdAmount: string;
  idempotencyKey: string;
}

/** POST /api/admin-orders → 201 TokenOrder: asks an admin to sell the viewer LOOP. */
export function createTokenOrder({ idempotencyKey, ...body }: CreateTokenOrderInput): Promise<TokenOrder> {
  return postWithIdempotencyKey<TokenOrder>("/api/admin-orders", body, idempotencyKey);
}

export function useCreateTokenOrder() {
  return useInvalidatingMutation({
    mutationFn: createTokenOrder,
    invalidatesOnSettled: [TOKEN_ORDERS_QUERY_KEY],
  });
}
