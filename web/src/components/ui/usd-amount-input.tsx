import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";

export interface UsdAmountInputProps extends Omit<
  ComponentProps<typeof Input>,
  "type" | "inputMode" | "min" | "step" | "aria-invalid" | "aria-describedby"
> {
  id: string;
  /** Why the amount is refused, shown under the field; null while it is fine. */
  error: string | null;
  /** The id of that message, which the field points to while it is shown. */
  errorId: string;
}

/** A USD amount in cents (a positive number with at most 2 decimals), with its error message under it. */
export function UsdAmountInput({ error, errorId, placeholder = "0.00", ...props }: UsdAmountInputProps) {
  return (
    <>
      <Input
        type="number"
        inputMode="decimal"
        min="0.01"
        step="0.01"
        placeholder={placeholder}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? errorId : undefined}
        {...props}
      />
      {error !== null ? (
        <p id={errorId} className="text-xs text-rose-200">
          {error}
        </p>
      ) : null}
    </>
  );
}
