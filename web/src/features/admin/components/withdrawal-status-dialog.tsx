import type { AdminWithdrawal } from "@loop/rules/schemas/withdrawals";
import { FAILURE_REASON_MAX, TRANSACTION_ID_MAX } from "@loop/rules/schemas/withdrawals";
import { Loader2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useUpdateWithdrawalStatus } from "../api/update-withdrawal-status";
import { loopText, usdText } from "../lib/admin-format";
import { failureToast, successToast } from "../lib/failure-toast";
import { ACTION_LABELS, checkWithdrawalUpdate, type WithdrawalAction, withdrawalActionButton, withdrawalActions, type WithdrawalUpdateValues } from "../lib/withdrawal-update";

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
  const [shownFor, setShownFor] = useState(withdrawal);
  if (withdrawal !== shownFor) {
    setShownFor(withdrawal);
    if (withdrawal) {
      setValues(EMPTY);
      setError(null);
    }
  }

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
    <Dialog open={withdrawal !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {withdrawal
              ? `${loopText(withdrawal.amount)} (${usdText(withdrawal.usdAmount)}) for ${withdrawal.username ?? "a user"}, ${withdrawal.method} to ${withdrawal.destination}.`
              : null}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="withdrawal-action">Action</Label>
            <NativeSelect id="withdrawal-action" value={values.status} onChange={(event) => set("status", event.target.value as WithdrawalAction | "")}>
              <option value="">Select an action</option>
              {actions.map((action) => (
                <option key={action} value={action}>
                  {ACTION_LABELS[action]}
                </option>
              ))}
            </NativeSelect>
          </div>
          {values.status === "completed" ? (
            <div className="grid gap-2">
              <Label htmlFor="withdrawal-transaction-id">Transaction ID</Label>
              <Input
                id="withdrawal-transaction-id"
                className="font-mono"
                autoComplete="off"
                spellCheck={false}
                maxLength={TRANSACTION_ID_MAX}
                value={values.transactionId}
                onChange={(event) => set("transactionId", event.target.value)}
              />
            </div>
          ) : null}
          {values.status === "failed" ? (
            <div className="grid gap-2">
              <Label htmlFor="withdrawal-failure-reason">Failure reason</Label>
              <Textarea
                id="withdrawal-failure-reason"
                maxLength={FAILURE_REASON_MAX}
                value={values.failureReason}
                onChange={(event) => set("failureReason", event.target.value)}
              />
              <p className="text-xs text-muted-foreground">The held LOOP goes back to the user, who is told the reason.</p>
            </div>
          ) : null}
          {error ? <FormAlert message={error} /> : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              Update Status
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
