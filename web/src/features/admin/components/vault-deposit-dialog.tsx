import { vaultDepositRequestSchema } from "@loop/rules/schemas/admin";
import { Landmark, Loader2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useSubmissionKey } from "@/lib/idempotent-post";
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
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setAmount("");
      setError(null);
    }
  }

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Deposit to Vault</DialogTitle>
          <DialogDescription>Move LOOP from platform earnings into the reserve that pays users' withdrawals.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="vault-amount">Amount (LOOP)</Label>
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
            {platformEarnings !== undefined ? <p className="text-xs text-muted-foreground">Platform earnings: {loopText(platformEarnings)}</p> : null}
          </div>
          {error ? <FormAlert message={error} /> : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={deposit.isPending}>
              {deposit.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Landmark aria-hidden />}
              Deposit
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
