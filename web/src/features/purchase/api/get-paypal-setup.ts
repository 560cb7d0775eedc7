import type { PaypalSetup } from "@loop/rules/schemas/fiat-payments";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/** GET /paypal/setup (signed in; not under /api): whether PayPal is configured and the JS SDK's client id. */
export function getPaypalSetup(): Promise<PaypalSetup> {
  return apiJson<PaypalSetup>("GET", "/paypal/setup");
}

export const paypalSetupQueryOptions = queryOptions({
  queryKey: ["/paypal/setup"] as const,
  queryFn: getPaypalSetup,
});

/** Only asked once the PayPal tab is opened and /api/config says PayPal is configured. */
export function usePaypalSetup(enabled: boolean) {
  return useQuery({ ...paypalSetupQueryOptions, enabled });
}
