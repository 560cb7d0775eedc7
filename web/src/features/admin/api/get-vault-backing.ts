import type { VaultBacking } from "@loop/rules/schemas/vault-backing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const VAULT_BACKING_QUERY_KEY = [...ADMIN_QUERY_KEY, "vault", "backing"] as const;

/** GET /api/admin/vault/backing: members' LOOP against the vault reserves of every chain, and the causes of any difference. */
export function getVaultBacking(signal?: AbortSignal): Promise<VaultBacking> {
  return apiJson<VaultBacking>("GET", "/api/admin/vault/backing", undefined, { signal });
}

export const vaultBackingQueryOptions = queryOptions({
  queryKey: VAULT_BACKING_QUERY_KEY,
  queryFn: ({ signal }) => getVaultBacking(signal),
  staleTime: 0,
});

export function useVaultBacking() {
  return useQuery(vaultBackingQueryOptions);
}
