import type { TokenOrder, TokenOrderRequestInput } from "@loop/rules/schemas/token-orders";
import { type Keyed, keyedPost } from "@/lib/idempotent-post";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { TOKEN_ORDERS_QUERY_KEY } from "./get-token-orders";

/** The order with its price: usdAmount in USD, 2 decimals, requestedAmount / 500 rounded half-up (the server recomputes and checks it). */
export type CreateTokenOrderInput = Keyed<TokenOrderRequestInput & { usdAmount: string }>;

/** POST /api/admin-orders → 201 TokenOrder: asks an admin to sell the viewer LOOP. */
export const createTokenOrder = keyedPost<CreateTokenOrderInput, TokenOrder>("/api/admin-orders");

export function useCreateTokenOrder() {
  return useInvalidatingMutation({
    mutationFn: createTokenOrder,
    invalidatesOnSettled: [TOKEN_ORDERS_QUERY_KEY],
  });
}
