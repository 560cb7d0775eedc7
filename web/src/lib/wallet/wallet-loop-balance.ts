/** The wallet's on-chain LOOP (LoopToken.balanceOf), shared by every page that shows wallet LOOP. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { HexAddress } from "./types";
import { loadWallet } from "./wallet-store";

/** Prefix of every on-chain LOOP balance query (invalidate with this). */
export const WALLET_LOOP_BALANCE_QUERY_KEY = ["wallet-loop-balance"] as const;

export interface WalletLoopBalanceRequest {
  chainId: number;
  token: HexAddress;
  owner: HexAddress;
}

/** LoopToken.balanceOf(owner) on `chainId` in wei, read through the lazily loaded wallet stack. */
export function walletLoopBalanceQueryOptions(request: WalletLoopBalanceRequest) {
  return queryOptions({
    queryKey: [...WALLET_LOOP_BALANCE_QUERY_KEY, request.chainId, request.token, request.owner] as const,
    queryFn: async () => (await loadWallet()).readTokenBalance(request),
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** The on-chain balance of `owner`, or an idle query while the owner or token is unknown. */
export function useWalletLoopBalance(request: Partial<WalletLoopBalanceRequest>) {
  const { chainId, token, owner } = request;
  const ready = chainId !== undefined && token !== undefined && owner !== undefined;
  return useQuery({
    ...walletLoopBalanceQueryOptions({ chainId: chainId ?? 0, token: token ?? "0x", owner: owner ?? "0x" }),
    enabled: ready,
  });
}
