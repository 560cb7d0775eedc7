// Withdrawals of method `loop`: LoopVault.payout(to, amount, withdrawalId) sent with the operator
// key (OPERATOR_PRIVATE_KEY), and the on-chain proof that a payout happened. Amounts cross exactly:
// ledger units × 10^10 = wei (the vault refuses anything else).
import { loopVaultAbi } from "@loop/contracts/abis";
import { uuidToBytes32 } from "@loop/rules/deposit-ref";
import { ledgerUnitsToWei } from "@loop/rules/units";
import {
  BaseError,
  ContractFunctionRevertedError,
  createWalletClient,
  formatUnits,
  getAddress,
  http,
  isAddressEqual,
  nonceManager,
  parseEventLogs,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { AppDeps } from "../../deps";
import { Conflict, ServiceUnavailable } from "../../http/errors";

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

export interface SentPayout {
  chainId: number;
  transactionHash: Hex;
}

/** A chain RPC that did not answer or failed: 503, the withdrawal stays as it was (retry later). */
class ChainUnavailable extends ServiceUnavailable {}

interface PayoutChain {
  chainId: number;
  rpcUrl: string;
  vault: Address;
  client: PublicClient;
}

/** The chain payouts go out on: the default chain, which must have LoopVault deployed. */
function payoutChain(deps: AppDeps, chainId = deps.config.defaultChainId): PayoutChain {
  const chain = deps.config.chains.find((candidate) => candidate.id === chainId);
  const client = deps.chains.get(chainId);
  if (!chain || !client || !chain.contracts) {
    throw new ServiceUnavailable(`LOOP payouts are unavailable: LoopVault is not deployed on chain ${chainId}`);
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

/** A payout of `payoutId` that is already on chain (a previous attempt whose answer was lost). */
async function findPaidOut(chain: PayoutChain, payoutId: Hex): Promise<Hex | null> {
  const events = await chain.client.getContractEvents({
    address: chain.vault,
    abi: loopVaultAbi,
    eventName: "PaidOut",
    args: { withdrawalId: payoutId },
    fromBlock: 0n,
  });
  return events[0]?.transactionHash ?? null;
}

/**
 * Sends LoopVault.payout for the withdrawal and waits for its receipt. A revert (checked by a
 * simulation first, so nothing is spent) throws 409 with the contract's reason; an RPC failure 502.
 * If the vault says this withdrawal was paid already, the earlier payout's hash is returned.
 */
export async function sendPayout(deps: AppDeps, request: PayoutRequest): Promise<SentPayout> {
  const key = deps.config.operatorPrivateKey;
  if (!key) throw new ServiceUnavailable("LOOP payouts are unavailable: no operator key is configured (OPERATOR_PRIVATE_KEY)");
  const chain = payoutChain(deps);
  const account = privateKeyToAccount(key, { nonceManager });
  const payoutId = payoutIdOf(request.withdrawalId);
  const args = [getAddress(request.destination), ledgerUnitsToWei(request.amount), payoutId] as const;
  let simulated;
  try {
    simulated = await chain.client.simulateContract({ address: chain.vault, abi: loopVaultAbi, functionName: "payout", args, account });
  } catch (error) {
    const revert = revertOf(error);
    if (revert?.data?.errorName === "WithdrawalAlreadyPaid") {
      const earlier = await findPaidOut(chain, payoutId);
      if (earlier) return { chainId: chain.chainId, transactionHash: earlier };
    }
    if (revert) throw new Conflict(`Payout Failed: LoopVault refused the payout (${describeRevert(revert)})`, { cause: error });
    throw new ChainUnavailable(`Payout Failed: chain ${chain.chainId} did not answer (${error instanceof BaseError ? error.shortMessage : String(error)})`, { cause: error });
  }
  const wallet = createWalletClient({ account, chain: chain.client.chain, transport: http(chain.rpcUrl, { timeout: 20_000, retryCount: 1 }) });
  let transactionHash: Hex;
  try {
    transactionHash = await wallet.writeContract(simulated.request);
  } catch (error) {
    const revert = revertOf(error);
    if (revert) throw new Conflict(`Payout Failed: LoopVault refused the payout (${describeRevert(revert)})`, { cause: error });
    throw new ChainUnavailable(`Payout Failed: the payout transaction could not be sent (${error instanceof BaseError ? error.shortMessage : String(error)})`, { cause: error });
  }
  let status: "success" | "reverted";
  try {
    ({ status } = await chain.client.waitForTransactionReceipt({ hash: transactionHash, timeout: 45_000, pollingInterval: 250 }));
  } catch (error) {
    // Sent but not confirmed in time: retrying is safe (the vault pays each withdrawal id once, and
    // a retry finds this payout through its PaidOut event once it is mined).
    throw new ChainUnavailable(`Payout Pending: transaction ${transactionHash} was sent but is not confirmed yet; try again shortly`, { cause: error });
  }
  if (status !== "success") throw new Conflict(`Payout Failed: transaction ${transactionHash} reverted on chain ${chain.chainId}`);
  return { chainId: chain.chainId, transactionHash };
}

/**
 * True when `transactionHash` on `chainId` succeeded and emitted the vault's PaidOut for this
 * withdrawal, to its destination, for its amount.
 */
export async function isPayoutConfirmed(deps: AppDeps, chainId: number, transactionHash: Hex, request: PayoutRequest): Promise<boolean> {
  const chain = payoutChain(deps, chainId);
  let event;
  try {
    event = await paidOutIn(chain, transactionHash, payoutIdOf(request.withdrawalId));
  } catch (error) {
    if (error instanceof BaseError && error.name === "TransactionReceiptNotFoundError") return false;
    throw new ChainUnavailable(`Payout Check Failed: chain ${chainId} did not answer (${error instanceof BaseError ? error.shortMessage : String(error)})`, { cause: error });
  }
  return !!event && isAddressEqual(event.args.to, getAddress(request.destination)) && event.args.amount === ledgerUnitsToWei(request.amount);
}
