/**
 * The Process / Update dialog of the withdrawal queue (docs/product.md#withdrawals, docs/product.md#validation):
 * which actions a withdrawal offers, and the checks of the shared schema with the spec's texts.
 */
import {
  type AdminWithdrawal,
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_TRANSITIONS,
  type WithdrawalStatus,
  withdrawalStatusUpdateSchema,
} from "@loop/rules/schemas/withdrawals";

export type WithdrawalAction = Exclude<WithdrawalStatus, "pending">;

export const ACTION_LABELS: Record<WithdrawalAction, string> = {
  processing: "Mark as processing",
  completed: "Mark as completed",
  failed: "Mark as failed",
  cancelled: "Cancel (return the LOOP to the user)",
};

/**
 * Pending offers Process, processing offers Update; completed, failed and cancelled offer nothing,
 * nor does a LOOP payout in progress (the chain decides it; the API refuses every change with 409).
 */
export function withdrawalActionButton(withdrawal: Pick<AdminWithdrawal, "status" | "payoutInProgress">): "Process" | "Update" | null {
  if (withdrawal.payoutInProgress) return null;
  if (withdrawal.status === "pending") return "Process";
  if (withdrawal.status === "processing") return "Update";
  return null;
}

/** The actions the state machine allows from `status` (the API refuses the others with 409). */
export function withdrawalActions(status: WithdrawalStatus): WithdrawalAction[] {
  return WITHDRAWAL_TRANSITIONS[status].filter((next): next is WithdrawalAction => next !== "pending");
}

export interface WithdrawalUpdateValues {
  status: WithdrawalAction | "";
  transactionId: string;
  failureReason: string;
}

export type WithdrawalUpdateCheck =
  | { ok: true; body: { status: WithdrawalAction; transactionId: string | null; failureReason: string | null } }
  | { ok: false; message: string };

/**
 * 'Missing Information: Please select an action', 'Missing Transaction ID: …' for completed,
 * 'Missing Failure Reason: …' for failed, or the body to send (blank fields as null; a transaction
 * id only with completed, a failure reason only with failed).
 */
export function checkWithdrawalUpdate(values: WithdrawalUpdateValues): WithdrawalUpdateCheck {
  if (!values.status) return { ok: false, message: WITHDRAWAL_MESSAGES.missingStatus };
  const parsed = withdrawalStatusUpdateSchema.safeParse({
    status: values.status,
    transactionId: values.status === "completed" ? values.transactionId : null,
    failureReason: values.status === "failed" ? values.failureReason : null,
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? WITHDRAWAL_MESSAGES.missingStatus };
  return { ok: true, body: parsed.data };
}
