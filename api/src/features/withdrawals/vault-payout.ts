// Withdrawals of method `loop`, the chain's side: LoopVault.payout(to, amount, withdrawalId) checked,
// signed with the operator key (OPERATOR_PRIVATE_KEY) and broadcast as separate steps, so that the
// caller can store the signed transaction before it leaves (payout-sender.ts), and what the chain
// records of a payout (the vault pays each withdrawal id once). Amounts cross exactly: ledger
// units × 10^10 = wei (the vault refuses anything else).
import { loopVaultAbi } from "@loop/contracts/abis";
import { uuidToBytes32 } from "@loop/rules/deposit-ref";
import { ledgerUnitsToWei } from "@loop/rules/units";
import {
  BaseError,
  ContractFunctionRevertedError,
  createWalletClient,
  encodeFunctionData,
  formatUnits,
  getAddress,
  http,
  isAddressEqual,
  keccak256,
  parseEventLogs,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionSerializable,
} from "viem";
import { accountOfKey } from "../../chain/key-account";
import type { AppDeps } from "../../deps";
import { transactionFate } from "../../chain/operator-transactions";
import { DomainError } from "../../domain-error";

/** The vault's id of a withdrawal: its UUID's 16 bytes, left-padded to bytes32 (never zero). */
export function payoutIdOf(withdrawalId: string): Hex {
  return uuidToBytes32(withdrawalId);
}

export interface PayoutRequest {
  withdrawalId: string;
  destination: string;
  /** Ledger units. */
  amount: bigint;
}

export interface PayoutChain {
  chainId: number;
  rpcUrl: string;
  vault: Address;
  client: PublicClient;
}

/** The chain payouts go out on: the default chain, which must have LoopVault deployed. */
export function payoutChain(deps: Pick<AppDeps, "chains" | "config">, chainId = deps.config.defaultChainId): PayoutChain {
  const chain = deps.config.chains.find((candidate) => candidate.id === chainId);
  const client = deps.chains.get(chainId);
  if (!chain || !client || !chain.contracts) {
    throw new DomainError("PAYOUTS_UNAVAILABLE", { missing: "vault", chainId });
  }
  return { chainId, rpcUrl: chain.rpcUrl, vault: getAddress(chain.contracts.vault), client };
}

function loop(wei: bigint): string {
  return `${formatUnits(wei, 18)} LOOP`;
}

/** The contract's custom error as a sentence, e.g. "InsufficientReserve: the vault's reserve holds 5 LOOP, 20 LOOP requested". */
function describeRevert(error: ContractFunctionRevertedError): string {
  const name = error.data?.errorName ?? error.reason ?? "unknown reason";
  const args = (error.data?.args ?? []) as readonly unknown[];
  switch (name) {
    case "InsufficientReserve":
      return `InsufficientReserve: the vault's reserve holds ${loop(args[1] as bigint)}, ${loop(args[0] as bigint)} requested`;
    case "PayoutLimitExceeded": {
      // (requested, remainingInPeriod, periodEndsAt): the period's end is a UTC time in seconds.
      const endsAt = new Date(Number(args[2] as bigint) * 1000)
        .toISOString()
        .replace("T", " ")
        .replace(/:\d{2}\.\d{3}Z$/, " UTC");
      return `PayoutLimitExceeded: this period's payout limit leaves ${loop(args[1] as bigint)}, ${loop(args[0] as bigint)} requested; try after ${endsAt} or ask an admin to raise the limit`;
    }
    case "EnforcedPause":
      return "EnforcedPause: the vault is paused";
    case "AccessControlUnauthorizedAccount":
      return "AccessControlUnauthorizedAccount: the operator key lacks OPERATOR_ROLE on the vault";
    default:
      return args.length ? `${name}(${args.map(String).join(", ")})` : name;
  }
}

function revertOf(error: unknown): ContractFunctionRevertedError | null {
  if (!(error instanceof BaseError)) return null;
  const found = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  return found instanceof ContractFunctionRevertedError ? found : null;
}

/** The PaidOut event of `payoutId` in a successful transaction's receipt, if it is there. */
async function paidOutIn(chain: PayoutChain, transactionHash: Hex, payoutId: Hex) {
  const receipt = await chain.client.getTransactionReceipt({ hash: transactionHash });
  if (receipt.status !== "success") return null;
  const events = parseEventLogs({ abi: loopVaultAbi, eventName: "PaidOut", logs: receipt.logs });
  return events.find((event) => isAddressEqual(event.address, chain.vault) && event.args.withdrawalId === payoutId) ?? null;
}

/** A payout of `payoutId` that is already on chain, with its transaction (null: none). */
async function findPaidOut(chain: PayoutChain, payoutId: Hex): Promise<PaidOutOnChain | null> {
  const events = await chain.client.getContractEvents({
    address: chain.vault,
    abi: loopVaultAbi,
    eventName: "PaidOut",
    args: { withdrawalId: payoutId },
    fromBlock: 0n,
  });
  const event = events[0];
  if (!event?.transactionHash || !event.args.to || event.args.amount === undefined) return null;
  return { transactionHash: event.transactionHash, to: event.args.to, wei: event.args.amount };
}

/** What a chain error says, for a refusal's message. */
const detailOf = (error: unknown) => (error instanceof BaseError ? error.shortMessage : String(error));

/** A chain RPC that did not answer or failed at `step`: 503, the withdrawal stays as it was (retry later). */
function unavailable(step: "check" | "send" | "prepare", chainId: number, error: unknown): DomainError {
  return new DomainError("PAYOUT_CHAIN_UNAVAILABLE", { step, chainId, detail: detailOf(error) }, { cause: error });
}

function operatorAccount(deps: Pick<AppDeps, "config">) {
  const key = deps.config.operatorPrivateKey;
  if (!key) throw new DomainError("PAYOUTS_UNAVAILABLE", { missing: "operatorKey" });
  return accountOfKey(key);
}

/** The operator's address (whose nonces payouts use). */
export function operatorAddress(deps: Pick<AppDeps, "config">): Address {
  return operatorAccount(deps).address;
}

/** A payout of this withdrawal that the chain has, found by the vault's own record. */
export interface PaidOutOnChain {
  transactionHash: Hex;
  to: Address;
  wei: bigint;
}

/**
 * What the chain says of the withdrawal's payout: paid (with the transaction that paid it) or not.
 * `withdrawalPaid(id)` is the vault's own record, so this is the proof, whatever the API saw.
 */
export async function payoutOnChain(chain: PayoutChain, withdrawalId: string): Promise<PaidOutOnChain | null> {
  const payoutId = payoutIdOf(withdrawalId);
  try {
    const paid = await chain.client.readContract({
      address: chain.vault,
      abi: loopVaultAbi,
      functionName: "withdrawalPaid",
      args: [payoutId],
    });
    if (!paid) return null;
    const found = await findPaidOut(chain, payoutId);
    if (!found) throw new Error(`LoopVault says withdrawal ${withdrawalId} was paid but no PaidOut event was found`);
    return found;
  } catch (error) {
    throw unavailable("check", chain.chainId, error);
  }
}

/** A payout transaction, simulated and ready to sign. */
export interface CheckedPayout {
  chain: PayoutChain;
  /** The vault accepts it now. */
  request: { to: Address; data: Hex; gas?: bigint };
}

/**
 * Simulates LoopVault.payout for the withdrawal (nothing is spent). A revert throws 409 with the
 * contract's reason, except WithdrawalAlreadyPaid, which answers the payout that is on chain; an
 * RPC failure throws 503.
 */
export async function checkPayout(
  deps: Pick<AppDeps, "chains" | "config">,
  chain: PayoutChain,
  request: PayoutRequest,
): Promise<CheckedPayout | { alreadyPaid: PaidOutOnChain }> {
  const account = operatorAccount(deps);
  const payoutId = payoutIdOf(request.withdrawalId);
  const args = [getAddress(request.destination), ledgerUnitsToWei(request.amount), payoutId] as const;
  try {
    await chain.client.simulateContract({ address: chain.vault, abi: loopVaultAbi, functionName: "payout", args, account });
  } catch (error) {
    const revert = revertOf(error);
    if (revert?.data?.errorName === "WithdrawalAlreadyPaid") {
      const earlier = await payoutOnChain(chain, request.withdrawalId);
      if (earlier) return { alreadyPaid: earlier };
    }
    if (revert) throw new DomainError("PAYOUT_REFUSED", { reason: describeRevert(revert) }, { cause: error });
    throw unavailable("send", chain.chainId, error);
  }
  return { chain, request: { to: chain.vault, data: encodeFunctionData({ abi: loopVaultAbi, functionName: "payout", args }) } };
}

export interface SignedPayout {
  transactionHash: Hex;
  rawTransaction: Hex;
  nonce: number;
}

/**
 * Signs the payout transaction with `nonce` (the caller picks it, see payout-sender.ts). Nothing is
 * sent: the signed transaction is stored first, so that what was broadcast is always on record.
 */
export async function signPayout(deps: Pick<AppDeps, "config">, checked: CheckedPayout, nonce: number): Promise<SignedPayout> {
  const account = operatorAccount(deps);
  const { chain } = checked;
  const wallet = createWalletClient({
    account,
    chain: chain.client.chain,
    transport: http(chain.rpcUrl, { timeout: 20_000, retryCount: 1 }),
  });
  try {
    const prepared = await wallet.prepareTransactionRequest({ ...checked.request, account, chain: chain.client.chain, nonce });
    const { account: _signer, ...unsigned } = prepared;
    const rawTransaction = await account.signTransaction({ ...unsigned, chainId: chain.chainId } as TransactionSerializable);
    return { transactionHash: keccak256(rawTransaction), rawTransaction, nonce };
  } catch (error) {
    throw unavailable("prepare", chain.chainId, error);
  }
}

/** The operator's next nonce by the chain (pending transactions counted). */
export async function pendingNonce(deps: Pick<AppDeps, "config">, chain: PayoutChain): Promise<number> {
  try {
    return await chain.client.getTransactionCount({ address: operatorAddress(deps), blockTag: "pending" });
  } catch (error) {
    throw unavailable("send", chain.chainId, error);
  }
}

/** Broadcasts a signed payout. Errors are the caller's to judge by the chain afterwards (see payoutFate). */
export async function broadcastPayout(chain: PayoutChain, rawTransaction: Hex): Promise<void> {
  try {
    await chain.client.sendRawTransaction({ serializedTransaction: rawTransaction });
  } catch (error) {
    throw new DomainError("PAYOUT_PENDING", { chainId: chain.chainId, detail: detailOf(error) }, { cause: error });
  }
}

/**
 * What became of a signed payout transaction: mined (success or reverted), dropped (its nonce was
 * used by another transaction, so it can never be mined), or undecided (pending, or never arrived).
 */
export async function payoutFate(
  deps: Pick<AppDeps, "config">,
  chain: PayoutChain,
  signed: Pick<SignedPayout, "transactionHash" | "nonce">,
): Promise<"success" | "reverted" | "dropped" | "undecided"> {
  try {
    return await transactionFate(chain.client, operatorAddress(deps), signed);
  } catch (error) {
    throw unavailable("check", chain.chainId, error);
  }
}

/** Waits for the payout's receipt; throws 503 "Payout Pending" when it does not come in time. */
export async function waitForPayout(
  deps: Pick<AppDeps, "config">,
  chain: PayoutChain,
  transactionHash: Hex,
): Promise<"success" | "reverted"> {
  try {
    const { status } = await chain.client.waitForTransactionReceipt({
      hash: transactionHash,
      timeout: deps.config.payouts.receiptTimeoutMs,
      pollingInterval: 250,
    });
    return status;
  } catch (error) {
    throw new DomainError("PAYOUT_PENDING", { chainId: chain.chainId, txHash: transactionHash, detail: detailOf(error) }, { cause: error });
  }
}

/**
 * True when `transactionHash` on `chainId` succeeded and emitted the vault's PaidOut for this
 * withdrawal, to its destination, for its amount.
 */
export async function isPayoutConfirmed(
  deps: Pick<AppDeps, "chains" | "config">,
  chainId: number,
  transactionHash: Hex,
  request: PayoutRequest,
): Promise<boolean> {
  const chain = payoutChain(deps, chainId);
  let event;
  try {
    event = await paidOutIn(chain, transactionHash, payoutIdOf(request.withdrawalId));
  } catch (error) {
    if (error instanceof BaseError && error.name === "TransactionReceiptNotFoundError") return false;
    throw unavailable("check", chainId, error);
  }
  return (
    !!event && isAddressEqual(event.args.to, getAddress(request.destination)) && event.args.amount === ledgerUnitsToWei(request.amount)
  );
}
