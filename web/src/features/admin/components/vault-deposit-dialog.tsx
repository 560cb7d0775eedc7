import { vaultDepositRequestSchema } from "@loop/rules/schemas/admin";
import { Landmark } from "lucide-react";
import { type FormEvent, useState } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useSubmissionKey } from "@/lib/idempotent-post";
import { useResetOnOpen } from "@/lib/use-reset-on-open";
import { useDepositToVault } from "../api/deposit-to-vault";
import { loopText } from "../lib/admin-format";
import { failureToast, successToast } from "../lib/failure-toast";

export const VAULT_DEPOSIT_FAILED_TEXT = "Failed to deposit to vault";

export interface VaultDepositDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Platform earnings (LOOP, 8 decimals), when loaded: the most that can be deposited. */
  platformEarnings: string | undefined;
}

/** Deposit to vault (docs/product.md#validation): moves platform earnings into the withdrawal reserve. */
export function VaultDepositDialog({ open, onOpenChange, platformEarnings }: VaultDepositDialogProps) {
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | null>(null);
  const deposit = useDepositToVault();
  const submission = useSubmissionKey();

  // Each opening starts empty.
  useResetOnOpen(open, () => {
    setAmount("");
    setError(null);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (deposit.isPending) return;
    const parsed = vaultDepositRequestSchema.safeParse({ amount });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    const body = { amount: parsed.data.amount };
    deposit.mutate(
      { ...body, idempotencyKey: submission.keyFor(body) },
      {
        onSuccess: () => {
          submission.settle(null);
          successToast("Vault Deposit Successful", `${loopText(body.amount)} moved to the withdrawal reserve.`);
          onOpenChange(false);
        },
        onError: (caught) => {
          submission.settle(caught);
          failureToast("Deposit Failed", caught, VAULT_DEPOSIT_FAILED_TEXT);
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Deposit to Vault"
      description="Move LOOP from platform earnings into the reserve that pays users' withdrawals."
      onSubmit={submit}
      error={error}
      pending={deposit.isPending}
      submitLabel="Deposit"
      submitIcon={Landmark}
    >
      <FormField id="vault-amount" label="Amount (LOOP)">
        <Input
          id="vault-amount"
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          placeholder="0.00"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setError(null);
          }}
        />
        {platformEarnings !== undefined ? (
          <p className="text-xs text-muted-foreground">Platform earnings: {loopText(platformEarnings)}</p>
        ) : null}
      </FormField>
    </FormDialog>
  );
}
