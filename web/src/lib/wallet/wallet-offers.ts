/**
 * Wallet-funded offers (docs/product.md#wallet-offers, "escrowed on chain"): the amounts, expiries and failure texts
 * shared by the Make Offer dialog and the Negotiations page. Light module (no wagmi/viem): the
 * wallet calls themselves go through the wallet stack's controls.
 */
import { FORMAT_FEE_BPS, type Format } from "@loop/rules/fees";
import { OFFER_TTL_MS } from "@loop/rules/schemas/negotiations";
import { LOOP_PER_USD, parseUsd, TOKEN_DECIMALS } from "@loop/rules/units";
import { clientConfigQueryOptions } from "../client-config";
import { queryClient } from "../query-client";
import { marketplaceChainOf, type MarketplaceChain } from "./marketplace-chain";
import type { ConnectedAccount } from "./types";
import {
  type TransactionRunner,
  type TransactionSteps,
  type TransactionWallet,
  transactionRunner,
  walletFailureText,
} from "./wallet-transaction";

const WEI_PER_LOOP = 10n ** BigInt(TOKEN_DECIMALS);
/** LoopMarketplace.BPS. */
const BPS = 10_000n;

/** LoopMarketplace's format numbers. */
export const OFFER_FORMAT_NUMBER: Record<Format, number> = { mp3: 0, wav: 1 };

/** A USD amount ("12.50") in wei of LOOP (500 LOOP per USD); null when it is not a USD amount. */
export function usdToOfferWei(usd: string): bigint | null {
  const cents = parseUsd(usd);
  return cents === null ? null : (cents * LOOP_PER_USD * WEI_PER_LOOP) / 100n;
}

/**
 * LoopMarketplace.offerFee(amount, format): 2% (MP3) or 4% (WAV) of the wei amount, half up. The
 * contract's fixed rates (the default fees), not the admin's setting: the escrow takes exactly this.
 */
export function offerFeeWei(amount: bigint, format: Format): bigint {
  const bps = FORMAT_FEE_BPS[format];
  return (amount * bps * 2n + BPS) / (2n * BPS);
}

/** What the escrow holds for `amount`: the amount plus its fee (what the marketplace takes on openOffer). */
export const offerEscrowWei = (amount: bigint, format: Format) => amount + offerFeeWei(amount, format);

/** An offer's expiry as sent on chain: now + the settings' offer expiry (7 days by default), in Unix seconds. */
export function offerExpiresAt(now: number = Date.now(), expiryHours: number = OFFER_TTL_MS / 3_600_000): bigint {
  return BigInt(Math.floor((now + expiryHours * 3_600_000) / 1000));
}

export const OFFERS_UNAVAILABLE_TEXT = "Wallet offers are not available on this network.";

/** The offer chain when it is needed (an answer from the wallet): the client config, fetched once. */
export async function loadOfferChain(): Promise<MarketplaceChain> {
  const chain = marketplaceChainOf(await queryClient.fetchQuery(clientConfigQueryOptions));
  if (!chain) throw new WalletOfferRefusedError(OFFERS_UNAVAILABLE_TEXT);
  return chain;
}

/** A refusal found by the app before or after the wallet (not a wallet error). */
export class WalletOfferRefusedError extends Error {
  override readonly name = "WalletOfferRefusedError";
}

export const WRONG_OFFER_WALLET_TEXT = (linked: string) =>
  `Use the wallet linked to your account (${linked}): switch to it in your wallet, or link this one in Settings.`;

export const NO_LINKED_WALLET_TEXT = "Link a wallet in Settings to make offers from it.";

export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The wallet calls an offer needs. */
export type OfferWallet = TransactionWallet;

/** The transactions of a wallet offer: its steps (the chain is switched silently), refused with WalletOfferRefusedError. */
export function offerRunner<S extends string>(
  wallet: OfferWallet,
  steps: TransactionSteps<S>,
  onStep?: (step: S) => void,
): TransactionRunner<S> {
  return transactionRunner(wallet, { steps, onStep, Refused: WalletOfferRefusedError });
}

/** Connects (the wallet modal if needed), insists on the linked wallet and switches to `chainId`. */
export async function linkedAccountOn<S extends string>(
  run: TransactionRunner<S>,
  linked: string | null,
  chainId: number,
): Promise<ConnectedAccount> {
  if (!linked) throw new WalletOfferRefusedError(NO_LINKED_WALLET_TEXT);
  const account = await run.connect();
  if (!sameAddress(account.address, linked)) throw new WalletOfferRefusedError(WRONG_OFFER_WALLET_TEXT(linked));
  await run.switchChain(account, chainId);
  return account;
}

/** The chain's LoopToken and LoopMarketplace as the contracts an offer's transactions go to. */
export function offerContracts(chain: Pick<MarketplaceChain, "id" | "token" | "marketplace">) {
  return {
    token: { name: "token", chainId: chain.id, address: chain.token },
    marketplace: { name: "marketplace", chainId: chain.id, address: chain.marketplace },
  } as const;
}

export const WALLET_OFFER_FAILED_FALLBACK = "The wallet transaction failed. Please try again.";

const REVERT_TEXTS: Record<string, string> = {
  OfferNotOpen: "This offer is no longer open on chain: it was settled or its escrow was already returned.",
  OfferExpired: "This offer has expired on chain: reclaim its escrow instead.",
  OfferNotExpired: "This offer has not expired yet: its escrow can be reclaimed once it has.",
  NotBuyer: "Use the wallet that made this offer (the one linked to your account).",
  InvalidExpiry: "Your device's clock looks wrong: the offer's expiry was refused. Please check it and try again.",
  SellerIsBuyer: "You cannot make an offer on your own loop.",
  EnforcedPause: "Wallet offers are paused at the moment. Please try again later.",
  ERC20InsufficientBalance: "Transfer failed: your wallet doesn't hold enough LOOP for this offer.",
  ERC20InsufficientAllowance: "Transfer failed: the marketplace was not allowed to take that much LOOP. Please try again.",
};

/** The text for a wallet failure of an offer (API errors keep the server's own message). */
export function walletOfferFailureText(error: unknown): string {
  return walletFailureText(error, {
    Refused: WalletOfferRefusedError,
    revertTexts: REVERT_TEXTS,
    unknownRevert: (name) => `The marketplace refused the transaction (${name}).`,
    fallback: WALLET_OFFER_FAILED_FALLBACK,
  });
}
