/**
 * Buy LOOP with ETH (BNB on BNB Smart Chain) through the exchange's pool (docs/product.md#buying-loop-with-eth):
 * the amounts typed, the quote's refusals (price impact above the platform's bound, an expired or
 * changed quote), the wallet steps (connect → switch chain → check the coin and the pool again →
 * swap → receipt) and the texts of their failures. "Credit to my LOOP balance" calls
 * LoopZap.swapEthAndDeposit for the member's accountRef; "keep in my wallet" calls the router's own
 * swap to the member. The quote's arithmetic is @loop/rules/exchange-quote's (integers only).
 */
import {
  MAX_SLIPPAGE_BPS,
  poolReservesOf,
  type PoolReserves,
  type QuoteSide,
  quoteExpiry,
  swapDeadline,
  type SwapQuote,
} from "@loop/rules/exchange-quote";
import type { ExchangeMarket } from "@loop/rules/schemas/exchange";
import { parseDecimal, TOKEN_DECIMALS, WEI_PER_LEDGER_UNIT } from "@loop/rules/units";
import { formatWalletLoop } from "@/lib/format";
import type { HexAddress, TransactionHash, WalletControls } from "@/lib/wallet/types";
import { revertReason } from "@/lib/wallet/wallet-errors";
import {
  PHASE_LABELS,
  phaseSteps,
  revertedText,
  type TransactionWallet,
  transactionRunner,
  walletFailureText,
} from "@/lib/wallet/wallet-transaction";

/** Where the LOOP goes: the in-app balance (LoopZap deposits it) or the member's own wallet (the router's swap). */
export type BuyDestination = "balance" | "wallet";

/** The chain's exchange as a buy needs it: a LOOP token, a pool with liquidity, the router (and LoopZap). */
export interface BuyMarket {
  chainId: number;
  chainName: string;
  /** ETH, BNB. */
  coin: string;
  token: HexAddress;
  router: HexAddress;
  zap: HexAddress | null;
  pair: HexAddress;
  wrappedNative: HexAddress;
}

/** The market a buy can go through; null: "No pool yet" (no token, no exchange or no liquidity). */
export function buyMarketOf(market: ExchangeMarket): BuyMarket | null {
  const { token, exchange, pool } = market;
  if (!token || !exchange || !pool) return null;
  return {
    chainId: market.chainId,
    chainName: market.chainName,
    coin: market.nativeSymbol,
    token: token as HexAddress,
    router: exchange.router as HexAddress,
    zap: exchange.zap as HexAddress | null,
    pair: exchange.pair as HexAddress,
    wrappedNative: exchange.wrappedNative as HexAddress,
  };
}

export const BUY_MESSAGES = {
  missing: "Missing Amount: Enter how much LOOP you want or how much to spend",
  invalid: "Invalid Amount: Enter a positive number",
  tooPreciseLoop: "Invalid Amount: LOOP has at most 8 decimals in the app",
  tooPreciseCoin: "Invalid Amount: At most 18 decimals",
  poolTooSmall: "Not Enough Liquidity: The pool does not hold that much LOOP",
  slippage: `Invalid Slippage: Enter a percentage from 0 to ${MAX_SLIPPAGE_BPS / 100}`,
  expired: "Quote Expired: The quote is more than 30 seconds old. Check the new quote and confirm again.",
  changed: "Price Changed: The pool's price moved since the quote. Check the new quote and confirm again.",
  priceMoved:
    "Price Moved: Another trade moved the pool's price past your slippage limit before your buy, so the exchange refused it. Nothing was bought; check the new quote and try again.",
  reverted:
    "Buy Reverted: The exchange refused your buy on chain, most likely because another trade moved the price past your slippage limit or the quote expired. Only the network fee was spent.",
  deadline: "Buy Expired: Your buy waited too long to be included and the exchange refused it. Nothing was bought; try again.",
  noAccount: "Your account could not be identified for this buy.",
  fallback: "Failed to buy LOOP. Please try again.",
} as const;

/** The refusal of an amount too large for the platform's price-impact bound, e.g. "… by 6.2%, more than the 5% allowed." */
export function priceImpactRefusal(impactBps: number, maxBps: number): string {
  return `Price Impact Too High: This buy would move the pool's price by ${percentText(impactBps)}, more than the ${percentText(maxBps)} allowed. Buy less, or in several smaller buys.`;
}

/** Basis points as a percentage for texts: 475 → "4.75%", 500 → "5%", 4 → "0.04%". */
export function percentText(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const rest = String(Math.abs(bps % 100))
    .padStart(2, "0")
    .replace(/0+$/, "");
  return `${whole}${rest ? `.${rest}` : ""}%`;
}

export type AmountCheck = { ok: true; wei: bigint } | { ok: false; message: string };

/** The amount typed: LOOP wanted (at most 8 decimals, the ledger's) or coin to spend (at most 18), in wei. */
export function checkBuyAmount(text: string, side: QuoteSide): AmountCheck {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, message: BUY_MESSAGES.missing };
  if (!/^\d*\.?\d*$/.test(trimmed) || trimmed === ".") return { ok: false, message: BUY_MESSAGES.invalid };
  const normalized = trimmed.startsWith(".") ? `0${trimmed}` : trimmed.replace(/\.$/, "");
  if (side === "receive" && parseDecimal(normalized, 8) === null) return { ok: false, message: BUY_MESSAGES.tooPreciseLoop };
  const wei = parseDecimal(normalized, TOKEN_DECIMALS);
  if (wei === null) return { ok: false, message: BUY_MESSAGES.tooPreciseCoin };
  if (wei <= 0n) return { ok: false, message: BUY_MESSAGES.invalid };
  return { ok: true, wei };
}

/** The slippage typed as a percentage ("0.5") in basis points; null when it is not 0–50% with at most 2 decimals. */
export function slippageBpsOf(text: string): number | null {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bps = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return bps <= MAX_SLIPPAGE_BPS ? bps : null;
}

/** Why this quote may not go to the wallet (before it opens); null when it may. */
export function quoteRefusal(quote: SwapQuote, maxPriceImpactBps: number): string | null {
  return quote.priceImpactBps > maxPriceImpactBps ? priceImpactRefusal(quote.priceImpactBps, maxPriceImpactBps) : null;
}

/** The wallet steps, in order (the dialog shows the current one). */
export type BuyStep = "connecting" | "switching" | "checking" | "buying" | "confirming";

export const BUY_STEP_LABELS: Record<BuyStep, string> = {
  ...PHASE_LABELS,
  checking: "Checking the price and your wallet…",
  buying: "Confirm the buy in your wallet…",
  confirming: "Waiting for the exchange to confirm…",
};

/** A refusal found by the app before or after the wallet; a reverted receipt says what most likely happened. */
export class BuyRefusedError extends Error {
  override readonly name = "BuyRefusedError";
  constructor(text: string) {
    super(text === revertedText("buy") ? BUY_MESSAGES.reverted : text);
  }
}

/** The wallet calls a buy needs (the wallet stack's controls). */
export type BuyWallet = TransactionWallet & Pick<WalletControls, "readNativeBalance" | "readPairReserves">;

export interface BuyRequest {
  market: BuyMarket;
  quote: SwapQuote;
  destination: BuyDestination;
  /** The member's in-app account (depositRefOf(userId)): for "balance" only. */
  accountRef: `0x${string}` | null;
  onStep: (step: BuyStep) => void;
  /** Milliseconds now (tests pass their own clock). */
  now?: () => number;
}

export interface BuyReceipt {
  hash: TransactionHash;
  account: HexAddress;
  /** LOOP (wei) LoopZap deposited for the member; null for a swap to the wallet. */
  depositedWei: bigint | null;
}

/** The pool's reserves now, as its sides. */
export async function readPoolReserves(wallet: Pick<BuyWallet, "readPairReserves">, market: BuyMarket): Promise<PoolReserves> {
  const { reserve0, reserve1 } = await wallet.readPairReserves({ chainId: market.chainId, pair: market.pair });
  return poolReservesOf(market.token, market.wrappedNative, reserve0, reserve1);
}

/**
 * Connects, switches to the market's chain, re-reads the coin held and the pool (refused when the
 * quote has expired or the reserves moved), then swaps: LoopZap.swapEthAndDeposit (minimum: the
 * quote's minimumOut) or the router's swapExactETHForTokens / swapETHForExactTokens to the member,
 * with the swap's deadline a few minutes away; waits for the receipt.
 */
export async function runBuyWithEth(wallet: BuyWallet, request: BuyRequest): Promise<BuyReceipt> {
  const { market, quote, destination, accountRef, onStep, now = Date.now } = request;
  const { approving: _noApproval, ...steps } = phaseSteps("buying");
  const run = transactionRunner<BuyStep>(wallet, { steps, onStep, Refused: BuyRefusedError });
  const account = await run.connect();
  await run.switchChain(account, market.chainId);
  run.step("checking");
  const value = quote.side === "receive" && destination === "wallet" ? quote.maximumIn : quote.amountIn;
  const held = await wallet.readNativeBalance({ chainId: market.chainId, owner: account.address });
  if (held < value) {
    throw new BuyRefusedError(
      `Insufficient ${market.coin}: This buy needs ${formatWalletLoop(value)} ${market.coin} plus the network fee, but your wallet holds ${formatWalletLoop(held)}`,
    );
  }
  const expiry = quoteExpiry(quote, now(), await readPoolReserves(wallet, market));
  if (expiry) throw new BuyRefusedError(expiry === "expired" ? BUY_MESSAGES.expired : BUY_MESSAGES.changed);
  const deadline = swapDeadline(now());
  const path = [market.wrappedNative, market.token] as const;
  if (destination === "balance") {
    if (!market.zap || !accountRef) throw new BuyRefusedError(BUY_MESSAGES.noAccount);
    const zap = { name: "zap", chainId: market.chainId, address: market.zap } as const;
    const { hash, receipt } = await run.send(zap, "swapEthAndDeposit", [accountRef, quote.minimumOut, deadline], "buy", {
      events: true,
      value,
    });
    const event = receipt.events?.find((logged) => logged.eventName === "SwappedAndDeposited");
    return {
      hash,
      account: account.address,
      depositedWei: event?.eventName === "SwappedAndDeposited" ? (event.args.deposited ?? null) : null,
    };
  }
  const router = { name: "router", chainId: market.chainId, address: market.router } as const;
  const { hash } =
    quote.side === "spend"
      ? await run.send(router, "swapExactETHForTokens", [quote.minimumOut, path, account.address, deadline], "buy", { value })
      : await run.send(router, "swapETHForExactTokens", [quote.amountOut, path, account.address, deadline], "buy", { value });
  return { hash, account: account.address, depositedWei: null };
}

/** In-app ledger units of a deposit (the vault takes whole units; LoopZap rounds down). */
export const depositedUnits = (wei: bigint) => wei / WEI_PER_LEDGER_UNIT;

/** The router's and the zap's refusals, by their text or custom error. */
const REVERT_REASONS: Record<string, string> = {
  "UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT": BUY_MESSAGES.priceMoved,
  "UniswapV2Router: EXCESSIVE_INPUT_AMOUNT": BUY_MESSAGES.priceMoved,
  "UniswapV2Router: EXPIRED": BUY_MESSAGES.deadline,
};

const REVERT_TEXTS: Record<string, string> = {
  EnforcedPause: "Deposits are paused at the moment: choose to keep the LOOP in your wallet, or try again later.",
  DepositTooSmall: "Amount Too Small: This buy gives less than 0.00000001 LOOP to credit.",
  ZeroAccountRef: BUY_MESSAGES.noAccount,
  ZeroAmount: BUY_MESSAGES.invalid,
};

/** The 'Buy Failed' text for a failed buy. */
export function buyFailureText(error: unknown): string {
  const reason = revertReason(error);
  if (reason && REVERT_REASONS[reason]) return REVERT_REASONS[reason];
  return walletFailureText(error, {
    Refused: BuyRefusedError,
    rejected: "You rejected the request in your wallet.",
    revertTexts: REVERT_TEXTS,
    unknownRevert: (name) => `The exchange refused the buy (${name}).`,
    fallback: BUY_MESSAGES.fallback,
  });
}
