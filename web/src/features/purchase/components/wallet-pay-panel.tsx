import { DEV_CHAIN_ID } from "@loop/rules/chains";
import { WALLET_PURCHASE_MESSAGES } from "@loop/rules/schemas/purchases";
import { Droplets, Loader2, Wallet } from "lucide-react";
import { LinkWalletNotice } from "@/components/link-wallet-notice";
import { Button } from "@/components/ui/button";
import { ProgressNote } from "@/components/ui/progress-note";
import { PendingButton } from "@/components/ui/pending-button";
import { useUser } from "@/lib/auth";
import { useClientConfig } from "@/lib/client-config";
import { formatWalletLoop, shortAddress } from "@/lib/format";
import { useMarketplaceChain } from "@/lib/wallet/marketplace-chain";
import { useWalletLoopBalance } from "@/lib/wallet/wallet-loop-balance";
import { useWalletSnapshot } from "@/lib/wallet/wallet-store";
import type { PaymentPanelProps } from "../lib/payment-panels";
import { RECORD_SLOW_TEXT, useTestLoopFaucet, useWalletPayment, walletSufficiency } from "../lib/wallet-payment";
import { WALLET_PURCHASE_STEP_LABELS, WRONG_WALLET_TEXT } from "../lib/wallet-purchase";
import { LoopAmountRow } from "./loop-amount-row";
import { SufficiencyNote } from "./sufficiency-note";
import { WalletAccount } from "./wallet-account";

/**
 * Paying from the wallet (the spec's "LOOP payment dialog", docs/product.md#paying-from-a-wallet): the total in LOOP, the
 * connected wallet (Connect / Disconnect, whether it is the account's linked wallet), its LOOP with
 * Refresh and "Add LOOP to wallet", whether it covers the total, Pay, and on the local chain only
 * 'Get Test LOOP Tokens'. Pay runs the flow of lib/wallet-payment.ts: quote → approve (if needed) →
 * purchase → receipt → recorded.
 */
export function WalletPayPanel({ loop, quote, onPurchased, onFailed }: PaymentPanelProps) {
  const { user } = useUser();
  const config = useClientConfig();
  const { chain, loading: chainLoading } = useMarketplaceChain();
  const snapshot = useWalletSnapshot();
  const payment = useWalletPayment({ loop, quote, onPurchased, onFailed });
  const faucet = useTestLoopFaucet();

  const linked = user?.walletAddress ?? null;
  const connected = snapshot.status === "connected" && snapshot.address ? snapshot.address : null;
  const isLinked = connected !== null && linked !== null && connected.toLowerCase() === linked.toLowerCase();
  const wrongWallet = connected !== null && linked !== null && !isLinked;
  const devChain = config.data?.defaultChainId === DEV_CHAIN_ID && chain?.id === DEV_CHAIN_ID;
  const balance = useWalletLoopBalance({ chainId: chain?.id, token: chain?.token, owner: connected ?? undefined });
  const sufficiency = walletSufficiency(balance.data, quote.loopUnits);
  const canPay = chain !== null && linked !== null && !wrongWallet && !payment.busy && sufficiency.state !== "short";

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
        <WalletAccount
          chain={chain}
          connected={connected}
          walletChainId={snapshot.chainId}
          isLinked={linked === null ? null : isLinked}
          balance={balance}
          busy={payment.busy}
        />
      )}

      {user && linked === null ? (
        <LinkWalletNotice message={WALLET_PURCHASE_MESSAGES.noWallet} />
      ) : wrongWallet && linked ? (
        <p role="alert" className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100">
          {WRONG_WALLET_TEXT(shortAddress(linked))}
        </p>
      ) : null}

      {connected && chain ? (
        <SufficiencyNote
          state={sufficiency.state}
          enough="Your wallet balance covers this purchase."
          short={
            <>
              Insufficient wallet balance: short by{" "}
              <span className="font-mono font-semibold tabular-nums">
                {sufficiency.state === "short" ? formatWalletLoop(sufficiency.shortWei) : null} LOOP
              </span>
              .
            </>
          }
          action={
            devChain ? (
              <PendingButton
                size="sm"
                variant="outline"
                pending={faucet.isPending}
                disabled={payment.busy}
                onClick={() => faucet.mutate(connected)}
                icon={Droplets}
              >
                Get Test LOOP Tokens
              </PendingButton>
            ) : null
          }
        />
      ) : null}

      {payment.step ? <ProgressNote data-testid="wallet-pay-progress">{WALLET_PURCHASE_STEP_LABELS[payment.step]}</ProgressNote> : null}
      {payment.slow ? (
        <p role="status" className="rounded-lg border border-border bg-surface/60 px-3 py-2 text-sm">
          {RECORD_SLOW_TEXT}
        </p>
      ) : null}

      <Button className="w-full" disabled={!canPay} onClick={() => canPay && payment.pay()}>
        {payment.busy ? <Loader2 className="animate-spin" aria-hidden /> : <Wallet aria-hidden />}
        {payment.busy ? "Paying..." : "Pay from Wallet"}
      </Button>
    </div>
  );
}
