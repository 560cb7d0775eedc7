// LOOP payouts, each withdrawal paid once whatever fails (issue 17). The database never waits on
// the chain inside a transaction, and the chain, not a call's answer, decides the outcome:
//
// 1. Intent: the admin's "processing" commits the withdrawal as processing with no transaction
//    hash ("paying") and a lease (withdrawals.service.ts). From here nobody may cancel or fail it.
// 2. Attempt: the one nonce authority of the operator key and chain (chain/operator-nonce.ts, shared
//    with every operator transaction) gives the next nonce, the payout transaction is signed, and the
//    signed bytes stored (payout_attempts) before anything is broadcast.
// 3. Broadcast and receipt. Success records the hash (processing, "sent"); a revert proves the
//    payout did not happen and the withdrawal is pending again with the reason.
// 4. Anything else (a crash at any line, an RPC error, a lost answer, a receipt that never came)
//    leaves the withdrawal paying. Once its lease has passed, the reconciler (on start and on a
//    timer, one replica per withdrawal) asks the vault: paid → completed with the paying
//    transaction; the stored transaction still undecided → re-sent as is (same nonce, same bytes);
//    dropped (its nonce used by another transaction) or never signed → a new attempt. The vault
//    pays each withdrawal id once, so even a re-send the API got wrong cannot pay twice.
import { weiToLedgerUnits } from "@loop/rules/units";
import type { Hex } from "viem";
import type { AppDeps, PayoutStep, TestHooks } from "../../deps";
import type { Tx } from "../../db/prisma";
import { createNotificationInTx } from "../notifications/create-notification";
import {
  broadcastPayout,
  checkPayout,
  operatorAddress,
  payoutChain,
  payoutFate,
  payoutOnChain,
  pendingNonce,
  signPayout,
  waitForPayout,
  type PaidOutOnChain,
  type PayoutChain,
  type SignedPayout,
} from "./vault-payout";
import { completeLoopWithdrawalFromChainInTx, loopPayoutCompletedNotice } from "./withdrawal-settlement";
import { TX_DEFAULT } from "../../db/transactions";
import { nextOperatorNonceInTx } from "../../chain/operator-nonce";
import { DomainError, isRefusal } from "../../domain-error";

interface PayingWithdrawal {
  id: string;
  userId: string;
  amount: bigint;
  destination: string;
  payoutChainId: number | null;
}

type Attempt = SignedPayout & { id: string };

/** What of AppDeps a payout uses. */
type PayoutDeps = Pick<AppDeps, "prisma" | "chains" | "config" | "logger">;

/** What a payout runs with: the app's deps and the test hooks of the call (deps.ts). */
type SenderDeps = PayoutDeps & { testHooks: TestHooks };

async function probe(deps: SenderDeps, step: PayoutStep, withdrawalId: string): Promise<void> {
  if (deps.testHooks.payoutProbe) await deps.testHooks.payoutProbe(step, withdrawalId);
}

const request = (row: PayingWithdrawal) => ({ withdrawalId: row.id, destination: row.destination, amount: row.amount });

/** Step 2: signs a payout with the next free nonce (nextOperatorNonceInTx) and stores it, committed, before it is sent. */
async function storeNewAttempt(
  deps: SenderDeps,
  chain: PayoutChain,
  row: PayingWithdrawal,
): Promise<Attempt | { alreadyPaid: PaidOutOnChain }> {
  const checked = await checkPayout(deps, chain, request(row));
  if ("alreadyPaid" in checked) return checked;
  const sender = operatorAddress(deps).toLowerCase();
  return deps.prisma.$transaction(async (tx) => {
    const nonce = await nextOperatorNonceInTx(tx, chain.chainId, sender, {
      pendingNonce: () => pendingNonce(deps, chain),
      broadcast: (rawTransaction) => broadcastPayout(chain, rawTransaction),
    });
    const signed = await signPayout(deps, checked, nonce);
    const stored = await tx.payoutAttempt.create({
      data: { withdrawalId: row.id, chainId: chain.chainId, sender, txHash: signed.transactionHash, rawTx: signed.rawTransaction, nonce },
    });
    return { ...signed, id: stored.id };
  }, TX_DEFAULT);
}

async function resolveAttempt(db: Tx | AppDeps["prisma"], attemptId: string, outcome: "mined" | "reverted" | "dropped"): Promise<void> {
  await db.payoutAttempt.updateMany({ where: { id: attemptId, outcome: null }, data: { outcome, resolvedAt: new Date() } });
}

/** The chain proved the payout happened: the withdrawal completes (hold captured) with its transaction. */
async function completeFromChain(deps: SenderDeps, row: PayingWithdrawal, chain: PayoutChain, paid: PaidOutOnChain): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    await tx.payoutAttempt.updateMany({
      where: { withdrawalId: row.id, txHash: paid.transactionHash, outcome: null },
      data: { outcome: "mined", resolvedAt: new Date() },
    });
    const settled = await completeLoopWithdrawalFromChainInTx(tx, row.id, {
      chainId: chain.chainId,
      transactionHash: paid.transactionHash,
      to: paid.to,
      // Not whole ledger units cannot be ours: the vault refuses them, and the check reports it.
      amount: weiToLedgerUnits(paid.wei) ?? -1n,
    });
    if (settled.outcome === "applied")
      await createNotificationInTx(tx, loopPayoutCompletedNotice(settled.userId, row.amount, paid.to, paid.transactionHash));
    else if (settled.outcome !== "already_applied") deps.logger?.error(`payouts: ${settled.detail}`);
    await probe(deps, "result-committing", row.id);
  });
  await probe(deps, "result-committed", row.id);
}

/** A mined payout: the withdrawal is processing with its hash (the admin or the indexed PaidOut completes it). */
async function recordSent(deps: SenderDeps, row: PayingWithdrawal, attempt: Attempt): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    await resolveAttempt(tx, attempt.id, "mined");
    await probe(deps, "result-committing", row.id);
    await tx.withdrawal.updateMany({
      where: { id: row.id, status: "processing", transactionId: null },
      data: { transactionId: attempt.transactionHash, payoutLeaseUntil: null, payoutError: null },
    });
  });
  await probe(deps, "result-committed", row.id);
}

/** The chain proved the payout did not happen and will not: pending again, with the reason for the admin. */
async function backToPending(deps: SenderDeps, row: PayingWithdrawal, reason: string, attemptId?: string): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    if (attemptId) await resolveAttempt(tx, attemptId, "reverted");
    await tx.withdrawal.updateMany({
      where: { id: row.id, status: "processing", transactionId: null },
      data: { status: "pending", payoutChainId: null, payoutLeaseUntil: null, payoutError: reason },
    });
  });
}

/** Steps 3–4 for one stored attempt: broadcast, then what the chain says. */
async function broadcastAndSettle(
  deps: SenderDeps,
  chain: PayoutChain,
  row: PayingWithdrawal,
  attempt: Attempt,
  { completeWhenMined }: { completeWhenMined: boolean },
): Promise<void> {
  let broadcastError: unknown = null;
  try {
    await broadcastPayout(chain, attempt.rawTransaction);
  } catch (error) {
    // The transaction may have arrived all the same (a lost answer): only the chain can tell.
    broadcastError = error;
  }
  await probe(deps, "broadcast", row.id);
  let status: "success" | "reverted";
  if (broadcastError) {
    const fate = await payoutFate(deps, chain, attempt);
    if (fate === "undecided") throw broadcastError;
    if (fate === "dropped") {
      await resolveAttempt(deps.prisma, attempt.id, "dropped");
      throw broadcastError;
    }
    status = fate;
  } else {
    status = await waitForPayout(deps, chain, attempt.transactionHash);
  }
  await probe(deps, "receipt", row.id);
  if (status === "reverted") {
    // Another transaction may have paid it meanwhile (a re-send by another path): the vault knows.
    const paid = await payoutOnChain(chain, row.id);
    if (paid) {
      await resolveAttempt(deps.prisma, attempt.id, "reverted");
      return completeFromChain(deps, row, chain, paid);
    }
    const reason = `Payout transaction ${attempt.transactionHash} reverted on chain ${chain.chainId}`;
    await backToPending(deps, row, reason, attempt.id);
    throw new DomainError("PAYOUT_REVERTED", { txHash: attempt.transactionHash, chainId: chain.chainId });
  }
  if (completeWhenMined) {
    const paid = await payoutOnChain(chain, row.id);
    if (paid) return completeFromChain(deps, row, chain, paid);
  }
  await recordSent(deps, row, attempt);
}

/**
 * A new attempt for a withdrawal with no undecided one: stored, then broadcast and settled. When the
 * vault refuses it now, nothing was ever signed for it: pending again with the reason (and 409).
 */
async function sendNewAttempt(
  deps: SenderDeps,
  chain: PayoutChain,
  row: PayingWithdrawal,
  options: { completeWhenMined: boolean },
): Promise<void> {
  let attempt;
  try {
    attempt = await storeNewAttempt(deps, chain, row);
  } catch (error) {
    if (isRefusal(error, "PAYOUT_REFUSED")) await backToPending(deps, row, error.message);
    throw error;
  }
  if ("alreadyPaid" in attempt) return completeFromChain(deps, row, chain, attempt.alreadyPaid);
  await probe(deps, "attempt-stored", row.id);
  await broadcastAndSettle(deps, chain, row, attempt, options);
}

/**
 * The admin's "processing" of a `loop` withdrawal, after its intent committed: one attempt, sent
 * and awaited. Whatever fails after the intent answers 503 "Payout Pending" (the withdrawal stays
 * paying and the reconciler settles it) or 409 when the chain refused it (pending again).
 */
export async function sendIntendedPayout(appDeps: PayoutDeps, withdrawalId: string, testHooks: TestHooks = {}): Promise<void> {
  const deps: SenderDeps = { ...appDeps, testHooks };
  await probe(deps, "intent-committed", withdrawalId);
  const row = await deps.prisma.withdrawal.findUniqueOrThrow({ where: { id: withdrawalId } });
  const chain = payoutChain(deps, row.payoutChainId ?? deps.config.defaultChainId);
  await sendNewAttempt(deps, chain, row, { completeWhenMined: false });
}

/** Reconciles one paying withdrawal whose lease this process holds. */
async function reconcileOne(deps: SenderDeps, row: PayingWithdrawal): Promise<void> {
  const chain = payoutChain(deps, row.payoutChainId ?? deps.config.defaultChainId);
  const paid = await payoutOnChain(chain, row.id);
  if (paid) return completeFromChain(deps, row, chain, paid);

  const undecided = await deps.prisma.payoutAttempt.findMany({
    where: { withdrawalId: row.id, outcome: null },
    orderBy: { createdAt: "desc" },
  });
  for (const stored of undecided) {
    const attempt: Attempt = {
      id: stored.id,
      transactionHash: stored.txHash as Hex,
      rawTransaction: stored.rawTx as Hex,
      nonce: stored.nonce,
    };
    const fate = await payoutFate(deps, chain, attempt);
    if (fate === "dropped") {
      await resolveAttempt(deps.prisma, attempt.id, "dropped");
      continue;
    }
    if (fate === "reverted") {
      await backToPending(deps, row, `Payout transaction ${attempt.transactionHash} reverted on chain ${chain.chainId}`, attempt.id);
      return;
    }
    // Undecided (or mined since the vault was asked): the same signed transaction again.
    return broadcastAndSettle(deps, chain, row, attempt, { completeWhenMined: true });
  }
  // Never signed, or every attempt proven dead, and the vault says unpaid: a new attempt.
  await sendNewAttempt(deps, chain, row, { completeWhenMined: true });
}

/** Takes the lease of the next paying withdrawal whose lease has passed (SKIP LOCKED: one replica each). */
async function leaseNext(deps: PayoutDeps, skip: readonly string[]): Promise<PayingWithdrawal | null> {
  const leaseMs = deps.config.payouts.leaseMs;
  const rows = await deps.prisma.$queryRaw<PayingWithdrawal[]>`
    UPDATE "app"."withdrawals" AS w SET "payout_lease_until" = now() + ${leaseMs} * interval '1 millisecond'
    WHERE w."id" = (
      SELECT "id" FROM "app"."withdrawals"
      WHERE "method" = 'loop' AND "status" = 'processing' AND "transaction_id" IS NULL
        AND ("payout_lease_until" IS NULL OR "payout_lease_until" < now())
        AND NOT ("id" = ANY(${skip as string[]}::uuid[]))
      ORDER BY "created_at"
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING w."id", w."user_id" AS "userId", w."amount", w."destination", w."payout_chain_id" AS "payoutChainId"`;
  return rows[0] ?? null;
}

export interface ReconcileResult {
  /** Withdrawals looked at. */
  checked: number;
  /** Those whose payout could not be settled this time (kept for the next pass), with the reason. */
  failures: { withdrawalId: string; message: string }[];
}

/**
 * One pass over every paying withdrawal whose lease has passed. Errors are per withdrawal: one
 * chain that does not answer does not stop the others.
 */
export async function reconcilePayouts(appDeps: PayoutDeps, testHooks: TestHooks = {}): Promise<ReconcileResult> {
  const deps: SenderDeps = { ...appDeps, testHooks };
  const seen: string[] = [];
  const failures: ReconcileResult["failures"] = [];
  for (;;) {
    const row = await leaseNext(deps, seen);
    if (!row) break;
    seen.push(row.id);
    try {
      await reconcileOne(deps, row);
    } catch (error) {
      // A refusal by the chain is an outcome (pending again, with the reason), not a failure to settle.
      if (isRefusal(error, "PAYOUT_REFUSED", "PAYOUT_REVERTED")) continue;
      failures.push({
        withdrawalId: row.id,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { checked: seen.length, failures };
}
