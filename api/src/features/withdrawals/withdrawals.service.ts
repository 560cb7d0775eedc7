// Withdrawals of in-app LOOP (issue 5): the user's request, history and cancel, and the admin's
// list and state machine. Every change of a withdrawal locks its row (SELECT … FOR UPDATE) and
// moves its ledger hold in the same transaction, so two admins clicking at once resolve it once.
//
// Bookkeeping (docs/product.md#ledger, checked by ledger-check.ts):
// - Suspended (issue 35): a member whose withdrawals a second chargeback on their sales (or an admin)
//   suspended is refused (403 "Withdrawals Suspended: …") until an admin lifts it.
// - Request: the amount is held on the user's (withdrawable) account (placeHoldInTx; promotional
//   LOOP, on the member's other account, never leaves: issue 18) in the transaction that
//   inserts the row; it leaves the available balance at once, the balance only on completion.
// - Completed, every method: the hold is captured by one entry of kind 'withdrawal', user → the
//   platform's `clearing` account. Clearing is where LOOP that left the in-app economy is counted:
//   the checker's "sum of all balances is zero" then reads in-app LOOP (users + fees + vault) =
//   issued (−issuance) − paid out (clearing). Not into `vault`: that account is in-app LOOP the
//   platform set aside as the withdrawal reserve (admin vault deposits, "Available for Withdrawal");
//   crediting it with paid-out LOOP would count LOOP that is gone as still in the app and make the
//   reserve grow with every payout. For `loop` the tokens themselves leave LoopVault's on-chain
//   reserve, which the contract keeps (and refuses payouts above: InsufficientReserve).
// - Failed and cancelled release the hold: nothing moves.
// - Fees: none. usdAmount = amount / 500 rounded half-up to the cent, and netUsdAmount = usdAmount:
//   the platform charges no withdrawal fee, and network fees (gas, miner fees) are the platform's,
//   paid out of its own funds, never deducted from the user's payout (@loop/rules/withdrawal-fees).
import { randomUUID } from "node:crypto";
import { paths } from "@loop/rules/paths";
import {
  canTransition,
  withdrawalRequestSchemaFor,
  type AdminWithdrawal,
  type Withdrawal,
  type WithdrawalMethod,
  type WithdrawalStatus,
  type WithdrawalStatusUpdate,
} from "@loop/rules/schemas/withdrawals";
import { formatLoop, formatLoopBrief, formatUsd, loopUnitsToCents } from "@loop/rules/units";
import { withdrawalNetUsdCents } from "@loop/rules/withdrawal-fees";
import type { Hex } from "viem";
import type { z } from "zod";
import type { AppDeps, TestHooks } from "../../deps";
import { isUniqueViolation, type PrismaClient, type Tx } from "../../db/prisma";
import { newestFirst } from "../../db/newest-first";
import { captureHoldInTx, placeHoldInTx, releaseHoldInTx } from "../ledger/ledger-holds";
import { InsufficientFunds, platformAccountId, userAccountId } from "../ledger/ledger.service";
import { recordAdminActionInTx } from "../admin/audit-log";
import { createNotificationInTx, type NotificationInput } from "../notifications/create-notification";
import { settingsInUse } from "../platform-settings/platform-settings.service";
import { outgoingRefusal } from "../tokens/tokens.service";
import { destinationRefusal } from "./destination";
import { sendIntendedPayout } from "./payout-sender";
import { checkPayout, isPayoutConfirmed, payoutChain } from "./vault-payout";
import { METHOD_LABEL, adminInclude, lockWithdrawal } from "./withdrawal-settlement";
import { TX_QUEUED } from "../../db/transactions";
import { DomainError } from "../../domain-error";

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

interface WithdrawalRow {
  id: string;
  userId: string;
  amount: bigint;
  usdCents: bigint;
  method: string;
  destination: string;
  status: string;
  holdId: string;
  transactionId: string | null;
  payoutChainId: number | null;
  failureReason: string | null;
  payoutError: string | null;
  createdAt: Date;
  processedAt: Date | null;
}

type AdminRow = WithdrawalRow & { user: { username: string } };

function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amount: formatLoop(row.amount),
    usdAmount: formatUsd(row.usdCents),
    method: row.method as WithdrawalMethod,
    destination: row.destination,
    status: row.status as WithdrawalStatus,
    transactionId: row.transactionId,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt ? row.processedAt.toISOString() : null,
  };
}

/** A `loop` withdrawal whose payout was started and whose outcome the chain has not given yet. */
const isPaying = (row: WithdrawalRow) => row.method === "loop" && row.status === "processing" && !row.transactionId;

function toAdminWithdrawal(row: AdminRow): AdminWithdrawal {
  return {
    ...toWithdrawal(row),
    userId: row.userId,
    username: row.user.username,
    // No platform fee and no network fee deducted (@loop/rules/withdrawal-fees, shown on Settings).
    netUsdAmount: formatUsd(withdrawalNetUsdCents(row.usdCents)),
    payoutInProgress: isPaying(row),
    payoutError: row.payoutError,
  };
}

export type WithdrawalRequestInput = z.output<ReturnType<typeof withdrawalRequestSchemaFor>>;

/** POST /api/tokens/withdraw's body schema now: its minimum is the platform setting's (its message names it). */
export async function withdrawalRequestSchemaNow(db: Tx | PrismaClient) {
  const { minWithdrawalUnits } = await settingsInUse(db);
  return withdrawalRequestSchemaFor(minWithdrawalUnits);
}

/**
 * POST /api/tokens/withdraw, its body parsed with withdrawalRequestSchemaNow. `db` is what
 * idempotent() hands its handler: with an Idempotency-Key, the transaction that holds the key's claim (the withdrawal commits with the stored answer);
 * without one, `prisma` itself, and the hold and the row get a transaction of their own. The key
 * is also kept on the row: a retry finds its withdrawal instead of holding the amount twice.
 */
export async function requestWithdrawal(
  prisma: PrismaClient,
  db: Tx | PrismaClient,
  userId: string,
  { amount, method, destination }: WithdrawalRequestInput,
  key: string | null,
): Promise<Withdrawal> {
  const refusal = destinationRefusal(method, destination);
  if (refusal) throw refusal;
  const existing = async () =>
    key ? await db.withdrawal.findUnique({ where: { userId_idempotencyKey: { userId, idempotencyKey: key } } }) : null;
  const earlier = await existing();
  if (earlier) return toWithdrawal(earlier);
  const id = randomUUID();
  const create = async (tx: Tx) => {
    // The member's row before the ledger (the order of every transaction): a chargeback suspending
    // them at this moment (reverse-checkout.ts) waits for this request, or this request sees it.
    const [member] = await tx.$queryRaw<{ suspended: boolean }[]>`
      SELECT "withdrawals_suspended_at" IS NOT NULL AS "suspended" FROM "app"."users" WHERE "id" = ${userId}::uuid FOR SHARE`;
    if (member?.suspended) throw new DomainError("WITHDRAWALS_SUSPENDED");
    const accountId = await userAccountId(tx, userId);
    const hold = await placeHoldInTx(tx, accountId, amount, `withdrawal:${id}`);
    return tx.withdrawal.create({
      data: { id, userId, amount, usdCents: loopUnitsToCents(amount), method, destination, holdId: hold.id, idempotencyKey: key },
    });
  };
  try {
    const row = db === prisma ? await prisma.$transaction(create, TX_QUEUED) : await create(db as Tx);
    return toWithdrawal(row);
  } catch (error) {
    // Only withdrawable LOOP leaves (the hold is on the 'user' account): promotional LOOP is explained.
    if (error instanceof InsufficientFunds) throw await outgoingRefusal(db, userId, "withdraw", "WITHDRAWAL_INSUFFICIENT_BALANCE");
    if (db === prisma && isUniqueViolation(error)) {
      const raced = await existing();
      if (raced) return toWithdrawal(raced);
    }
    throw error;
  }
}

/** GET /api/tokens/withdrawals: the user's own, newest first. */
export async function listWithdrawals(prisma: PrismaClient, userId: string, limit = 100, offset = 0): Promise<Withdrawal[]> {
  const rows = await prisma.withdrawal.findMany({
    where: { userId },
    ...newestFirst(limit, offset),
  });
  return rows.map(toWithdrawal);
}

/** GET /api/admin/tokens/withdrawals?status=: everyone's, newest first. */
export async function listAllWithdrawals(
  prisma: PrismaClient,
  status: WithdrawalStatus | undefined,
  limit = 200,
  offset = 0,
): Promise<AdminWithdrawal[]> {
  const rows = await prisma.withdrawal.findMany({
    where: status ? { status } : {},
    include: adminInclude,
    ...newestFirst(limit, offset),
  });
  return rows.map(toAdminWithdrawal);
}

function assertTransition(row: WithdrawalRow, to: WithdrawalStatus): void {
  const from = row.status as WithdrawalStatus;
  if (!canTransition(from, to)) throw new DomainError("INVALID_STATUS_CHANGE", { from, to });
}

/** POST /api/tokens/withdrawals/:id/cancel: the owner, while it is pending. Releases the hold. */
export async function cancelWithdrawal(prisma: PrismaClient, userId: string, id: string): Promise<Withdrawal> {
  const row = await prisma.$transaction(async (tx) => {
    const current = await lockWithdrawal(tx, id);
    if (!current || current.userId !== userId) throw new DomainError("WITHDRAWAL_NOT_FOUND");
    if (isPaying(current)) throw new DomainError("PAYOUT_IN_PROGRESS");
    assertTransition(current, "cancelled");
    await releaseHoldInTx(tx, current.holdId);
    return tx.withdrawal.update({ where: { id }, data: { status: "cancelled", processedAt: new Date() } });
  }, TX_QUEUED);
  return toWithdrawal(row);
}

/**
 * PUT /api/admin/tokens/withdrawals/:id/status. pending → processing | cancelled | failed;
 * processing → completed | failed. For method `loop`, processing sends LoopVault.payout (and the
 * withdrawal stays pending if the vault refuses); completing it needs that payout's hash, confirmed
 * on chain; a paid-out withdrawal can no longer fail (the LOOP has left the vault).
 */
export async function updateWithdrawalStatus(
  deps: Pick<AppDeps, "chains" | "config" | "logger" | "prisma">,
  adminId: string,
  id: string,
  { status, transactionId, failureReason }: WithdrawalStatusUpdate,
  testHooks: TestHooks = {},
): Promise<AdminWithdrawal> {
  const { prisma } = deps;
  const row = await prisma.$transaction(async (tx) => {
    const current = await lockWithdrawal(tx, id);
    if (!current) throw new DomainError("WITHDRAWAL_NOT_FOUND");
    if (isPaying(current) && status !== "processing") throw new DomainError("PAYOUT_IN_PROGRESS");
    assertTransition(current, status);
    const updated = await applyStatusInTx(deps, tx, adminId, current, status, { transactionId, failureReason });
    // The owner hears of it in the same transaction: exactly when the change commits.
    await createNotificationInTx(tx, withdrawalStatusNotice(updated));
    await recordAdminActionInTx(tx, {
      adminId,
      action: "withdrawal.status_changed",
      targetType: "withdrawal",
      targetId: current.id,
      before: { status: current.status },
      after: { status: updated.status, transactionId: updated.transactionId, failureReason: updated.failureReason },
    });
    return updated;
  }, TX_QUEUED);
  if (!isPaying(row)) return toAdminWithdrawal(row);
  // The intent is committed: now the payout itself, outside any transaction (payout-sender.ts).
  await sendIntendedPayout(deps, row.id, testHooks);
  return toAdminWithdrawal(await prisma.withdrawal.findUniqueOrThrow({ where: { id: row.id }, include: adminInclude }));
}

/** The notification a withdrawal's owner gets when an admin moves it to its new status. */
function withdrawalStatusNotice(row: WithdrawalRow): NotificationInput {
  const what = `Your withdrawal of ${formatLoopBrief(row.amount)} LOOP via ${METHOD_LABEL[row.method as WithdrawalMethod] ?? row.method}`;
  const link = { actionUrl: paths.tokens(), actionText: "View withdrawals" } as const;
  switch (row.status as WithdrawalStatus) {
    case "processing":
      return { userId: row.userId, type: "info", title: "Withdrawal Processing", message: `${what} is being processed.`, ...link };
    case "completed":
      return {
        userId: row.userId,
        type: "success",
        title: "Withdrawal Completed",
        message: `${what} to ${row.destination} is complete${row.transactionId ? ` (transaction ${row.transactionId})` : ""}.`,
        ...link,
      };
    case "failed":
      return {
        userId: row.userId,
        type: "error",
        title: "Withdrawal Failed",
        message: `${what} failed${row.failureReason ? `: ${row.failureReason}` : ""}. The LOOP are back in your available balance.`,
        ...link,
      };
    default:
      return {
        userId: row.userId,
        type: "warning",
        title: "Withdrawal Cancelled",
        message: `${what} was cancelled. The LOOP are back in your available balance.`,
        ...link,
      };
  }
}

async function applyStatusInTx(
  deps: Pick<AppDeps, "chains" | "config">,
  tx: Tx,
  adminId: string,
  current: WithdrawalRow,
  status: WithdrawalStatus,
  { transactionId, failureReason }: { transactionId?: string | null | undefined; failureReason?: string | null | undefined },
): Promise<AdminRow> {
  const id = current.id;
  const isLoop = current.method === "loop";
  const payout = { withdrawalId: current.id, destination: current.destination, amount: current.amount };
  const now = new Date();
  switch (status) {
    case "processing": {
      if (!isLoop) {
        return tx.withdrawal.update({
          where: { id },
          data: { status, transactionId: transactionId ?? current.transactionId, processedBy: adminId },
          include: adminInclude,
        });
      }
      // The vault is asked first (nothing is spent): a refusal answers 409 and it stays pending.
      const chain = payoutChain(deps);
      const checked = await checkPayout(deps, chain, payout);
      if ("alreadyPaid" in checked) {
        // Paid before, its answer lost (a payout sent outside this flow): on record, not paid again.
        return tx.withdrawal.update({
          where: { id },
          data: {
            status,
            transactionId: checked.alreadyPaid.transactionHash,
            payoutChainId: chain.chainId,
            processedBy: adminId,
            payoutError: null,
          },
          include: adminInclude,
        });
      }
      // The intent: committed before anything is broadcast; from here the chain decides.
      return tx.withdrawal.update({
        where: { id },
        data: {
          status,
          payoutChainId: chain.chainId,
          processedBy: adminId,
          payoutError: null,
          payoutLeaseUntil: new Date(now.getTime() + deps.config.payouts.leaseMs),
        },
        include: adminInclude,
      });
    }
    case "completed": {
      if (isLoop) {
        if (
          !TX_HASH.test(transactionId!) ||
          !current.transactionId ||
          transactionId!.toLowerCase() !== current.transactionId.toLowerCase()
        ) {
          throw new DomainError("INVALID_PAYOUT_TRANSACTION", { sent: current.transactionId });
        }
        const confirmed = await isPayoutConfirmed(
          deps,
          current.payoutChainId ?? deps.config.defaultChainId,
          current.transactionId as Hex,
          payout,
        );
        if (!confirmed) throw new DomainError("PAYOUT_NOT_CONFIRMED", { txHash: current.transactionId });
      }
      const clearing = await platformAccountId(tx, "clearing");
      await captureHoldInTx(
        tx,
        current.holdId,
        clearing,
        "withdrawal",
        `Withdrawal via ${METHOD_LABEL[current.method as WithdrawalMethod]} to ${current.destination}`,
      );
      return tx.withdrawal.update({
        where: { id },
        data: { status, transactionId: isLoop ? current.transactionId : transactionId, processedAt: now, processedBy: adminId },
        include: adminInclude,
      });
    }
    case "failed": {
      if (isLoop && current.status === "processing") {
        throw new DomainError("PAYOUT_ALREADY_SENT", { txHash: current.transactionId });
      }
      await releaseHoldInTx(tx, current.holdId);
      return tx.withdrawal.update({
        where: { id },
        data: { status, failureReason, processedAt: now, processedBy: adminId },
        include: adminInclude,
      });
    }
    case "cancelled": {
      await releaseHoldInTx(tx, current.holdId);
      return tx.withdrawal.update({ where: { id }, data: { status, processedAt: now, processedBy: adminId }, include: adminInclude });
    }
  }
  throw new Error(`withdrawal ${id}: no transition to ${status}`);
}
