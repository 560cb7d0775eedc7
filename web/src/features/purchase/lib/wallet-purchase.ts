/**
 * Paying for a loop from the wallet (docs/product.md#paying-from-a-wallet, "wallet (on chain)"): a fresh signed quote from the
 * API, the linked wallet on the quote's chain, LoopToken.approve(marketplace, totalWei) only when the
 * allowance is short, LoopMarketplace.purchase(quote, signature), its receipt, then
 * POST /api/purchases/crypto until the indexed Purchased event is settled. The wallet calls go
 * through the lazily loaded wallet stack's controls, which tests replace with fakes.
 */
import type { Format } from "@loop/rules/fees";
import type { CryptoPurchaseStatus, Purchase, WalletQuote } from "@loop/rules/schemas/purchases";
import { pollUntilRecorded, type RecordPolling } from "@/lib/wallet/poll-until-recorded";
import type { HexAddress, MarketplaceQuote, TransactionHash } from "@/lib/wallet/types";
import {
  PHASE_LABELS,
  phaseSteps,
  type TransactionSteps,
  type TransactionWallet,
  transactionRunner,
  walletFailureText,
} from "@/lib/wallet/wallet-transaction";

/** The wallet calls a purchase needs (the wallet stack's controls). */
export type PurchaseWallet = TransactionWallet;

/** The API calls a purchase needs. */
export interface PurchaseApi {
  /** POST /api/purchases/quote: a fresh quote (each is usable once). */
  requestQuote(): Promise<WalletQuote>;
  /** POST /api/purchases/crypto: 202 pending until the Purchased event is settled, then completed. */
  reportPurchase(body: CryptoPurchaseReport): Promise<CryptoPurchaseStatus>;
}

export interface CryptoPurchaseReport {
  loopId: string;
  format: Format;
  txHash: TransactionHash;
  orderId: `0x${string}`;
  token: "LOOP";
  /** The total in USD ("5.09"). */
  amount: string;
  /** The total in LOOP ("2545.00000000"). */
  cryptoAmount: string;
}

/** The steps, in order (the panel shows the current one). */
export type WalletPurchaseStep = "connecting" | "quoting" | "switching" | "checking" | "approving" | "paying" | "confirming" | "recording";

/** The purchase's steps as the transaction's phases. */
const PURCHASE_STEPS: TransactionSteps<WalletPurchaseStep> = phaseSteps("paying");

export const WALLET_PURCHASE_STEP_LABELS: Record<WalletPurchaseStep, string> = {
  ...PHASE_LABELS,
  quoting: "Getting a quote…",
  paying: "Paying…",
  recording: "Recording your purchase…",
};

/** How often POST /api/purchases/crypto is asked again while the purchase is pending. */
export const RECORD_POLL_MS = 500;
/** How long the panel waits for the purchase to be recorded before saying it is taking longer. */
export const RECORD_TIMEOUT_MS = 60_000;

export const WALLET_PURCHASE_FAILED_FALLBACK = "Failed to pay from your wallet. Please try again.";

export const WRONG_WALLET_TEXT = (linked: string) =>
  `Pay from the wallet linked to your account (${linked}): switch to it in your wallet, or link this one in Settings.`;

/** A refusal found by the app before or after the wallet (not a wallet error). */
export class WalletPurchaseRefusedError extends Error {
  override readonly name = "WalletPurchaseRefusedError";
}

export type WalletPurchaseOutcome =
  | { status: "completed"; purchase: Purchase; txHash: TransactionHash }
  /** Confirmed on chain, not recorded within the timeout: it will be once the event is settled. */
  | { status: "pending"; txHash: TransactionHash };

export interface WalletPurchaseRequest extends RecordPolling {
  loopId: string;
  format: Format;
  onStep: (step: WalletPurchaseStep) => void;
}

const HEX = /^0x[0-9a-fA-F]*$/;

function hex<T extends `0x${string}`>(value: string, what: string): T {
  if (!HEX.test(value)) throw new WalletPurchaseRefusedError(`The quote's ${what} is not valid. Please try again.`);
  return value as T;
}

function wei(value: string, what: string): bigint {
  if (!/^\d+$/.test(value)) throw new WalletPurchaseRefusedError(`The quote's ${what} is not valid. Please try again.`);
  return BigInt(value);
}

/** The API's quote (numbers as decimal strings) as LoopMarketplace.Quote (exact bigints). */
export function toMarketplaceQuote(quote: WalletQuote["quote"]): MarketplaceQuote {
  return {
    buyer: hex<HexAddress>(quote.buyer, "buyer"),
    seller: hex<HexAddress>(quote.seller, "seller"),
    loopId: hex(quote.loopId, "loop"),
    format: quote.format,
    price: wei(quote.price, "price"),
    fee: wei(quote.fee, "fee"),
    orderId: hex(quote.orderId, "order"),
    deadline: wei(quote.deadline, "deadline"),
  };
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Runs the whole payment: connect (the wallet modal if needed) → quote → the linked wallet only →
 * switch chain if needed → balance check → approve exactly the total if the allowance is short
 * (waiting for that receipt) → purchase → its receipt → POST /crypto every `pollMs` until completed.
 */
export async function runWalletPurchase(
  wallet: PurchaseWallet,
  api: PurchaseApi,
  request: WalletPurchaseRequest,
): Promise<WalletPurchaseOutcome> {
  const { loopId, format, onStep, pollMs = RECORD_POLL_MS, timeoutMs = RECORD_TIMEOUT_MS } = request;

  const run = transactionRunner(wallet, { steps: PURCHASE_STEPS, onStep, Refused: WalletPurchaseRefusedError });
  const account = await run.connect();

  run.step("quoting");
  const offer = await api.requestQuote();
  const quote = toMarketplaceQuote(offer.quote);
  const total = wei(offer.totalWei, "total");
  if (quote.price + quote.fee !== total) throw new WalletPurchaseRefusedError("The quote's total does not add up. Please try again.");
  if (!sameAddress(account.address, quote.buyer)) throw new WalletPurchaseRefusedError(WRONG_WALLET_TEXT(quote.buyer));
  const chainId = offer.chainId;
  const token = hex<HexAddress>(offer.token, "token");
  const marketplace = hex<HexAddress>(offer.marketplace, "marketplace");

  await run.switchChain(account, chainId);
  await run.ensureAllowance({
    token: { name: "token", chainId, address: token },
    owner: account.address,
    spender: marketplace,
    amount: total,
  });
  const { hash: txHash } = await run.send(
    { name: "marketplace", chainId, address: marketplace },
    "purchase",
    [quote, hex(offer.signature, "signature")],
    "purchase",
  );

  run.step("recording");
  const report: CryptoPurchaseReport = {
    loopId,
    format,
    txHash,
    orderId: quote.orderId,
    token: "LOOP",
    amount: offer.total,
    cryptoAmount: offer.loopAmount,
  };
  const purchase = await pollUntilRecorded(
    async () => {
      const answer = await api.reportPurchase(report);
      return answer.status === "completed" && answer.purchase ? answer.purchase : undefined;
    },
    { ...request, pollMs, timeoutMs },
  );
  return purchase ? { status: "completed", purchase, txHash } : { status: "pending", txHash };
}

const REVERT_TEXTS: Record<string, string> = {
  QuoteExpired: "The price quote expired before the payment was sent. Please pay again for a fresh quote.",
  OrderAlreadyUsed: "This quote was already used. Please pay again for a fresh quote.",
  NotBuyer: "Pay from the wallet linked to your account.",
  InvalidQuoteSigner: "The price quote was not accepted by the marketplace. Please try again.",
  EnforcedPause: "Wallet payments are paused at the moment. Please try again later.",
  ERC20InsufficientBalance: "Transfer failed: your wallet doesn't hold enough LOOP for this purchase.",
  ERC20InsufficientAllowance: "Transfer failed: the marketplace was not allowed to take that much LOOP. Please try again.",
};

/** The 'Purchase Failed' text for a wallet failure (API errors keep the server's own message). */
export function walletPurchaseFailureText(error: unknown): string {
  return walletFailureText(error, {
    Refused: WalletPurchaseRefusedError,
    revertTexts: REVERT_TEXTS,
    unknownRevert: (name) => `The marketplace refused the payment (${name}).`,
    fallback: WALLET_PURCHASE_FAILED_FALLBACK,
  });
}
