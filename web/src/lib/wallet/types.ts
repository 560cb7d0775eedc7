/** The wallet stack's public surface. Light: no wagmi/viem/RainbowKit import here. */
import type { ClientConfig } from "@loop/rules/chains";
import type { ComponentType } from "react";

/** docs/product.md#states: connection status. */
export type WalletStatus = "disconnected" | "connecting" | "connected" | "reconnecting";

export type HexAddress = `0x${string}`;

export interface WalletSnapshot {
  status: WalletStatus;
  address: HexAddress | null;
  chainId: number | null;
  connectorName: string | null;
}

export const DISCONNECTED: WalletSnapshot = { status: "disconnected", address: null, chainId: null, connectorName: null };

export interface ConnectedAccount {
  address: HexAddress;
  chainId: number;
}

/** A signed EIP-4361 (Sign-In with Ethereum) message. */
export interface SignedSiweMessage extends ConnectedAccount {
  message: string;
  signature: `0x${string}`;
}

export interface ConnectOptions {
  /** Called for each failed connection attempt inside the wallet modal (the user may retry there). */
  onError?: (error: unknown, connectorId: string | undefined) => void;
}

export interface WalletControls {
  /** Resolves with the account once connected (opens the wallet modal if needed); rejects with
   * WalletModalClosedError if the modal is closed without a connection. */
  connect(options?: ConnectOptions): Promise<ConnectedAccount>;
  /** Builds the SIWE message for the connected account with `nonce` and asks the wallet to sign it. */
  signSiweMessage(nonce: string): Promise<SignedSiweMessage>;
  disconnect(): Promise<void>;
  /** `owner`'s balance of the ERC-20 `token` on `chainId` (smallest unit), read from the chain's RPC. */
  readTokenBalance(request: TokenBalanceRequest): Promise<bigint>;
  /** Asks the connected wallet to switch to `chainId` (a configured chain). */
  switchChain(chainId: number): Promise<void>;
  /** LoopToken.allowance(owner, spender) on `chainId`, read from the chain's RPC. */
  readTokenAllowance(request: TokenAllowanceRequest): Promise<bigint>;
  /** LoopToken.approve(spender, amount) from the connected account; simulated first, so a revert
   * rejects before the wallet prompts. Resolves with the transaction hash once the wallet sent it. */
  approveToken(request: TokenApproveRequest): Promise<TransactionHash>;
  /** LoopVault.deposit(amount, accountRef) from the connected account; simulated first. */
  depositToVault(request: VaultDepositRequest): Promise<TransactionHash>;
  /** LoopMarketplace.purchase(quote, signature) from the connected account; simulated first, so a
   * revert (QuoteExpired, NotBuyer, …) rejects before the wallet prompts. Needs the marketplace's
   * LOOP allowance for price + fee. Resolves with the transaction hash once the wallet sent it. */
  purchaseFromMarketplace(request: MarketplacePurchaseRequest): Promise<TransactionHash>;
  /** LoopMarketplace.openOffer(loopId, format, seller, amount, expiresAt) from the connected account:
   * escrows amount + offerFee (needs that LOOP allowance); simulated first. Resolves with the hash. */
  openOffer(request: MarketplaceOpenOfferRequest): Promise<TransactionHash>;
  /** Waits for an openOffer transaction's receipt and reads the new offer's id from its OfferOpened
   * log (null when the transaction reverted or has no such log). */
  waitForOfferOpened(request: OfferOpenedRequest): Promise<{ status: "success" | "reverted"; offerId: bigint | null }>;
  /** LoopMarketplace.changeOffer(offerId, amount, expiresAt) from the offer's buyer: escrows the
   * difference (needs that allowance) or returns it; simulated first. */
  changeOffer(request: MarketplaceChangeOfferRequest): Promise<TransactionHash>;
  /** LoopMarketplace.reclaimOffer(offerId) from the offer's buyer after its expiry; simulated first. */
  reclaimOffer(request: MarketplaceOfferRequest): Promise<TransactionHash>;
  /** EIP-747 `wallet_watchAsset`: asks the connected wallet to list the ERC-20 token. Resolves with
   * whether the wallet added it (false when the user declined). */
  watchAsset(request: WatchAssetRequest): Promise<boolean>;
  /** Waits for the transaction's receipt on `chainId`. */
  waitForTransaction(request: TransactionRequest): Promise<{ status: "success" | "reverted" }>;
}

/** LoopMarketplace.Quote with its on-chain types (what the API signed, EIP-712). */
export interface MarketplaceQuote {
  buyer: HexAddress;
  seller: HexAddress;
  loopId: `0x${string}`;
  /** 0 mp3, 1 wav. */
  format: number;
  /** Wei. */
  price: bigint;
  /** Wei. */
  fee: bigint;
  orderId: `0x${string}`;
  /** Unix seconds. */
  deadline: bigint;
}

export interface MarketplacePurchaseRequest {
  chainId: number;
  marketplace: HexAddress;
  quote: MarketplaceQuote;
  signature: `0x${string}`;
}

export interface MarketplaceOpenOfferRequest {
  chainId: number;
  marketplace: HexAddress;
  /** bytes32 of the loop's id (@loop/rules/deposit-ref uuidToBytes32). */
  loopId: `0x${string}`;
  /** 0 mp3, 1 wav. */
  format: number;
  /** The payee: the seller's linked wallet, or LoopVault for a seller without one. */
  seller: HexAddress;
  /** Wei. */
  amount: bigint;
  /** Unix seconds. */
  expiresAt: bigint;
}

export interface MarketplaceOfferRequest {
  chainId: number;
  marketplace: HexAddress;
  offerId: bigint;
}

export interface MarketplaceChangeOfferRequest extends MarketplaceOfferRequest {
  /** Wei. */
  amount: bigint;
  /** Unix seconds. */
  expiresAt: bigint;
}

export interface OfferOpenedRequest extends TransactionRequest {
  marketplace: HexAddress;
}

export interface WatchAssetRequest {
  /** The ERC-20 contract. */
  address: HexAddress;
  symbol: string;
  decimals: number;
}

export type TransactionHash = `0x${string}`;

export interface TokenAllowanceRequest {
  chainId: number;
  token: HexAddress;
  owner: HexAddress;
  spender: HexAddress;
}

export interface TokenApproveRequest {
  chainId: number;
  token: HexAddress;
  spender: HexAddress;
  /** Smallest unit (wei). */
  amount: bigint;
}

export interface VaultDepositRequest {
  chainId: number;
  vault: HexAddress;
  /** Wei; a whole number of ledger units (LoopVault refuses others). */
  amount: bigint;
  /** bytes32 of the in-app account to credit (@loop/rules/deposit-ref). */
  accountRef: `0x${string}`;
}

export interface TransactionRequest {
  chainId: number;
  hash: TransactionHash;
}

export interface TokenBalanceRequest {
  chainId: number;
  token: HexAddress;
  owner: HexAddress;
}

export interface WalletStackProps {
  config: ClientConfig;
}

export type WalletStackComponent = ComponentType<WalletStackProps>;
