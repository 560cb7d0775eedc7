/** The wallet stack's public surface. Light: no wagmi/viem/RainbowKit import here (types only). */
import type { loopMarketplaceAbi, loopTokenAbi, loopVaultAbi, loopZapAbi, uniswapV2RouterAbi } from "@loop/contracts/abis";
import type { ClientConfig } from "@loop/rules/chains";
import type { ComponentType } from "react";
import type { ContractEventArgsFromTopics, ContractEventName, ContractFunctionArgs, ContractFunctionName } from "viem";

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
  /**
   * `contract.functionName(...args)` from the connected account on the contract's chain (typed by the
   * contract's ABI): simulated first, so a revert (QuoteExpired, NotBuyer, …) rejects before the
   * wallet prompts. Resolves with the transaction hash once the wallet sent it.
   */
  writeContract<N extends WalletContractName, F extends WriteFunctionName<N>>(
    contract: WalletContract<N>,
    functionName: F,
    args: WriteFunctionArgs<N, F>,
    options?: WriteOptions,
  ): Promise<TransactionHash>;
  /** The native coin (ETH, BNB) `owner` holds on `chainId`, in wei, read from the chain's RPC. */
  readNativeBalance(request: NativeBalanceRequest): Promise<bigint>;
  /** A Uniswap V2 pair's reserves on `chainId` (getReserves: token0's, token1's), read from the chain's RPC. */
  readPairReserves(request: PairReservesRequest): Promise<{ reserve0: bigint; reserve1: bigint }>;
  /** EIP-747 `wallet_watchAsset`: asks the connected wallet to list the ERC-20 token. Resolves with
   * whether the wallet added it (false when the user declined). */
  watchAsset(request: WatchAssetRequest): Promise<boolean>;
  /** Waits for the transaction's receipt on `chainId`; with `events`, also decodes what that contract logged in it. */
  waitForTransaction<N extends WalletContractName = never>(
    request: TransactionRequest & { events?: WalletContract<N> },
  ): Promise<TransactionReceipt<N>>;
}

/** The contracts the app sends transactions to, by name, with their ABIs (from @loop/contracts: never hand-copied). */
export interface WalletContractAbis {
  token: typeof loopTokenAbi;
  vault: typeof loopVaultAbi;
  marketplace: typeof loopMarketplaceAbi;
  /** LoopZap: swap the native coin for LOOP and deposit it into the vault in one transaction. */
  zap: typeof loopZapAbi;
  /** The exchange's Uniswap-V2-compatible router (swap only: the LOOP stays in the wallet). */
  router: typeof uniswapV2RouterAbi;
}

/** What a write sends besides its arguments: the native coin of a payable function, in wei. */
export interface WriteOptions {
  value?: bigint;
}

export interface NativeBalanceRequest {
  chainId: number;
  owner: HexAddress;
}

export interface PairReservesRequest {
  chainId: number;
  pair: HexAddress;
}

export type WalletContractName = keyof WalletContractAbis;

/** One deployed contract: which one (its ABI), on which chain, at which address. */
export interface WalletContract<N extends WalletContractName = WalletContractName> {
  name: N;
  chainId: number;
  address: HexAddress;
}

type WriteMutability = "nonpayable" | "payable";

/** The functions of contract `N` that send a transaction. */
export type WriteFunctionName<N extends WalletContractName> = ContractFunctionName<WalletContractAbis[N], WriteMutability>;

/** The arguments of `N.F`, with their on-chain types (addresses and bytes as 0x strings, integers as bigints or numbers). */
export type WriteFunctionArgs<N extends WalletContractName, F extends WriteFunctionName<N>> = ContractFunctionArgs<
  WalletContractAbis[N],
  WriteMutability,
  F
>;

type EventName<N extends WalletContractName> = ContractEventName<WalletContractAbis[N]>;

/** An event contract `N` logged, decoded: its name and its arguments. */
export type WalletEvent<N extends WalletContractName> = {
  [E in EventName<N>]: { eventName: E; args: ContractEventArgsFromTopics<WalletContractAbis[N], E> };
}[EventName<N>];

export interface TransactionReceipt<N extends WalletContractName = never> {
  status: "success" | "reverted";
  /** When asked for: the events of that contract, in log order. */
  events?: WalletEvent<N>[];
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
