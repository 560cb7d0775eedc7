import { Coins, RefreshCw } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { useClientConfig } from "@/lib/client-config";
import { formatWalletLoop } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { HexAddress } from "@/lib/wallet/types";
import { loadWallet } from "@/lib/wallet/wallet-store";

/**
 * The connected wallet's LOOP balance, read on chain (LoopToken.balanceOf through the lazily loaded
 * wallet stack, with the ABI of @loop/contracts and the address /api/config took from the chain's
 * deployment manifest). Nothing when the wallet's chain has no LoopToken.
 */
export function WalletBalance({ address, chainId }: { address: HexAddress; chainId: number }) {
  const config = useClientConfig();
  const token = config.data?.chains.find((chain) => chain.id === chainId)?.contracts?.token as HexAddress | undefined;
  const balance = useQuery({
    queryKey: ["wallet-balance", chainId, token, address],
    queryFn: async () => (await loadWallet()).readTokenBalance({ chainId, token: token!, owner: address }),
    enabled: Boolean(token),
    retry: false,
    refetchOnWindowFocus: false,
  });
  if (!token) return null;

  let figure: string;
  if (balance.data !== undefined) figure = `${formatWalletLoop(balance.data)} LOOP`;
  else if (balance.isError) figure = "Unavailable";
  else figure = "Loading…";

  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface/60 px-4 py-3"
      data-testid="wallet-loop-balance"
    >
      <Coins className="size-4 text-violet-300" aria-hidden />
      <span className="text-sm text-muted-foreground">LOOP balance</span>
      <span
        className="flex-1 font-mono text-sm"
        aria-live="polite"
        title={balance.isError ? "Could not read the balance from the chain" : undefined}
      >
        {figure}
      </span>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void balance.refetch()}
        disabled={balance.isFetching}
        aria-label="Refresh LOOP balance"
      >
        <RefreshCw className={cn(balance.isFetching && "animate-spin")} aria-hidden />
        Refresh
      </Button>
    </div>
  );
}
