import { SALE_HOLD_DAYS_MAX } from "@loop/rules/chargebacks";
import { saleHoldRequestSchema, type AdminUser } from "@loop/rules/schemas/admin-users";
import { Hourglass } from "lucide-react";
import type { FormEvent } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { InputField, SelectField } from "@/components/ui/form-field";
import { useFormValues } from "@/lib/use-form-values";
import { useResetOnOpen } from "@/lib/use-reset-on-open";
import { useSetUserSaleHold } from "../api/set-user-sale-hold";
import { updateToasts } from "../lib/update-toasts";
import {
  SALE_HOLD_MODE_LABELS,
  SALE_HOLD_MODES,
  oldSalesText,
  saleHoldBody,
  saleHoldMode,
  saleHoldText,
  type SaleHoldMode,
} from "../lib/sale-hold";

export const SALE_HOLD_FAILED_TEXT = "Failed to change the sale hold.";

type Values = { mode: SaleHoldMode; days: string };

const valuesOf = (user: Pick<AdminUser, "saleHold"> | null): Values => ({
  mode: user ? saleHoldMode(user.saleHold) : "rule",
  days: user?.saleHold.customDays !== null && user?.saleHold.customDays !== undefined ? String(user.saleHold.customDays) : "",
});

export interface SaleHoldDialogProps {
  /** The seller; null: closed. */
  user: Pick<AdminUser, "id" | "username" | "saleHold"> | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Sale Hold (docs/product.md#sale-hold): how long the proceeds of the seller's new card and PayPal
 * sales are held — by the rule (the new-seller hold until they have the history), approved (the normal
 * hold), or their own days. Sales made before keep their release time. Audited by the API.
 */
export function SaleHoldDialog({ user, onOpenChange }: SaleHoldDialogProps) {
  const { values, field, error, setError, reset } = useFormValues<Values>(() => valuesOf(user));
  const change = useSetUserSaleHold();

  useResetOnOpen(user, () => reset(valuesOf(user)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user || change.isPending) return;
    const parsed = saleHoldRequestSchema.safeParse(saleHoldBody(values.mode, values.days));
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? SALE_HOLD_FAILED_TEXT);
    change.mutate(
      { userId: user.id, ...parsed.data },
      updateToasts(
        "Sale Hold Updated",
        (updated: AdminUser) => `${updated.username}'s new card and PayPal sales are held ${saleHoldText(updated.saleHold)}.`,
        SALE_HOLD_FAILED_TEXT,
        () => onOpenChange(false),
      ),
    );
  };

  return (
    <FormDialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title="Sale Hold"
      description={
        user
          ? `${user.username}'s new card and PayPal sales are held ${saleHoldText(user.saleHold)}; they have ${oldSalesText(user.saleHold)}. Sales made before keep their release date.`
          : null
      }
      onSubmit={submit}
      error={error}
      pending={change.isPending}
      submitLabel="Save"
      submitIcon={Hourglass}
    >
      <SelectField id="sale-hold-mode" label="Hold" options={SALE_HOLD_MODES} optionLabels={SALE_HOLD_MODE_LABELS} {...field("mode")} />
      {values.mode === "custom" ? (
        <InputField
          id="sale-hold-days"
          label={`Days (0–${SALE_HOLD_DAYS_MAX})`}
          inputMode="numeric"
          autoComplete="off"
          {...field("days")}
        />
      ) : null}
    </FormDialog>
  );
}
