/** Wallet error classes and the docs/product.md#sign-in-errors toast texts for wallet failures. Light module. */
import type { ToastInput } from "../toast";

/** The wallet modal was closed without connecting: the user changed their mind, nothing to report. */
export class WalletModalClosedError extends Error {
  override readonly name = "WalletModalClosedError";
  constructor() {
    super("The wallet modal was closed without connecting.");
  }
}

/** No wallet account is connected. */
export class WalletNotConnectedError extends Error {
  override readonly name = "WalletNotConnectedError";
  constructor() {
    super("Wallet not connected");
  }
}

/** The wallet did not sign (rejected or failed). `cause` is the wallet's error. */
export class WalletSignatureError extends Error {
  override readonly name = "WalletSignatureError";
  constructor(cause: unknown) {
    super("Failed to sign message", { cause });
  }
}

/** The wallet stack could not start (no chain configured, config unavailable, chunk failed). */
export class WalletUnavailableError extends Error {
  override readonly name = "WalletUnavailableError";
}

export interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  shortMessage?: unknown;
  cause?: unknown;
  /** viem's ContractFunctionRevertedError: the custom error the contract reverted with. */
  data?: { errorName?: unknown };
  /** viem's ContractFunctionRevertedError: the text of a `require(…, "text")` revert (Error(string)). */
  reason?: unknown;
}

/** The error and its `cause` chain (bounded). */
export function errorChain(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  let current: unknown = error;
  while (current && typeof current === "object" && chain.length < 8) {
    chain.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return chain;
}

/** The custom error a contract reverted with (viem's ContractFunctionRevertedError.data.errorName). */
export function revertErrorName(error: unknown): string | null {
  for (const link of errorChain(error)) {
    if (link.data && typeof link.data.errorName === "string") return link.data.errorName;
  }
  return null;
}

/** The text a contract reverted with (`require(cond, "UniswapV2Router: EXPIRED")`), as viem decodes it. */
export function revertReason(error: unknown): string | null {
  for (const link of errorChain(error)) {
    if (link.name === "ContractFunctionRevertedError" && typeof link.reason === "string") return link.reason;
  }
  return null;
}

/** A user rejection: EIP-1193 code 4001 or viem/wagmi's UserRejectedRequestError. */
export function isUserRejection(error: unknown): boolean {
  return errorChain(error).some(
    (e) =>
      e.code === 4001 ||
      e.name === "UserRejectedRequestError" ||
      (typeof e.message === "string" && /user rejected|user denied|rejected the request/i.test(e.message)),
  );
}

/** No injected wallet: wagmi's ProviderNotFoundError / ConnectorNotFoundError. */
export function isNoWalletError(error: unknown): boolean {
  return errorChain(error).some(
    (e) =>
      e.name === "ProviderNotFoundError" ||
      e.name === "ConnectorNotFoundError" ||
      (typeof e.message === "string" && /provider not found|no (injected )?(ethereum )?provider|connector not found/i.test(e.message)),
  );
}

function isWalletConnectError(error: unknown, connectorId: string | undefined): boolean {
  if (connectorId === "walletConnect") return true;
  return errorChain(error).some((e) => typeof e.message === "string" && /walletconnect/i.test(e.message));
}

/** The spec's text when no wallet account is connected for a wallet step (its crypto errors). */
export const WALLET_NOT_CONNECTED_TEXT = "Wallet not connected";
/** The spec's title of a failed wallet or chain step. */
export const WALLET_TRANSACTION_FAILED = "Transaction Failed";

export const CONNECTION_CANCELLED = "Connection cancelled by user.";
export const NO_WALLET_DETECTED = "No wallet detected. Please install Trust Wallet or MetaMask.";
export const WALLETCONNECT_FAILED = "WalletConnect failed. Try using Trust Wallet's built-in browser instead.";
export const CONNECT_FAILED = "Failed to connect wallet. Please try again.";
export const LINK_CONNECT_FAILED = "Failed to connect your wallet. Please try again.";

/**
 * docs/product.md#sign-in-errors 'Connection Failed' description for a failed wallet connection. `fallback` is the
 * generic text (sign-in: 'Failed to connect wallet…'; settings: 'Failed to connect your wallet…').
 */
export function connectionFailedDescription(error: unknown, connectorId?: string, fallback: string = CONNECT_FAILED): string {
  if (isUserRejection(error)) return CONNECTION_CANCELLED;
  if (isNoWalletError(error)) return NO_WALLET_DETECTED;
  if (isWalletConnectError(error, connectorId)) return WALLETCONNECT_FAILED;
  return fallback;
}

export function connectionFailedToast(error: unknown, connectorId?: string, fallback?: string): ToastInput {
  return { title: "Connection Failed", description: connectionFailedDescription(error, connectorId, fallback), variant: "destructive" };
}

const failed = (title: string, description: string) => ({ title, description, variant: "destructive" }) as const;
const succeeded = (title: string, description: string) => ({ title, description, variant: "success" }) as const;

/** Toasts of wallet sign-in (docs/product.md#sign-in-errors). */
export const WALLET_LOGIN_TOASTS = {
  authenticationFailed: failed("Authentication Failed", "Failed to authenticate with your wallet. Please try again."),
  signatureFailed: failed("Signature Failed", "Failed to sign message. Please try again."),
  connected: succeeded("Connected Successfully", "You are signed in with your wallet."),
} as const satisfies Record<string, ToastInput>;

/** Toasts of the settings wallet card (docs/product.md#sign-in-errors). */
export const WALLET_LINK_TOASTS = {
  notConnected: failed("Wallet Not Connected", "Please connect your wallet first."),
  signatureFailed: failed("Signature Failed", "Please sign the message to connect your wallet."),
  connectionFailed: failed("Connection Failed", LINK_CONNECT_FAILED),
  disconnectionFailed: failed("Disconnection Failed", "Failed to disconnect your wallet. Please try again."),
  connected: succeeded("Wallet Connected", "Your wallet is now linked to your account."),
  disconnected: succeeded("Wallet Disconnected", "Your wallet has been unlinked from your account."),
} as const satisfies Record<string, ToastInput>;

/** Copy toasts (docs/product.md#sign-in-errors, docs/product.md#limits). */
export const COPY_TOASTS = {
  copied: (address: string): ToastInput => ({ title: "Address Copied", description: address, variant: "success" }),
  /** The address is shown so it can still be selected and copied by hand. */
  failed: (address: string): ToastInput => ({
    title: "Copy Failed",
    description: `Failed to copy address to clipboard: ${address}`,
    variant: "destructive",
  }),
} as const;
