// One nonce authority per operator key and chain (issue 35). Every sender of operator transactions
// (payouts, offer settlements, dispute-window changes) takes its nonce here, under one advisory lock
// shared by every process: one past every stored transaction the chain has not decided (those may
// not be broadcast yet, so the chain's pending count does not know them), or the chain's pending
// count when that is higher. Two senders can then never sign the same nonce, so none invalidates
// a transaction another has stored. A stored transaction that never reached the chain (its sender
// stopped between storing and sending) is sent before a later nonce is given out: a later
// transaction is never stuck behind a gap waiting for that sender's reconciler.
import type { Hex } from "viem";
import type { Tx } from "../db/prisma";

/**
 * The advisory lock's name. It keeps the payouts' name (their sender was the first to take it), so
 * a process of the previous version, which took it for payouts only, still takes turns with this one.
 */
function nonceLockKey(chainId: number, sender: string): string {
  return `loop-payout-nonce:${chainId}:${sender.toLowerCase()}`;
}

export interface NonceChain {
  /** The chain's count of the sender's transactions, pending ones included (its errors are the caller's to map). */
  pendingNonce(): Promise<number>;
  /** Sends a stored signed transaction again; its errors are ignored (the chain decides, and the stored transaction's sender checks). */
  broadcast(rawTransaction: Hex): Promise<unknown>;
}

/**
 * The next free nonce of `sender` on `chainId`. Call it in the transaction that stores the signed
 * transaction: the lock is held until that commits, so the next sender sees what was stored.
 */
export async function nextOperatorNonceInTx(tx: Tx, chainId: number, sender: string, chain: NonceChain): Promise<number> {
  const signer = sender.toLowerCase();
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${nonceLockKey(chainId, signer)}))`;
  const undecided = await tx.$queryRaw<{ nonce: number; rawTx: string }[]>`
    SELECT "nonce", "raw_tx" AS "rawTx" FROM "app"."payout_attempts"
    WHERE "chain_id" = ${chainId} AND "sender" = ${signer} AND "outcome" IS NULL
    UNION ALL
    SELECT "nonce", "raw_tx" FROM "app"."operator_transactions"
    WHERE "chain_id" = ${chainId} AND "sender" = ${signer} AND "outcome" IS NULL
    ORDER BY "nonce"`;
  const pending = await chain.pendingNonce();
  for (const stored of undecided) {
    if (stored.nonce >= pending) await chain.broadcast(stored.rawTx as Hex).catch(() => undefined);
  }
  return Math.max(pending, (undecided.at(-1)?.nonce ?? -1) + 1);
}
