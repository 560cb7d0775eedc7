/** GET /api/config: chains with RPC URLs, default chain, WalletConnect project id, OIDC account page, platform settings. */
import type { ClientConfig } from "@loop/rules/chains";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "./api-client";

export const clientConfigQueryOptions = queryOptions({
  queryKey: ["/api/config"] as const,
  queryFn: getQueryFn<ClientConfig>({ on401: "throw" }),
});

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions);
}
