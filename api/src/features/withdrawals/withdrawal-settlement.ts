// What the chain says of a `loop` withdrawal's payout, applied to the app: by the indexed PaidOut
// (settlement/handlers/paid-out.ts) and by the payout reconciler (payout-sender.ts), whichever sees
// it first. The LOOP left the vault, so the withdrawal completes and its hold is captured, once.
// A payout the app cannot apply is never silent: every admin is told of the discrepancy.
import { paths } from "@loop/rules/paths";
import type { WithdrawalMethod } from "@loop/rules/schemas/withdrawals";
import { formatLoop, formatLoopBrief } from "@loop/rules/units";
import type { Tx } from "../../db/prisma";
import { UUID } from "../../http/uuid";
import { captureHoldInTx } from "../ledger/ledger-holds";
import { platformAccountId } from "../ledger/ledger.service";
import type { NotificationInput } from "../notifications/create-notification";
import { tellAdminsInTx } from "../settlement/settlement-discrepancy";

export const METHOD_LABEL: Record<WithdrawalMethod, string> = {
  crypto_eth: "Ethereum",
  crypto_btc: "Bitcoin",
  crypto_usdc: "USDC",
  crypto_usdt: "USDT",
  loop: "LOOP on chain",
};

export const adminInclude = { user: { select: { username: true } } } as const;

/** Locks the withdrawal's row for the rest of the transaction and reads it (null: no such withdrawal). */
export async function lockWithdrawal(tx: Tx, id: string) {
  if (!UUID.test(id)) return null;
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "app"."withdrawals" WHERE "id" = ${id}::uuid FOR UPDATE`;
  if (!locked[0]) return null;
  return tx.withdrawal.findUniqueOrThrow({ where: { id }, include: adminInclude });
}

/** What the chain says was paid for a `loop` withdrawal (LoopVault.PaidOut). */
export interface ObservedPayout {
  chainId: number;
  transactionHash: string;
  /** The receiver (any case). */
  to: string;
  /** Ledger units. */
  amount: bigint;
}

export type PayoutSettlement =
  | { outcome: "applied"; userId: string }
  | { outcome: "already_applied" | "unmatched"; detail: string }
  | { outcome: "discrepancy"; detail: string; adminsTold: true };

/** The owner's notice when the chain completed their withdrawal. */
export function loopPayoutCompletedNotice(userId: string, amount: bigint, to: string, transactionHash: string): NotificationInput {
  return {
    userId,
    type: "success",
    title: "Withdrawal Completed",
    message: `${formatLoopBrief(amount)} LOOP were sent to ${to} (transaction ${transactionHash}).`,
    actionUrl: paths.tokens(),
    actionText: "View withdrawals",
  };
}

/**
 * Applies a payout the chain recorded for withdrawal `id`, inside the caller's transaction: from
 * pending or processing the withdrawal completes with the payout's hash and its hold is captured.
 * Completed already: nothing changes. Anything else (failed or cancelled with the hold released,
 * another method, amount or receiver) is reported to the admins and changes nothing.
 */
export async function completeLoopWithdrawalFromChainInTx(tx: Tx, id: string, payout: ObservedPayout): Promise<PayoutSettlement> {
  const current = await lockWithdrawal(tx, id);
  if (!current) return { outcome: "unmatched", detail: `no withdrawal ${id}` };
  if (current.status === "completed")
    return { outcome: "already_applied", detail: `withdrawal ${id} was completed already (${current.transactionId ?? "no hash"})` };
  let discrepancy: string | null = null;
  if (current.method !== "loop" || current.amount !== payout.amount || current.destination.toLowerCase() !== payout.to.toLowerCase()) {
    discrepancy = `Withdrawal ${id} (${current.method}, ${formatLoop(current.amount)} LOOP to ${current.destination}) does not match the payout of ${formatLoop(payout.amount)} LOOP to ${payout.to} in ${payout.transactionHash}`;
  } else if (current.status !== "pending" && current.status !== "processing") {
    discrepancy = `Withdrawal ${id} is ${current.status} (its LOOP were given back in the app) but was paid on chain in ${payout.transactionHash}`;
  }
  if (discrepancy) {
    await tellAdminsInTx(tx, "Payout Discrepancy", `${discrepancy}. Check the vault and the user's balance.`);
    return { outcome: "discrepancy", detail: discrepancy, adminsTold: true };
  }
  const clearing = await platformAccountId(tx, "clearing");
  await captureHoldInTx(tx, current.holdId, clearing, "withdrawal", `Withdrawal via ${METHOD_LABEL.loop} to ${current.destination}`);
  await tx.withdrawal.update({
    where: { id },
    data: {
      status: "completed",
      transactionId: payout.transactionHash,
      payoutChainId: payout.chainId,
      processedAt: new Date(),
      payoutLeaseUntil: null,
      payoutError: null,
    },
  });
  return { outcome: "applied", userId: current.userId };
}
