// Operator transactions other than payouts (offer settlements, dispute-window changes), sent as
// payouts are (issue 17): checked by a simulation, signed with the nonce the one nonce authority
// gives (operator-nonce.ts), stored, and only then broadcast. The chain decides the outcome; a
// transaction whose fate is unknown (a crash after storing it, a lost answer) is sent again as is by
// the reconciler until the chain decides it, so the operator's nonces never have a gap.
import {
  type Abi,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  type TransactionSerializable,
} from "viem";
import { accountOfKey } from "./key-account";
import type { AppDeps } from "../deps";
import { TX_DEFAULT } from "../db/transactions";
import { nextOperatorNonceInTx } from "./operator-nonce";
import type { Tx } from "../db/prisma";

export type OperatorPurpose = "offer_settlement" | "dispute_window";
export type TransactionFate = "success" | "reverted" | "dropped" | "undecided";

/** The contract refused the call in its simulation: nothing was signed. `reason` is its custom error's name. */
export class OperatorCallRefused extends Error {
  constructor(
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`refused: ${reason}`, options);
  }
}

/** The chain did not answer, or has not decided the transaction yet (it stays stored and is sent again). */
export class OperatorChainUnavailable extends Error {}

export interface OperatorCall {
  chainId: number;
  purpose: OperatorPurpose;
  address: Address;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
}

export interface StoredOperatorTransaction {
  id: string;
  chainId: number;
  txHash: Hex;
  rawTx: Hex;
  nonce: number;
}

/** How long a transaction is left to the sender that stored it before the reconciler sends it again. */
const RECONCILE_AFTER_MS = 30_000;

function shortMessage(error: unknown): string {
  return error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error);
}

function revertName(error: unknown): string | null {
  if (!(error instanceof BaseError)) return null;
  const found = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  return found instanceof ContractFunctionRevertedError ? (found.data?.errorName ?? found.reason ?? "reverted") : null;
}

function operatorChain(deps: Pick<AppDeps, "chains" | "config">, chainId: number) {
  const key = deps.config.operatorPrivateKey;
  const chain = deps.config.chains.find((candidate) => candidate.id === chainId);
  const client = deps.chains.get(chainId);
  if (!key || !chain || !client) return null;
  return { account: accountOfKey(key), rpcUrl: chain.rpcUrl, client };
}

/** The operator key's address, lower case (null without a key). */
export function operatorSender(deps: Pick<AppDeps, "config">): string | null {
  const key = deps.config.operatorPrivateKey;
  return key ? accountOfKey(key).address.toLowerCase() : null;
}

/**
 * Checks `call` by simulating it, signs it with the next free nonce and stores it, committed, before
 * anything is broadcast. `inTx` runs in the storing transaction (to link the transaction to what
 * asked for it). Throws OperatorCallRefused (the contract refuses it now) or OperatorChainUnavailable.
 */
export async function storeOperatorTransaction(
  deps: Pick<AppDeps, "chains" | "config" | "prisma">,
  call: OperatorCall,
  inTx?: (tx: Tx, txHash: Hex) => Promise<void>,
): Promise<StoredOperatorTransaction> {
  const chain = operatorChain(deps, call.chainId);
  if (!chain) throw new OperatorChainUnavailable(`no operator key or chain ${call.chainId} is configured`);
  const { account, client } = chain;
  const target = { address: getAddress(call.address), abi: call.abi, functionName: call.functionName, args: call.args };
  try {
    await client.simulateContract({ ...target, account } as Parameters<PublicClient["simulateContract"]>[0]);
  } catch (error) {
    const reason = revertName(error);
    if (reason) throw new OperatorCallRefused(reason, { cause: error });
    throw new OperatorChainUnavailable(`chain ${call.chainId} did not answer (${shortMessage(error)})`, { cause: error });
  }
  const data = encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args } as Parameters<
    typeof encodeFunctionData
  >[0]);
  const wallet = createWalletClient({ account, chain: client.chain, transport: http(chain.rpcUrl, { timeout: 20_000, retryCount: 1 }) });
  const sender = account.address.toLowerCase();
  try {
    return await deps.prisma.$transaction(async (tx) => {
      const nonce = await nextOperatorNonceInTx(tx, call.chainId, sender, {
        pendingNonce: () => client.getTransactionCount({ address: account.address, blockTag: "pending" }),
        broadcast: (serializedTransaction) => client.sendRawTransaction({ serializedTransaction }),
      });
      const prepared = await wallet.prepareTransactionRequest({ to: target.address, data, account, chain: client.chain, nonce });
      const { account: _signer, ...unsigned } = prepared;
      const rawTx = await account.signTransaction({ ...unsigned, chainId: call.chainId } as TransactionSerializable);
      const txHash = keccak256(rawTx);
      const stored = await tx.operatorTransaction.create({
        data: { chainId: call.chainId, sender, nonce, purpose: call.purpose, txHash, rawTx },
        select: { id: true },
      });
      await inTx?.(tx, txHash);
      return { id: stored.id, chainId: call.chainId, txHash, rawTx, nonce };
    }, TX_DEFAULT);
  } catch (error) {
    if (error instanceof BaseError) {
      throw new OperatorChainUnavailable(`the transaction could not be prepared on chain ${call.chainId} (${shortMessage(error)})`, {
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * What became of a signed transaction of `sender`: mined (success or reverted), dropped (its nonce
 * was used by another transaction, so it can never be mined), or undecided (pending, or never arrived).
 */
export async function transactionFate(
  client: PublicClient,
  sender: Address,
  signed: { transactionHash: Hex; nonce: number },
): Promise<TransactionFate> {
  const receiptOf = () =>
    client.getTransactionReceipt({ hash: signed.transactionHash }).catch((error: unknown) => {
      if (error instanceof BaseError && error.name === "TransactionReceiptNotFoundError") return null;
      throw error;
    });
  const receipt = await receiptOf();
  if (receipt) return receipt.status;
  const mined = await client.getTransactionCount({ address: sender, blockTag: "latest" });
  if (mined <= signed.nonce) return "undecided";
  // The nonce is used: by this transaction if it was mined meanwhile (asked again), else by another.
  const again = await receiptOf();
  return again ? again.status : "dropped";
}

async function resolve(deps: Pick<AppDeps, "prisma">, id: string, outcome: Exclude<TransactionFate, "undecided">): Promise<void> {
  await deps.prisma.operatorTransaction.updateMany({ where: { id, outcome: null }, data: { outcome, resolvedAt: new Date() } });
}

/**
 * Broadcasts a stored transaction (again, when it was already: the same bytes cannot be mined
 * twice) and waits up to `receiptTimeoutMs` for the chain to decide it: success, reverted, or
 * dropped (its nonce used by another transaction: the caller may store a new one). Throws
 * OperatorChainUnavailable while it is undecided.
 */
export async function sendStoredOperatorTransaction(
  deps: Pick<AppDeps, "chains" | "config" | "prisma">,
  stored: StoredOperatorTransaction,
  receiptTimeoutMs = 60_000,
): Promise<Exclude<TransactionFate, "undecided">> {
  const chain = operatorChain(deps, stored.chainId);
  if (!chain) throw new OperatorChainUnavailable(`no operator key or chain ${stored.chainId} is configured`);
  const { client, account } = chain;
  try {
    await client.sendRawTransaction({ serializedTransaction: stored.rawTx });
  } catch {
    // Known already, or a lost answer: only the chain can tell, below.
  }
  let fate: TransactionFate;
  try {
    const receipt = await client.waitForTransactionReceipt({ hash: stored.txHash, timeout: receiptTimeoutMs, pollingInterval: 250 });
    fate = receipt.status;
  } catch (error) {
    try {
      fate = await transactionFate(client, account.address, { transactionHash: stored.txHash, nonce: stored.nonce });
    } catch {
      fate = "undecided";
    }
    if (fate === "undecided") {
      throw new OperatorChainUnavailable(
        `transaction ${stored.txHash} is not decided on chain ${stored.chainId} yet (${shortMessage(error)})`,
        {
          cause: error,
        },
      );
    }
  }
  await resolve(deps, stored.id, fate);
  return fate;
}

/** The stored transaction with hash `txHash` and what the chain did of it (null: not one of ours). */
export async function storedOperatorTransaction(
  deps: Pick<AppDeps, "prisma">,
  txHash: string,
): Promise<{ stored: StoredOperatorTransaction; outcome: string | null } | null> {
  const row = await deps.prisma.operatorTransaction.findUnique({ where: { txHash } });
  if (!row) return null;
  return {
    stored: { id: row.id, chainId: row.chainId, txHash: row.txHash as Hex, rawTx: row.rawTx as Hex, nonce: row.nonce },
    outcome: row.outcome,
  };
}

/**
 * Every stored transaction the chain has not decided, older than the time its sender waits for it:
 * decided ones are recorded, the others broadcast again as they are (never re-signed: their nonce
 * stays theirs). Returns how many are still undecided.
 */
export async function reconcileOperatorTransactions(deps: Pick<AppDeps, "chains" | "config" | "logger" | "prisma">): Promise<number> {
  const sender = operatorSender(deps);
  if (!sender) return 0;
  const rows = await deps.prisma.operatorTransaction.findMany({
    where: { sender, outcome: null, createdAt: { lt: new Date(Date.now() - RECONCILE_AFTER_MS) } },
    orderBy: [{ chainId: "asc" }, { nonce: "asc" }],
  });
  let undecided = 0;
  for (const row of rows) {
    const chain = operatorChain(deps, row.chainId);
    if (!chain) continue;
    try {
      const fate = await transactionFate(chain.client, chain.account.address, { transactionHash: row.txHash as Hex, nonce: row.nonce });
      if (fate !== "undecided") {
        await resolve(deps, row.id, fate);
        continue;
      }
      undecided++;
      await chain.client.sendRawTransaction({ serializedTransaction: row.rawTx as Hex }).catch(() => undefined);
    } catch (error) {
      undecided++;
      deps.logger?.warn(`operator transactions: ${row.txHash} on chain ${row.chainId}: ${shortMessage(error)}`);
    }
  }
  return undecided;
}
