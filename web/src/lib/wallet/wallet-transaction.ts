/**
 * One runner for the app's wallet transactions (paying for a loop, a wallet offer, accepting a
 * counter or reclaiming an escrow, a vault deposit): connect → switch chain → check the balance and
 * approve LOOP when the allowance is short → write (the wallet stack simulates the call first, so a
 * revert is refused before the wallet prompts) → wait for the receipt. Each flow names the steps
 * with its own labels and refuses with its own error class; the texts of its failures come from
 * walletFailureText. Light module: the wallet calls go through the lazily loaded stack's controls,
 * which tests replace with fakes.
 */
import type {
  ConnectedAccount,
  HexAddress,
  TransactionHash,
  TransactionReceipt,
  WalletContract,
  WalletContractName,
  WalletControls,
  WriteFunctionArgs,
  WriteFunctionName,
} from "./types";
import { formatWalletLoop } from "@/lib/format";
import {
  errorChain,
  isNoWalletError,
  isUserRejection,
  NO_WALLET_DETECTED,
  revertErrorName,
  WALLET_NOT_CONNECTED_TEXT,
  WalletModalClosedError,
  WalletNotConnectedError,
  WalletUnavailableError,
} from "./wallet-errors";

/** The wallet calls a transaction needs (the wallet stack's controls). */
export type TransactionWallet = Pick<
  WalletControls,
  "connect" | "switchChain" | "readTokenBalance" | "readTokenAllowance" | "writeContract" | "waitForTransaction"
>;

/** The steps every transaction goes through, in order (approving only when the allowance is short). */
export type TransactionPhase = "connecting" | "switching" | "checking" | "approving" | "writing" | "confirming";

/** A refusal found by the app before or after the wallet (not a wallet error); each flow has its own class. */
export type RefusalClass = new (message: string) => Error;

/** A flow's step for each phase; a phase without one goes unannounced (e.g. an offer switches chain silently). */
export type TransactionSteps<S extends string> = Partial<Record<TransactionPhase, S>>;

/** What a flow's dialog says at each phase; a flow adds its own steps (and may say one differently). */
export const PHASE_LABELS = {
  connecting: "Connecting your wallet…",
  switching: "Switching network…",
  checking: "Checking your wallet…",
  approving: "Approving…",
  confirming: "Waiting for confirmation…",
} as const;

/** A flow's steps named as the phases themselves, but for the write, which the flow names ("paying", "depositing"). */
export function phaseSteps<W extends string>(writing: W) {
  return {
    connecting: "connecting",
    switching: "switching",
    checking: "checking",
    approving: "approving",
    writing,
    confirming: "confirming",
  } as const;
}

/** `phaseSteps` of a flow that switches chain silently (the offers and their answers). */
export function silentSwitchSteps<W extends string>(writing: W) {
  const { switching, ...steps } = phaseSteps(writing);
  return steps;
}

export interface TransactionRunnerOptions<S extends string> {
  steps: TransactionSteps<S>;
  onStep?: (step: S) => void;
  Refused: RefusalClass;
}

export interface AllowanceRequest {
  /** LoopToken on the transaction's chain. */
  token: WalletContract<"token">;
  owner: HexAddress;
  /** The contract that takes the LOOP (the marketplace, the vault). */
  spender: HexAddress;
  /** Wei the spender must be allowed to take (approved exactly, when short). */
  amount: bigint;
  /** The refusal when the wallet holds less (default: the spec's 'Insufficient Balance' with both amounts). */
  insufficient?: (neededWei: bigint, balanceWei: bigint) => string;
}

/** The spec's 'Insufficient Balance' for the wallet: what the transaction needs and what the wallet holds. */
export function insufficientWalletText(neededWei: bigint, balanceWei: bigint): string {
  return `Insufficient Balance: You need ${formatWalletLoop(neededWei)} LOOP tokens but only have ${formatWalletLoop(balanceWei)}`;
}

/** The text of a reverted receipt, e.g. 'The approval transaction was reverted on chain.' */
export const revertedText = (what: string) => `The ${what} transaction was reverted on chain.`;

export type TransactionRunner<S extends string> = ReturnType<typeof transactionRunner<S>>;

/**
 * The steps of a flow's transactions, announced with the flow's labels (a step is not announced
 * twice in a row). A reverted receipt or a short balance throws the flow's `Refused`.
 */
export function transactionRunner<S extends string>(wallet: TransactionWallet, { steps, onStep, Refused }: TransactionRunnerOptions<S>) {
  let last: S | null = null;
  /** Announces a step of the flow's own (e.g. "quoting"), or one of the phases. */
  const step = (name: S) => {
    if (name === last) return;
    last = name;
    onStep?.(name);
  };
  const phase = (name: TransactionPhase) => {
    const named = steps[name];
    if (named !== undefined) step(named);
  };

  /** Sends the transaction and waits for its receipt; a reverted one is refused, naming `what`. */
  async function transact<N extends WalletContractName, F extends WriteFunctionName<N>>(
    contract: WalletContract<N>,
    functionName: F,
    args: WriteFunctionArgs<N, F>,
    what: string,
    announce: boolean,
    events: boolean,
    value?: bigint,
  ): Promise<{ hash: TransactionHash; receipt: TransactionReceipt<N> }> {
    if (announce) phase("writing");
    // Explicit type arguments: inferring N and F again from these generic arguments made the type
    // checker relate viem's ABI types to themselves for 20 s (most of the web's typecheck).
    const hash =
      value === undefined
        ? await wallet.writeContract<N, F>(contract, functionName, args)
        : await wallet.writeContract<N, F>(contract, functionName, args, { value });
    if (announce) phase("confirming");
    const request = { chainId: contract.chainId, hash };
    const receipt = events ? await wallet.waitForTransaction({ ...request, events: contract }) : await wallet.waitForTransaction(request);
    if (receipt.status !== "success") throw new Refused(revertedText(what));
    return { hash, receipt };
  }

  return {
    step,

    /** Connects (the wallet modal if needed). */
    async connect(): Promise<ConnectedAccount> {
      phase("connecting");
      return wallet.connect();
    },

    /** Asks the wallet to switch to `chainId` when the account is on another chain. */
    async switchChain(account: ConnectedAccount, chainId: number): Promise<void> {
      if (account.chainId === chainId) return;
      phase("switching");
      await wallet.switchChain(chainId);
    },

    /**
     * Makes sure `spender` may take `amount` from `owner`: re-reads the wallet's LOOP (refused when
     * short), then approves exactly `amount` and waits for that receipt only when the allowance is
     * short. Resolves with the approval's hash, or null when none was needed.
     */
    async ensureAllowance({
      token,
      owner,
      spender,
      amount,
      insufficient = insufficientWalletText,
    }: AllowanceRequest): Promise<TransactionHash | null> {
      phase("checking");
      const { chainId, address } = token;
      const balance = await wallet.readTokenBalance({ chainId, token: address, owner });
      if (balance < amount) throw new Refused(insufficient(amount, balance));
      const allowance = await wallet.readTokenAllowance({ chainId, token: address, owner, spender });
      if (allowance >= amount) return null;
      phase("approving");
      return (await transact(token, "approve", [spender, amount], "approval", false, false)).hash;
    },

    /**
     * `contract.functionName(...args)` from the connected wallet, then its receipt; a reverted one is
     * refused with 'The {what} transaction was reverted on chain.' With `events`, the receipt has
     * what the contract logged; `value` is the native coin a payable function is sent (wei).
     */
    send<N extends WalletContractName, F extends WriteFunctionName<N>>(
      contract: WalletContract<N>,
      functionName: F,
      args: WriteFunctionArgs<N, F>,
      what: string,
      options: { events?: boolean; value?: bigint } = {},
    ): Promise<{ hash: TransactionHash; receipt: TransactionReceipt<N> }> {
      return transact(contract, functionName, args, what, true, options.events === true, options.value);
    },
  };
}

/** What a flow says when it fails. */
export interface FailureTexts {
  Refused: RefusalClass;
  /** The contract's custom errors, by name. */
  revertTexts: Record<string, string>;
  /** A custom error without a text of its own. */
  unknownRevert: (errorName: string) => string;
  /** Anything else without a message meant for people. */
  fallback: string;
  /** A rejection in the wallet, when the flow reports it (the others take it as a dismissal). */
  rejected?: string;
}

/** The text for a failed wallet flow (API errors keep the server's own message: the caller tells them apart). */
export function walletFailureText(error: unknown, texts: FailureTexts): string {
  if (error instanceof texts.Refused) return error.message;
  if (texts.rejected !== undefined && isUserRejection(error)) return texts.rejected;
  if (error instanceof WalletNotConnectedError) return WALLET_NOT_CONNECTED_TEXT;
  if (isNoWalletError(error)) return NO_WALLET_DETECTED;
  const reverted = revertErrorName(error);
  if (reverted) return texts.revertTexts[reverted] ?? texts.unknownRevert(reverted);
  if (error instanceof WalletUnavailableError) return `${error.message} Please reload the page and try again.`;
  for (const link of errorChain(error)) {
    if (typeof link.shortMessage === "string" && link.shortMessage) return link.shortMessage;
  }
  return texts.fallback;
}

/** The user changed their mind (closed the wallet modal, rejected a request): nothing to report. */
export function isWalletDismissal(error: unknown): boolean {
  return error instanceof WalletModalClosedError || isUserRejection(error);
}
