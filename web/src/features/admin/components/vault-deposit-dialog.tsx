import { vaultDepositRequestSchema } from "@loop/rules/schemas/admin";
import { Landmark } from "lucide-react";
import type { FormEvent } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { InputField } from "@/components/ui/form-field";
import { LoopAmount } from "@/components/ui/loop-amount";
import { loopText } from "@/lib/format";
import { useKeyedSubmit } from "@/lib/idempotent-post";
import { outcomeToasts } from "@/lib/outcome-toasts";
import { useFormValues } from "@/lib/use-form-values";
import { useResetOnOpen } from "@/lib/use-reset-on-open";
import { useDepositToVault } from "../api/deposit-to-vault";

export const VAULT_DEPOSIT_FAILED_TEXT = "Failed to deposit to vault";

const EMPTY = { amount: "" };

export interface VaultDepositDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Platform earnings (LOOP, 8 decimals), when loaded: the most that can be deposited. */
  platformEarnings: string | undefined;
}

/** Deposit to vault (docs/product.md#validation): moves platform earnings into the withdrawal reserve. */
export function VaultDepositDialog({ open, onOpenChange, platformEarnings }: VaultDepositDialogProps) {
  const { values, field, error, setError, reset } = useFormValues(EMPTY);
  const deposit = useDepositToVault();
  const submitDeposit = useKeyedSubmit(deposit);

  // Each opening starts empty.
  useResetOnOpen(open, () => reset(EMPTY));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (deposit.isPending) return;
    const parsed = vaultDepositRequestSchema.safeParse(values);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    const body = { amount: parsed.data.amount };
    submitDeposit(
      body,
      outcomeToasts({
        success: "Vault Deposit Successful",
        description: `${loopText(body.amount)} moved to the withdrawal reserve.`,
        failure: "Deposit Failed",
        fallback: VAULT_DEPOSIT_FAILED_TEXT,
        then: () => onOpenChange(false),
      }),
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
      <InputField
        id="vault-amount"
        label="Amount (LOOP)"
        type="number"
        inputMode="decimal"
        min="0"
        step="0.01"
        placeholder="0.00"
        {...field("amount")}
      >
        {platformEarnings !== undefined ? (
          <p className="text-xs text-muted-foreground">
            Platform earnings: <LoopAmount value={platformEarnings} />
          </p>
        ) : null}
      </InputField>
    </FormDialog>
  );
}
