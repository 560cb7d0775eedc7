/**
 * The wallet tab's flow around runWalletPurchase (docs/product.md#paying-from-a-wallet): one payment
 * at a time under the purchase's mutation key (the dialog stays open and the format locked), its
 * step for the panel, the outcome handed to the dialog (recorded, or confirmed on chain but not
 * recorded yet), the failure texts, and afterwards the balances, the transfers and the loop lists
 * fetched again. The development faucet's mint, with its toasts, too.
 */
import { ledgerUnitsToWei } from "@loop/rules/units";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { formatLoop, shortAddress } from "@/lib/format";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { TRANSFERS_QUERY_KEY } from "@/lib/get-transfers";
import { LOOPS_QUERY_KEY } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import type { HexAddress } from "@/lib/wallet/types";
import { WALLET_TRANSACTION_FAILED } from "@/lib/wallet/wallet-errors";
import { WALLET_LOOP_BALANCE_QUERY_KEY } from "@/lib/wallet/wallet-loop-balance";
import { loadWallet } from "@/lib/wallet/wallet-store";
import { isWalletDismissal } from "@/lib/wallet/wallet-transaction";
import { purchaseMutationKey } from "../api/purchase-mutation";
import { purchaseApi, requestTestLoop } from "../api/wallet-purchase";
import { PaymentFailedError, type PaymentPanelProps } from "./payment-panels";
import { runWalletPurchase, walletPurchaseFailureText, type WalletPurchaseStep } from "./wallet-purchase";

export const RECORD_SLOW_TEXT =
  "Your payment is confirmed on chain, but recording the purchase is taking longer than usual. The loop shows as yours as soon as it is processed.";

export const FAUCET_FAILED_FALLBACK = "Test LOOP could not be sent. Please try again.";

/** What a wallet payment changes, fetched again once it has settled (paid, refused or failed). */
export const WALLET_PAYMENT_REFRESH: readonly QueryKey[] = [
  WALLET_LOOP_BALANCE_QUERY_KEY,
  LOOPS_QUERY_KEY,
  TOKEN_BALANCE_QUERY_KEY,
  TRANSFERS_QUERY_KEY,
];

export type WalletSufficiency = { state: "unknown" } | { state: "enough" } | { state: "short"; shortWei: bigint };

/** Whether the wallet's LOOP (wei, once read) covers a total of `loopUnits` ledger units. */
export function walletSufficiency(balanceWei: bigint | undefined, loopUnits: bigint): WalletSufficiency {
  if (balanceWei === undefined) return { state: "unknown" };
  const neededWei = ledgerUnitsToWei(loopUnits);
  return balanceWei >= neededWei ? { state: "enough" } : { state: "short", shortWei: neededWei - balanceWei };
}

/**
 * What the dialog is told of a failed payment: nothing when the buyer closed the wallet or refused
 * (null); an API refusal as the server said it (e.g. 'Wallet Required', 401); a wallet or chain
 * failure as the spec's 'Transaction Failed' with its precise reason.
 */
export function walletPaymentFailure(error: unknown): unknown {
  if (isWalletDismissal(error)) return null;
  if (errorStatus(error) !== null) return error;
  return new PaymentFailedError(walletPurchaseFailureText(error), { cause: error, title: WALLET_TRANSACTION_FAILED });
}

/** Runs a wallet payment for the panel: `pay()`, the step under way, and whether recording it is taking longer. */
export function useWalletPayment({
  loop,
  quote,
  onPurchased,
  onFailed,
}: Pick<PaymentPanelProps, "loop" | "quote" | "onPurchased" | "onFailed">) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<WalletPurchaseStep | null>(null);
  const [slow, setSlow] = useState(false);
  const payment = useMutation({
    mutationKey: purchaseMutationKey(loop.id),
    mutationFn: async () =>
      runWalletPurchase(await loadWallet(), purchaseApi(loop.id, quote.format), { loopId: loop.id, format: quote.format, onStep: setStep }),
    onSettled: () => {
      setStep(null);
      for (const queryKey of WALLET_PAYMENT_REFRESH) void queryClient.invalidateQueries({ queryKey });
    },
  });

  const pay = () => {
    setSlow(false);
    payment.mutate(undefined, {
      onSuccess: (outcome) => {
        if (outcome.status === "completed") onPurchased(outcome.purchase);
        else setSlow(true);
      },
      onError: (error) => {
        const failure = walletPaymentFailure(error);
        if (failure !== null) onFailed(failure);
      },
    });
  };

  return { pay, step, slow, busy: payment.isPending };
}

/** 'Get Test LOOP Tokens' (the local chain only): the API answers once the mint is mined, then the wallet's LOOP is read again. */
export function useTestLoopFaucet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: HexAddress) => requestTestLoop(address),
    onSuccess: (grant) =>
      toast({
        title: "Test LOOP Added",
        description: `${formatLoop(grant.amount)} test LOOP sent to ${shortAddress(grant.address)}`,
        variant: "success",
      }),
    onError: (error) =>
      toast({ title: "Minting Failed", description: getServerMessage(error, FAUCET_FAILED_FALLBACK), variant: "destructive" }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: WALLET_LOOP_BALANCE_QUERY_KEY }),
  });
}
