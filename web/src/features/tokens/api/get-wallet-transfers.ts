import { type WalletTransferList, walletTransferListSchema } from "@loop/rules/schemas/tokens";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/** Prefix of every wallet-transfers query (invalidate with this). */
export const WALLET_TRANSFERS_QUERY_KEY = ["/api/tokens/wallet-transfers"] as const;

/** How many transfers the Token page lists (the API allows 1..200). */
export const WALLET_TRANSFERS_LIMIT = 50;

/** GET /api/tokens/wallet-transfers?limit=…: the linked wallet's on-chain LOOP transfers, newest first. */
export async function getWalletTransfers(limit: number = WALLET_TRANSFERS_LIMIT, signal?: AbortSignal): Promise<WalletTransferList> {
  return walletTransferListSchema.parse(
    await apiJson<unknown>("GET", `/api/tokens/wallet-transfers?limit=${limit}`, undefined, { signal }),
  );
}

export function walletTransfersQueryOptions(limit: number = WALLET_TRANSFERS_LIMIT) {
  return queryOptions({
    queryKey: [...WALLET_TRANSFERS_QUERY_KEY, { limit }] as const,
    queryFn: ({ signal }) => getWalletTransfers(limit, signal),
    // Fetched on entry to the token page, like the in-app histories.
    staleTime: 0,
  });
}

export function useWalletTransfers(limit: number = WALLET_TRANSFERS_LIMIT) {
  return useQuery(walletTransfersQueryOptions(limit));
}
