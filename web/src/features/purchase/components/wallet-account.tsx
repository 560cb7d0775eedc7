import type { UseQueryResult } from "@tanstack/react-query";
import { LogOut, PlusCircle, RefreshCw, Wallet } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PendingButton } from "@/components/ui/pending-button";
import { formatWalletLoop, shortAddress } from "@/lib/format";
import type { MarketplaceChain } from "@/lib/wallet/marketplace-chain";
import type { HexAddress } from "@/lib/wallet/types";
import { addLoopToWallet, connectWallet, disconnectWallet } from "../lib/wallet-account";

export interface WalletAccountProps {
  chain: MarketplaceChain;
  /** The connected wallet's address; null when none is. */
  connected: HexAddress | null;
  /** The chain the wallet is on (null: unknown). */
  walletChainId: number | null;
  /** Whether the connected wallet is the account's linked one (null: the account has none). */
  isLinked: boolean | null;
  /** The wallet's LOOP on the chain, in wei. */
  balance: Pick<UseQueryResult<bigint>, "data" | "isError" | "isFetching" | "refetch">;
  /** A payment is under way: the wallet stays as it is. */
  busy: boolean;
}

/**
 * The wallet the tab pays from: Connect, or its address (linked or not) with Disconnect, a note when
 * it is on another network, its LOOP on the chain with Refresh, and "Add LOOP to wallet".
 */
export function WalletAccount({ chain, connected, walletChainId, isLinked, balance, busy }: WalletAccountProps) {
  const [connecting, setConnecting] = useState(false);
  const connect = async () => {
    setConnecting(true);
    await connectWallet();
    setConnecting(false);
  };

  if (!connected) {
    return (
      <div className="grid gap-2 rounded-lg border border-border bg-surface/60 px-3 py-3" data-testid="wallet-pay-wallet">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-muted-foreground">No wallet connected.</span>
          <PendingButton variant="outline" size="sm" pending={connecting} disabled={busy} onClick={() => void connect()} icon={Wallet}>
            Connect Wallet
          </PendingButton>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-2 rounded-lg border border-border bg-surface/60 px-3 py-3" data-testid="wallet-pay-wallet">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Wallet className="size-4 shrink-0 text-primary" aria-hidden />
        <code className="font-mono text-xs" title={connected} data-testid="wallet-pay-address">
          {shortAddress(connected)}
        </code>
        {isLinked === null ? null : isLinked ? (
          <Badge variant="success">Linked wallet</Badge>
        ) : (
          <Badge variant="warning">Not your linked wallet</Badge>
        )}
        <Button variant="ghost" size="sm" className="ml-auto" disabled={busy} onClick={() => void disconnectWallet()}>
          <LogOut aria-hidden />
          Disconnect
        </Button>
      </div>

      {walletChainId !== null && walletChainId !== chain.id ? (
        <p className="text-xs text-amber-100" data-testid="wallet-pay-network">
          Your wallet is on another network: Pay asks it to switch to {chain.name}.
        </p>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-muted-foreground">Wallet LOOP on {chain.name}</span>
        <span className="flex items-center gap-1">
          <span className="font-mono tabular-nums" data-testid="wallet-pay-balance">
            {balance.data !== undefined ? `${formatWalletLoop(balance.data)} LOOP` : balance.isError ? "unavailable" : "…"}
          </span>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Refresh wallet balance"
            title="Refresh wallet balance"
            disabled={balance.isFetching}
            onClick={() => void balance.refetch()}
          >
            <RefreshCw className={balance.isFetching ? "animate-spin" : undefined} aria-hidden />
          </Button>
        </span>
      </div>
      <div>
        <Button variant="link" size="sm" onClick={() => void addLoopToWallet(chain.token)}>
          <PlusCircle aria-hidden />
          Add LOOP to wallet
        </Button>
      </div>
    </div>
  );
}
