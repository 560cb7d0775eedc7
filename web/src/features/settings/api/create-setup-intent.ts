import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

export interface SetupIntentResponse {
  client_secret: string;
}

/** POST /api/stripe/setup-intent: a SetupIntent for the viewer's Stripe customer; Stripe.js confirms it with the card. */
export function createSetupIntent(): Promise<SetupIntentResponse> {
  return apiJson<SetupIntentResponse>("POST", "/api/stripe/setup-intent");
}

// No invalidation: a SetupIntent saves nothing until the card is confirmed and POSTed to /api/payment-methods.
export function useCreateSetupIntent() {
  return useMutation({ mutationFn: createSetupIntent });
}
