import type { AdminWithdrawal } from "@loop/rules/schemas/withdrawals";
import { FAILURE_REASON_MAX, TRANSACTION_ID_MAX } from "@loop/rules/schemas/withdrawals";
import type { FormEvent } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { InputField, SelectField, TextareaField } from "@/components/ui/form-field";
import { loopText } from "@/lib/format";
import { useFormValues } from "@/lib/use-form-values";
import { useResetOnOpen } from "@/lib/use-reset-on-open";
import { useUpdateWithdrawalStatus } from "../api/update-withdrawal-status";
import { usdText } from "../lib/admin-format";
import { updateToasts } from "../lib/update-toasts";
import {
  ACTION_LABELS,
  checkWithdrawalUpdate,
  withdrawalActionButton,
  withdrawalActions,
  type WithdrawalUpdateValues,
} from "../lib/withdrawal-update";

export const WITHDRAWAL_UPDATE_FAILED_TEXT = "Failed to update withdrawal status";

const EMPTY: WithdrawalUpdateValues = { status: "", transactionId: "", failureReason: "" };

export interface WithdrawalStatusDialogProps {
  /** The withdrawal to process or update; null: closed. */
  withdrawal: AdminWithdrawal | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Process (pending) / Update (processing) a withdrawal (docs/product.md#withdrawals, docs/product.md#validation): an action, a transaction ID
 * to complete it, a failure reason to fail it.
 */
export function WithdrawalStatusDialog({ withdrawal, onOpenChange }: WithdrawalStatusDialogProps) {
  const { values, field, error, setError, reset } = useFormValues(EMPTY);
  const update = useUpdateWithdrawalStatus();

  // A dialog opened for another withdrawal starts empty.
  useResetOnOpen(withdrawal, () => reset(EMPTY));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!withdrawal || update.isPending) return;
    const check = checkWithdrawalUpdate(values);
    if (!check.ok) return setError(check.message);
    update.mutate(
      { withdrawalId: withdrawal.id, ...check.body },
      updateToasts(
        "Withdrawal Updated",
        (updated) => `The withdrawal is now ${updated.status}.`,
        WITHDRAWAL_UPDATE_FAILED_TEXT,
        () => onOpenChange(false),
      ),
    );
  };

  const title = withdrawal ? `${withdrawalActionButton(withdrawal) ?? "Update"} Withdrawal` : "Update Withdrawal";
  const actions = withdrawal ? withdrawalActions(withdrawal.status) : [];

  return (
    <FormDialog
      open={withdrawal !== null}
      onOpenChange={onOpenChange}
      title={title}
      description={
        withdrawal
          ? `${loopText(withdrawal.amount)} (${usdText(withdrawal.usdAmount)}) for ${withdrawal.username ?? "a user"}, ${withdrawal.method} to ${withdrawal.destination}.`
          : null
      }
      onSubmit={submit}
      error={error}
      pending={update.isPending}
      submitLabel="Update Status"
    >
      <SelectField
        id="withdrawal-action"
        label="Action"
        options={actions}
        optionLabels={ACTION_LABELS}
        placeholder="Select an action"
        {...field("status")}
      />
      {values.status === "completed" ? (
        <InputField
          id="withdrawal-transaction-id"
          label="Transaction ID"
          className="font-mono"
          autoComplete="off"
          spellCheck={false}
          maxLength={TRANSACTION_ID_MAX}
          {...field("transactionId")}
        />
      ) : null}
      {values.status === "failed" ? (
        <TextareaField id="withdrawal-failure-reason" label="Failure reason" maxLength={FAILURE_REASON_MAX} {...field("failureReason")}>
          <p className="text-xs text-muted-foreground">The held LOOP goes back to the user, who is told the reason.</p>
        </TextareaField>
      ) : null}
    </FormDialog>
  );
}
