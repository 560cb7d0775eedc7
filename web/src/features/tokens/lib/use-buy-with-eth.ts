/**
 * The Buy with ETH (BNB) dialog's state and flow: the pool's reserves read live from the pair (every
 * few seconds: a new block with other reserves makes a new quote), the quote of what was typed, the
 * refusal before the wallet opens, the buy, and the wait until the in-app balance has the credit.
 */
import { depositRefOf } from "@loop/rules/deposit-ref";
import { DEFAULT_SLIPPAGE_BPS, type QuoteSide, quoteSwap, type SwapQuote } from "@loop/rules/exchange-quote";
import { parseLoop } from "@loop/rules/units";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { EXCHANGE_MARKETS_QUERY_KEY } from "@/lib/get-exchange-markets";
import { TOKEN_BALANCE_QUERY_KEY, tokenBalanceQueryOptions } from "@/lib/get-token-balance";
import { TRANSFERS_QUERY_KEY } from "@/lib/get-transfers";
import { usePlatformSettings } from "@/lib/platform-settings";
import { pollUntilRecorded } from "@/lib/wallet/poll-until-recorded";
import { useWalletFlow } from "@/lib/wallet/use-wallet-flow";
import { WALLET_LOOP_BALANCE_QUERY_KEY } from "@/lib/wallet/wallet-loop-balance";
import { loadWallet } from "@/lib/wallet/wallet-store";
import {
  BUY_MESSAGES,
  type BuyDestination,
  type BuyMarket,
  type BuyReceipt,
  type BuyStep,
  checkBuyAmount,
  depositedUnits,
  quoteRefusal,
  readPoolReserves,
  runBuyWithEth,
  slippageBpsOf,
} from "./buy-with-eth";

/** How often the pool's reserves are read while the dialog is open. */
export const RESERVES_POLL_MS = 4_000;
/** How often, and how long, the in-app balance is asked for the credit after the buy is confirmed. */
export const CREDIT_POLL_MS = 500;
export const CREDIT_TIMEOUT_MS = 120_000;

export type BuyOutcome = { kind: "credited"; units: bigint } | { kind: "slow" } | { kind: "in-wallet" };

/** The typed quote, or why there is none. */
export type QuoteState =
  { kind: "none" } | { kind: "invalid"; message: string } | { kind: "ready"; quote: SwapQuote; refusal: string | null };

export function useBuyWithEth(market: BuyMarket, userId: string) {
  const queryClient = useQueryClient();
  const { maxPriceImpactBps } = usePlatformSettings();
  const [side, setSide] = useState<QuoteSide>("receive");
  const [amount, setAmount] = useState("");
  const [slippage, setSlippage] = useState(String(DEFAULT_SLIPPAGE_BPS / 100));
  const [destination, setDestination] = useState<BuyDestination>(market.zap ? "balance" : "wallet");
  const [crediting, setCrediting] = useState(false);

  const reserves = useQuery({
    queryKey: ["pair-reserves", market.chainId, market.pair] as const,
    queryFn: async () => readPoolReserves(await loadWallet(), market),
    refetchInterval: RESERVES_POLL_MS,
    staleTime: 0,
    retry: false,
  });

  const quote = ((): QuoteState => {
    if (!amount.trim() || !reserves.data) return { kind: "none" };
    const checked = checkBuyAmount(amount, side);
    if (!checked.ok) return { kind: "invalid", message: checked.message };
    const slippageBps = slippageBpsOf(slippage);
    if (slippageBps === null) return { kind: "invalid", message: BUY_MESSAGES.slippage };
    try {
      const made = quoteSwap({ side, amount: checked.wei, reserves: reserves.data, slippageBps, now: reserves.dataUpdatedAt });
      return { kind: "ready", quote: made, refusal: quoteRefusal(made, maxPriceImpactBps) };
    } catch {
      return { kind: "invalid", message: BUY_MESSAGES.poolTooSmall };
    }
  })();

  /** The balance before the buy, then the wait until it has grown by what LoopZap deposited. */
  async function waitForCredit(receipt: BuyReceipt, baseline: bigint | null): Promise<BuyOutcome> {
    if (receipt.depositedWei === null) return { kind: "in-wallet" };
    const units = depositedUnits(receipt.depositedWei);
    if (baseline === null) return { kind: "slow" };
    setCrediting(true);
    try {
      const credited = await pollUntilRecorded(
        async () => {
          const now = await queryClient.fetchQuery({ ...tokenBalanceQueryOptions, staleTime: 0 }).catch(() => null);
          const balance = now ? parseLoop(now.balance) : null;
          return balance !== null && balance >= baseline + units ? true : undefined;
        },
        { pollMs: CREDIT_POLL_MS, timeoutMs: CREDIT_TIMEOUT_MS },
      );
      return credited ? { kind: "credited", units } : { kind: "slow" };
    } finally {
      setCrediting(false);
    }
  }

  const { mutation, step } = useWalletFlow<SwapQuote, BuyOutcome, BuyStep>({
    run: async (chosen, onStep) => {
      const accountRef = destination === "balance" ? depositRefOf(userId) : null;
      const before = await queryClient.fetchQuery({ ...tokenBalanceQueryOptions, staleTime: 0 }).catch(() => null);
      const wallet = await loadWallet();
      const receipt = await runBuyWithEth(wallet, { market, quote: chosen, destination, accountRef, onStep });
      return waitForCredit(receipt, before ? parseLoop(before.balance) : null);
    },
    refresh: [TOKEN_BALANCE_QUERY_KEY, TRANSFERS_QUERY_KEY, WALLET_LOOP_BALANCE_QUERY_KEY, EXCHANGE_MARKETS_QUERY_KEY, ["pair-reserves"]],
  });

  return {
    side,
    setSide,
    amount,
    setAmount,
    slippage,
    setSlippage,
    destination,
    setDestination,
    reserves,
    quote,
    maxPriceImpactBps,
    buy: mutation,
    step,
    crediting,
  };
}
