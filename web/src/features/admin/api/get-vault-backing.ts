import type { VaultBacking } from "@loop/rules/schemas/vault-backing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/admin/vault/backing (the key joins to that path). */
export const VAULT_BACKING_QUERY_KEY = [...ADMIN_QUERY_KEY, "vault", "backing"] as const;

export const vaultBackingQueryOptions = queryOptions({
  queryKey: VAULT_BACKING_QUERY_KEY,
  queryFn: getQueryFn<VaultBacking>({ on401: "throw" }),
  staleTime: 0,
});

export function useVaultBacking() {
  return useQuery(vaultBackingQueryOptions);
}
