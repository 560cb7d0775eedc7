/** GET /api/config: chains with RPC URLs, default chain, WalletConnect project id, OIDC account page, platform settings. */
import type { ClientConfig } from "@loop/rules/chains";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "./api-client";

export function getClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return apiJson<ClientConfig>("GET", "/api/config", undefined, { signal });
}

export const clientConfigQueryOptions = queryOptions({
  queryKey: ["/api/config"] as const,
  queryFn: ({ signal }) => getClientConfig(signal),
});

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions);
}
