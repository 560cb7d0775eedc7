import type { CurrentUser } from "@loop/rules/api-types";
import { paths } from "@loop/rules/paths";
import type { WalletTransfer, WalletTransferKind } from "@loop/rules/schemas/tokens";
import { parseDecimal, TOKEN_DECIMALS } from "@loop/rules/units";
import { ArrowDownLeft, ArrowDownToLine, ArrowUpRight, Link2, Wallet } from "lucide-react";
import { useState } from "react";
import { CopyAddressButton } from "@/components/copy-address-button";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime, formatWalletLoop, shortAddress } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useMarketplaceChain } from "@/lib/wallet/marketplace-chain";
import type { HexAddress } from "@/lib/wallet/types";
import { useWalletLoopBalance } from "@/lib/wallet/wallet-loop-balance";
import { useWalletTransfers } from "../api/get-wallet-transfers";
import { type DepositChain, DepositDialog } from "./deposit-dialog";
import { LinkButton } from "@/components/ui/link-button";

export const NO_WALLET_TRANSFERS = "No on-chain LOOP transfers yet";
export const NO_LINKED_WALLET = "No wallet is linked to your account.";

export const KIND_LABELS: Record<WalletTransferKind, { label: string; variant: BadgeProps["variant"] }> = {
  deposit: { label: "Deposit", variant: "highlight" },
  payout: { label: "Payout", variant: "success" },
  marketplace: { label: "Marketplace", variant: "accent" },
  mint: { label: "Mint", variant: "warning" },
  transfer: { label: "Transfer", variant: "default" },
};

/** What the row says about the movement (the counterparty is shown beside it). */
function describe(transfer: WalletTransfer): string {
  const incoming = transfer.direction === "in";
  switch (transfer.kind) {
    case "deposit":
      return incoming ? "Returned by the LOOP vault" : "Deposited into your in-app balance";
    case "payout":
      return incoming ? "Withdrawal paid out to your wallet" : "Sent to the LOOP vault";
    case "marketplace":
      return incoming ? "Received from the marketplace" : "Paid to the marketplace";
    case "mint":
      return "Newly minted LOOP";
    case "transfer":
      return incoming ? "Received" : "Sent";
  }
}

/** The default chain with both contracts the deposit needs, or null when LOOP is not deployed there. */
function useDepositChain(): { chain: DepositChain | null; chainName: string | null; loading: boolean } {
  const { chain, entry, loading } = useMarketplaceChain();
  return {
    chain: chain && { id: chain.id, name: chain.name, token: chain.token, vault: chain.vault },
    chainName: entry?.name ?? null,
    loading,
  };
}

function amountText(transfer: WalletTransfer): string {
  const wei = parseDecimal(transfer.amount, TOKEN_DECIMALS);
  return wei === null ? transfer.amount : formatWalletLoop(wei);
}

function WalletTransferRow({ transfer }: { transfer: WalletTransfer }) {
  const incoming = transfer.direction === "in";
  const badge = KIND_LABELS[transfer.kind];
  return (
    <li className="flex items-start gap-3 rounded-lg border border-border bg-surface/50 px-3 py-2.5" data-testid="wallet-transfer">
      <span
        className={cn(
          "mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full",
          incoming ? "bg-success/15 text-emerald-300" : "bg-destructive/15 text-rose-300",
        )}
      >
        {incoming ? <ArrowDownLeft className="size-4" aria-label="Received" /> : <ArrowUpRight className="size-4" aria-label="Sent" />}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={badge.variant}>{badge.label}</Badge>
          <span className="truncate text-sm">{describe(transfer)}</span>
        </div>
        <p className="mt-0.5 truncate text-xs text-muted-foreground">
          <span title={transfer.counterparty}>
            {incoming ? "From" : "To"} {shortAddress(transfer.counterparty)}
          </span>
          {" · "}
          <time dateTime={transfer.createdAt}>{formatDateTime(transfer.createdAt)}</time>
          {` · Block ${transfer.blockNumber}`}
        </p>
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <span>Tx</span>
          <code className="font-mono" title={transfer.transactionHash}>
            {shortAddress(transfer.transactionHash)}
          </code>
          <CopyAddressButton address={transfer.transactionHash} label="Copy transaction hash" className="size-6" />
        </p>
      </div>
      <p className={cn("shrink-0 text-right font-mono text-sm font-semibold", incoming ? "text-emerald-300" : "text-rose-300")}>
        {incoming ? "+" : "-"}
        {amountText(transfer)} LOOP
      </p>
    </li>
  );
}

function LinkedWalletBalance({ address, chain }: { address: HexAddress; chain: DepositChain | null }) {
  const balance = useWalletLoopBalance({ chainId: chain?.id, token: chain?.token, owner: address });
  return (
    <div className="grid gap-1 rounded-lg border border-border bg-surface/60 px-4 py-3">
      <div className="flex min-w-0 items-center gap-2 text-sm">
        <span className="shrink-0 text-muted-foreground">Linked wallet</span>
        <code className="min-w-0 flex-1 truncate font-mono text-xs" title={address} data-testid="wallet-loop-address">
          {shortAddress(address)}
        </code>
        <CopyAddressButton address={address} label="Copy wallet address" />
      </div>
      {!chain ? (
        <p className="text-sm text-muted-foreground">LOOP is not deployed on this network.</p>
      ) : balance.isPending ? (
        <div role="status" aria-label="Loading wallet balance">
          <Skeleton className="h-8 w-48" />
        </div>
      ) : balance.isError ? (
        <LoadError message={`The wallet balance could not be read from ${chain.name}.`} onRetry={() => void balance.refetch()} />
      ) : (
        <p className="font-display text-2xl font-bold tracking-tight break-all" data-testid="wallet-loop-balance">
          {formatWalletLoop(balance.data)} <span className="text-base font-semibold text-violet-200">LOOP</span>
        </p>
      )}
    </div>
  );
}

/**
 * Wallet LOOP (docs/product.md#deposits): the linked wallet's on-chain LOOP on the app's default chain, a Deposit
 * into the vault (credits the in-app balance) and the wallet's indexed LOOP transfers.
 */
export function WalletLoopCard({ user }: { user: Pick<CurrentUser, "id"> }) {
  const [depositOpen, setDepositOpen] = useState(false);
  const transfers = useWalletTransfers();
  const { chain, chainName, loading: chainLoading } = useDepositChain();
  const linked = (transfers.data?.address ?? null) as HexAddress | null;

  return (
    <Card aria-labelledby="wallet-loop-title" className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id="wallet-loop-title" className="flex items-center gap-2 font-semibold">
            <Wallet className="size-5 text-primary" aria-hidden />
            Wallet LOOP
          </h3>
          <p className="mt-0.5 text-xs text-muted-foreground">
            LOOP in your own wallet{chainName ? ` on ${chainName}` : ""}. Deposit it to use it in the app.
          </p>
        </div>
        <Button
          size="sm"
          onClick={() => setDepositOpen(true)}
          disabled={!chain}
          title={!chain && !chainLoading ? "LOOP is not deployed on this network" : undefined}
        >
          <ArrowDownToLine aria-hidden />
          Deposit
        </Button>
      </div>
      {chain ? (
        <DepositDialog open={depositOpen} onOpenChange={setDepositOpen} userId={user.id} chain={chain} linkedAddress={linked} />
      ) : null}

      {transfers.isPending ? (
        <div className="mt-4 grid gap-2" role="status" aria-label="Loading wallet history" data-testid="wallet-transfer-skeleton">
          <Skeleton className="h-16 w-full" />
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-14 w-full" />
          ))}
        </div>
      ) : transfers.isError ? (
        <LoadError message="Your wallet history could not be loaded." onRetry={() => void transfers.refetch()} className="mt-4" />
      ) : (
        <div className="mt-4 grid gap-4">
          {linked ? (
            <LinkedWalletBalance address={linked} chain={chain} />
          ) : (
            <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-border px-4 py-3 text-sm text-muted-foreground">
              <span className="flex-1">{NO_LINKED_WALLET} Link one to see its LOOP and on-chain history here.</span>
              <LinkButton to={paths.settings()} icon={Link2} variant="outline" size="sm">
                Link a wallet
              </LinkButton>
            </div>
          )}
          {transfers.data.transfers.length === 0 ? (
            linked ? (
              <p className="rounded-lg border border-dashed border-border py-8 text-center text-sm text-muted-foreground">
                {NO_WALLET_TRANSFERS}
              </p>
            ) : null
          ) : (
            <ul className="grid grid-cols-1 gap-2" aria-label="Wallet transfers">
              {transfers.data.transfers.map((transfer) => (
                <WalletTransferRow key={transfer.id} transfer={transfer} />
              ))}
            </ul>
          )}
        </div>
      )}
    </Card>
  );
}
