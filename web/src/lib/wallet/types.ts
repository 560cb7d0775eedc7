/** The wallet stack's public surface. Light: no wagmi/viem/RainbowKit import here. */
import type { ClientConfig } from "@loop/rules/chains";
import type { ComponentType } from "react";

/** Spec §4: connection status. */
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
