import type { AdminWithdrawal } from "@loop/rules/schemas/withdrawals";
import { FAILURE_REASON_MAX, TRANSACTION_ID_MAX } from "@loop/rules/schemas/withdrawals";
import { type FormEvent, useState } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField, SelectField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useResetOnOpen } from "@/lib/use-reset-on-open";
import { useUpdateWithdrawalStatus } from "../api/update-withdrawal-status";
import { loopText, usdText } from "../lib/admin-format";
import { failureToast, successToast } from "../lib/failure-toast";
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
  const [values, setValues] = useState<WithdrawalUpdateValues>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateWithdrawalStatus();

  // A dialog opened for another withdrawal starts empty.
  useResetOnOpen(withdrawal, () => {
    setValues(EMPTY);
    setError(null);
  });

  const set = <K extends keyof WithdrawalUpdateValues>(name: K, value: WithdrawalUpdateValues[K]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!withdrawal || update.isPending) return;
    const check = checkWithdrawalUpdate(values);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    update.mutate(
      { withdrawalId: withdrawal.id, ...check.body },
      {
        onSuccess: (updated) => {
          successToast("Withdrawal Updated", `The withdrawal is now ${updated.status}.`);
          onOpenChange(false);
        },
        onError: (caught) => failureToast("Update Failed", caught, WITHDRAWAL_UPDATE_FAILED_TEXT),
      },
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
        value={values.status}
        options={actions}
        optionLabels={ACTION_LABELS}
        placeholder="Select an action"
        onValueChange={(status) => set("status", status)}
      />
      {values.status === "completed" ? (
        <FormField id="withdrawal-transaction-id" label="Transaction ID">
          <Input
            id="withdrawal-transaction-id"
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
            maxLength={TRANSACTION_ID_MAX}
            value={values.transactionId}
            onChange={(event) => set("transactionId", event.target.value)}
          />
        </FormField>
      ) : null}
      {values.status === "failed" ? (
        <FormField id="withdrawal-failure-reason" label="Failure reason">
          <Textarea
            id="withdrawal-failure-reason"
            maxLength={FAILURE_REASON_MAX}
            value={values.failureReason}
            onChange={(event) => set("failureReason", event.target.value)}
          />
          <p className="text-xs text-muted-foreground">The held LOOP goes back to the user, who is told the reason.</p>
        </FormField>
      ) : null}
    </FormDialog>
  );
}
