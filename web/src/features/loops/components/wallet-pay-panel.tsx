import { DEV_CHAIN_ID } from "@loop/rules/chains";
import { WALLET_PURCHASE_MESSAGES } from "@loop/rules/schemas/purchases";
import { ledgerUnitsToWei, TOKEN_DECIMALS } from "@loop/rules/units";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Droplets, Loader2, LogOut, PlusCircle, RefreshCw, Wallet } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ProgressNote } from "@/components/ui/progress-note";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { useClientConfig } from "@/lib/client-config";
import { formatLoop, formatWalletLoop, shortAddress } from "@/lib/format";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { TRANSFERS_QUERY_KEY } from "@/lib/get-transfers";
import { toast } from "@/lib/toast";
import { useMarketplaceChain } from "@/lib/wallet/marketplace-chain";
import type { HexAddress } from "@/lib/wallet/types";
import { connectionFailedToast, isUserRejection, WALLET_TRANSACTION_FAILED, WalletModalClosedError } from "@/lib/wallet/wallet-errors";
import { useWalletLoopBalance, WALLET_LOOP_BALANCE_QUERY_KEY } from "@/lib/wallet/wallet-loop-balance";
import { loadWallet, useWalletSnapshot } from "@/lib/wallet/wallet-store";
import { isWalletDismissal } from "@/lib/wallet/wallet-transaction";
import { LOOPS_QUERY_KEY } from "../api/get-loops";
import { purchaseMutationKey } from "../api/create-purchase";
import { purchaseApi, requestTestLoop } from "../api/wallet-purchase";
import {
  runWalletPurchase,
  WALLET_PURCHASE_STEP_LABELS,
  walletPurchaseFailureText,
  type WalletPurchaseStep,
  WRONG_WALLET_TEXT,
} from "../lib/wallet-purchase";
import { LoopAmountRow } from "./loop-amount-row";
import { PaymentFailedError, type PaymentPanelProps } from "./payment-panels";

import { LinkWalletNotice } from "./link-wallet-notice";

export const RECORD_SLOW_TEXT =
  "Your payment is confirmed on chain, but recording the purchase is taking longer than usual. The loop shows as yours as soon as it is processed.";

export const FAUCET_FAILED_FALLBACK = "Test LOOP could not be sent. Please try again.";

type Sufficiency = { state: "unknown" } | { state: "enough" } | { state: "short"; shortWei: bigint };

/**
 * Paying from the wallet (the spec's "LOOP payment dialog", docs/product.md#paying-from-a-wallet): the total in LOOP, the
 * connected wallet (Connect / Disconnect, whether it is the account's linked wallet), its LOOP with
 * Refresh and "Add LOOP to wallet", whether it covers the total, Pay, and on the local chain only
 * 'Get Test LOOP Tokens'. Pay runs quote → approve (if needed) → purchase → receipt → recorded.
 */
export function WalletPayPanel({ loop, quote, onPurchased, onFailed }: PaymentPanelProps) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  const config = useClientConfig();
  const { chain, loading: chainLoading } = useMarketplaceChain();
  const snapshot = useWalletSnapshot();
  const [step, setStep] = useState<WalletPurchaseStep | null>(null);
  const [slow, setSlow] = useState(false);
  const [connecting, setConnecting] = useState(false);

  const linked = user?.walletAddress ?? null;
  const connected = snapshot.status === "connected" && snapshot.address ? snapshot.address : null;
  const isLinked = connected !== null && linked !== null && connected.toLowerCase() === linked.toLowerCase();
  const devChain = config.data?.defaultChainId === DEV_CHAIN_ID && chain?.id === DEV_CHAIN_ID;

  const balance = useWalletLoopBalance({ chainId: chain?.id, token: chain?.token, owner: connected ?? undefined });
  const neededWei = ledgerUnitsToWei(quote.loopUnits);
  const sufficiency: Sufficiency =
    balance.data === undefined
      ? { state: "unknown" }
      : balance.data >= neededWei
        ? { state: "enough" }
        : { state: "short", shortWei: neededWei - balance.data };

  const refreshBalances = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: WALLET_LOOP_BALANCE_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: LOOPS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: TOKEN_BALANCE_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: TRANSFERS_QUERY_KEY }),
    ]);

  // The same mutation key as the in-app payment: the dialog stays open and the format locked meanwhile.
  const payment = useMutation({
    mutationKey: purchaseMutationKey(loop.id),
    mutationFn: async () => {
      const wallet = await loadWallet();
      return runWalletPurchase(wallet, purchaseApi(loop.id, quote.format), { loopId: loop.id, format: quote.format, onStep: setStep });
    },
    onSettled: () => {
      setStep(null);
      void refreshBalances();
    },
  });

  const faucet = useMutation({
    // The API answers once the mint is mined: the balance is read again right after.
    mutationFn: (address: HexAddress) => requestTestLoop(address),
    onSuccess: (grant) => {
      toast({
        title: "Test LOOP Added",
        description: `${formatLoop(grant.amount)} test LOOP sent to ${shortAddress(grant.address)}`,
        variant: "success",
      });
    },
    onError: (error) =>
      toast({ title: "Minting Failed", description: getServerMessage(error, FAUCET_FAILED_FALLBACK), variant: "destructive" }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: WALLET_LOOP_BALANCE_QUERY_KEY }),
  });

  const busy = payment.isPending;
  const wrongWallet = connected !== null && linked !== null && !isLinked;
  const canPay = chain !== null && linked !== null && !wrongWallet && !busy && sufficiency.state !== "short";

  const pay = () => {
    if (!canPay) return;
    setSlow(false);
    payment.mutate(undefined, {
      onSuccess: (outcome) => {
        if (outcome.status === "completed") onPurchased(outcome.purchase);
        else setSlow(true);
      },
      onError: (error) => {
        if (isWalletDismissal(error)) return;
        // API refusals (e.g. 'Wallet Required', 401) keep the server's answer; wallet and chain
        // failures are the spec's 'Transaction Failed' with the precise reason.
        if (errorStatus(error) !== null) onFailed(error);
        else onFailed(new PaymentFailedError(walletPurchaseFailureText(error), { cause: error, title: WALLET_TRANSACTION_FAILED }));
      },
    });
  };

  async function connect() {
    setConnecting(true);
    try {
      const wallet = await loadWallet();
      await wallet.connect({
        onError: (error, connectorId) => {
          if (!isUserRejection(error)) toast(connectionFailedToast(error, connectorId));
        },
      });
    } catch (error) {
      if (!(error instanceof WalletModalClosedError) && !isUserRejection(error)) toast(connectionFailedToast(error));
    } finally {
      setConnecting(false);
    }
  }

  async function disconnect() {
    try {
      await (await loadWallet()).disconnect();
    } catch {
      toast({ title: "Disconnection Failed", description: "Failed to disconnect your wallet. Please try again.", variant: "destructive" });
    }
  }

  async function addToken() {
    if (!chain) return;
    try {
      const added = await (await loadWallet()).watchAsset({ address: chain.token, symbol: "LOOP", decimals: TOKEN_DECIMALS });
      if (added) toast({ title: "LOOP Added", description: "Your wallet now lists LOOP.", variant: "success" });
    } catch (error) {
      if (!isUserRejection(error))
        toast({ title: "Could Not Add LOOP", description: walletPurchaseFailureText(error), variant: "destructive" });
    }
  }

  return (
    <div className="grid gap-3">
      <dl className="grid gap-1.5 text-sm">
        <LoopAmountRow loopUnits={quote.loopUnits} testId="wallet-loop-amount" />
      </dl>
      <p className="text-xs text-muted-foreground">
        500 LOOP = 1 USD. Paid on chain from your linked wallet{chain ? ` on ${chain.name}` : ""}: your wallet asks you to approve LOOP if
        needed, then to confirm the payment.
      </p>

      {!chain ? (
        <p role="status" className="rounded-lg border border-border px-3 py-2 text-sm text-muted-foreground">
          {chainLoading ? "Loading the network…" : "Wallet payments are not available on this network."}
        </p>
      ) : (
        <div className="grid gap-2 rounded-lg border border-border bg-surface/60 px-3 py-3" data-testid="wallet-pay-wallet">
          {connected ? (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Wallet className="size-4 shrink-0 text-primary" aria-hidden />
              <code className="font-mono text-xs" title={connected} data-testid="wallet-pay-address">
                {shortAddress(connected)}
              </code>
              {linked === null ? null : isLinked ? (
                <Badge variant="success">Linked wallet</Badge>
              ) : (
                <Badge variant="warning">Not your linked wallet</Badge>
              )}
              <Button variant="ghost" size="sm" className="ml-auto" disabled={busy} onClick={() => void disconnect()}>
                <LogOut aria-hidden />
                Disconnect
              </Button>
            </div>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="text-muted-foreground">No wallet connected.</span>
              <Button variant="outline" size="sm" disabled={connecting || busy} onClick={() => void connect()}>
                {connecting ? <Loader2 className="animate-spin" aria-hidden /> : <Wallet aria-hidden />}
                Connect Wallet
              </Button>
            </div>
          )}

          {connected && snapshot.chainId !== null && snapshot.chainId !== chain.id ? (
            <p className="text-xs text-amber-100" data-testid="wallet-pay-network">
              Your wallet is on another network: Pay asks it to switch to {chain.name}.
            </p>
          ) : null}

          {connected ? (
            <>
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
                <Button variant="link" size="sm" onClick={() => void addToken()}>
                  <PlusCircle aria-hidden />
                  Add LOOP to wallet
                </Button>
              </div>
            </>
          ) : null}
        </div>
      )}

      {user && linked === null ? (
        <LinkWalletNotice message={WALLET_PURCHASE_MESSAGES.noWallet} />
      ) : wrongWallet && linked ? (
        <p role="alert" className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100">
          {WRONG_WALLET_TEXT(shortAddress(linked))}
        </p>
      ) : null}

      {connected && chain ? (
        <div role="status" aria-live="polite">
          {sufficiency.state === "enough" ? (
            <p className="flex items-center gap-2 rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-3 py-2 text-sm text-emerald-200">
              <CheckCircle2 className="size-4 shrink-0" aria-hidden />
              Your wallet balance covers this purchase.
            </p>
          ) : sufficiency.state === "short" ? (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100">
              <p>
                Insufficient wallet balance: short by{" "}
                <span className="font-mono font-semibold tabular-nums">{formatWalletLoop(sufficiency.shortWei)} LOOP</span>.
              </p>
              {devChain ? (
                <Button size="sm" variant="outline" disabled={faucet.isPending || busy} onClick={() => faucet.mutate(connected)}>
                  {faucet.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Droplets aria-hidden />}
                  Get Test LOOP Tokens
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}

      {step ? <ProgressNote data-testid="wallet-pay-progress">{WALLET_PURCHASE_STEP_LABELS[step]}</ProgressNote> : null}
      {slow ? (
        <p role="status" className="rounded-lg border border-border bg-surface/60 px-3 py-2 text-sm">
          {RECORD_SLOW_TEXT}
        </p>
      ) : null}

      <Button className="w-full" disabled={!canPay} onClick={pay}>
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Wallet aria-hidden />}
        {busy ? "Paying..." : "Pay from Wallet"}
      </Button>
    </div>
  );
}
