import type { VaultBacking } from "@loop/rules/schemas/vault-backing";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const VAULT_BACKING_QUERY_KEY = [...ADMIN_QUERY_KEY, "vault", "backing"] as const;

/** GET /api/admin/vault/backing: members' LOOP against the vault reserves of every chain, and the causes of any difference. */
export const vaultBackingQueryOptions = jsonQueryOptions<VaultBacking>(VAULT_BACKING_QUERY_KEY, "/api/admin/vault/backing", {
  staleTime: 0,
});

export function useVaultBacking() {
  return useQuery(vaultBackingQueryOptions);
}
