/**
 * Deposit of wallet LOOP into LoopVault (docs/product.md#deposits): the amount rules, the wallet steps
 * (connect → switch chain → check balance → approve if the allowance is short → deposit → receipt)
 * and the texts of their failures. The wallet calls go through the lazily loaded wallet stack's
 * controls (`loadWallet()`), which tests replace with `publishControls(fake)`.
 */
import { TOKEN_MESSAGES } from "@loop/rules/schemas/tokens";
import { ledgerUnitsToWei, parseLoop } from "@loop/rules/units";
import type { HexAddress, TransactionHash } from "@/lib/wallet/types";
import { WalletModalClosedError } from "@/lib/wallet/wallet-errors";
import {
  PHASE_LABELS,
  phaseSteps,
  type TransactionSteps,
  type TransactionWallet,
  transactionRunner,
  walletFailureText,
} from "@/lib/wallet/wallet-transaction";

export const DEPOSIT_MESSAGES = {
  missing: "Missing Amount: Please enter an amount to deposit",
  invalidAmount: TOKEN_MESSAGES.invalidAmount,
  tooPrecise: TOKEN_MESSAGES.tooPrecise,
  notPositive: TOKEN_MESSAGES.notPositive,
  insufficient: "Insufficient Balance: Your wallet doesn't hold that much LOOP",
} as const;

export const DEPOSIT_FAILED_FALLBACK = "Failed to deposit LOOP. Please try again.";

/** The wallet calls a deposit needs (the wallet stack's controls). */
export type VaultWallet = TransactionWallet;

export type AmountCheck = { ok: true; units: bigint; wei: bigint } | { ok: false; message: string };

/**
 * The deposit amount typed by the user: a positive LOOP amount with at most 8 decimals (the vault
 * takes whole ledger units only), not above `walletBalanceWei` when that is known.
 */
export function checkDepositAmount(text: string, walletBalanceWei: bigint | null | undefined): AmountCheck {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, message: DEPOSIT_MESSAGES.missing };
  if (/^-\d*(\.\d*)?$/.test(trimmed) && trimmed !== "-") return { ok: false, message: DEPOSIT_MESSAGES.notPositive };
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return { ok: false, message: DEPOSIT_MESSAGES.invalidAmount };
  const units = parseLoop(trimmed);
  if (units === null) return { ok: false, message: DEPOSIT_MESSAGES.tooPrecise };
  if (units <= 0n) return { ok: false, message: DEPOSIT_MESSAGES.notPositive };
  const wei = ledgerUnitsToWei(units);
  if (walletBalanceWei !== null && walletBalanceWei !== undefined && wei > walletBalanceWei)
    return { ok: false, message: DEPOSIT_MESSAGES.insufficient };
  return { ok: true, units, wei };
}

/** The wallet steps, in order (the dialog shows the current one). */
export type DepositStep = "connecting" | "switching" | "checking" | "approving" | "depositing" | "confirming";

/** The deposit's steps as the transaction's phases. */
const DEPOSIT_STEPS: TransactionSteps<DepositStep> = phaseSteps("depositing");

export const DEPOSIT_STEP_LABELS: Record<DepositStep, string> = { ...PHASE_LABELS, depositing: "Depositing…" };

/** A refusal found by the app before or after the wallet (not a wallet error). */
export class DepositRefusedError extends Error {
  override readonly name = "DepositRefusedError";
}

export interface DepositRequest {
  chainId: number;
  token: HexAddress;
  vault: HexAddress;
  /** Wei, a whole number of ledger units. */
  amount: bigint;
  accountRef: `0x${string}`;
  onStep: (step: DepositStep) => void;
}

export interface DepositReceipt {
  account: HexAddress;
  approvalHash: TransactionHash | null;
  depositHash: TransactionHash;
}

/**
 * Connects (the wallet modal if needed), asks to switch to `chainId` when the wallet is elsewhere,
 * re-reads the wallet's LOOP, approves the vault for exactly `amount` if the allowance is short
 * (waiting for that receipt), then deposits and waits for the deposit's receipt.
 */
export async function runDeposit(wallet: VaultWallet, request: DepositRequest): Promise<DepositReceipt> {
  const { chainId, token, vault, amount, accountRef, onStep } = request;
  const run = transactionRunner(wallet, { steps: DEPOSIT_STEPS, onStep, Refused: DepositRefusedError });
  const account = await run.connect();
  await run.switchChain(account, chainId);
  const approvalHash = await run.ensureAllowance({
    token: { name: "token", chainId, address: token },
    owner: account.address,
    spender: vault,
    amount,
    insufficient: () => DEPOSIT_MESSAGES.insufficient,
  });
  const { hash: depositHash } = await run.send({ name: "vault", chainId, address: vault }, "deposit", [amount, accountRef], "deposit");
  return { account: account.address, approvalHash, depositHash };
}

const REVERT_TEXTS: Record<string, string> = {
  EnforcedPause: "Deposits are paused at the moment. Please try again later.",
  ERC20InsufficientBalance: DEPOSIT_MESSAGES.insufficient,
  ERC20InsufficientAllowance: "Transfer failed: the vault was not allowed to take that much LOOP. Please try again.",
  NotWholeLedgerUnits: DEPOSIT_MESSAGES.tooPrecise,
  ZeroAmount: DEPOSIT_MESSAGES.notPositive,
  ZeroAccountRef: "Your account could not be identified for this deposit.",
};

/** The user closed the wallet modal without connecting: nothing to report. */
export function isDepositDismissal(error: unknown): boolean {
  return error instanceof WalletModalClosedError;
}

/** The 'Deposit Failed' text for a failed deposit. */
export function depositFailureText(error: unknown): string {
  return walletFailureText(error, {
    Refused: DepositRefusedError,
    rejected: "You rejected the request in your wallet.",
    revertTexts: REVERT_TEXTS,
    unknownRevert: (name) => `The vault refused the deposit (${name}).`,
    fallback: DEPOSIT_FAILED_FALLBACK,
  });
}
