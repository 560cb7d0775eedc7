// LoopVault.PaidOut(withdrawalId, to, amount): a `loop` withdrawal's LOOP left the vault. Completes
// the withdrawal with the payout's transaction hash (capturing its hold) and tells the user; a
// payout the app cannot apply is reported to the admins (withdrawal-settlement.ts).
import { uuidFromBytes32 } from "@loop/rules/deposit-ref";
import { weiToLedgerUnits } from "@loop/rules/units";
import type { Tx } from "../../../db/prisma";
import { createNotificationInTx } from "../../notifications/create-notification";
import { completeLoopWithdrawalFromChainInTx, loopPayoutCompletedNotice } from "../../withdrawals/withdrawal-settlement";
import type { IndexedEvent, SettlementHandler, SettlementOutcome } from "../settlement-handler";

async function applyPayout(tx: Tx, event: IndexedEvent): Promise<SettlementOutcome> {
  const withdrawalId = uuidFromBytes32(event.args.withdrawal_id!);
  const units = weiToLedgerUnits(BigInt(event.args.amount!));
  if (!withdrawalId || units === null)
    return { outcome: "unmatched", detail: `payout ${event.args.withdrawal_id} of ${event.args.amount} wei names no withdrawal of ours` };
  const settled = await completeLoopWithdrawalFromChainInTx(tx, withdrawalId, {
    chainId: event.chainId,
    transactionHash: event.txHash,
    to: event.args.to!,
    amount: units,
  });
  if (settled.outcome !== "applied") return settled;
  await createNotificationInTx(tx, loopPayoutCompletedNotice(settled.userId, units, event.args.to!, event.txHash));
  return { outcome: "applied", detail: `withdrawal ${withdrawalId} completed` };
}

export const paidOutHandler: SettlementHandler = {
  kind: "paid_out",
  table: "paid_out",
  columns: ["withdrawal_id", "to", "amount"],
  apply: (tx, event) => applyPayout(tx, event),
};
