/** GET /api/config: chains with RPC URLs, default chain, WalletConnect project id, OIDC account page, platform settings. */
import type { ClientConfig } from "@loop/rules/chains";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "./json-query";

export const clientConfigQueryOptions = jsonQueryOptions<ClientConfig>(["/api/config"], "/api/config");

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions);
}
