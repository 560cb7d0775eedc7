import { parseLoop } from "@loop/rules/units";
import type { ReactNode } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { loopToUsd } from "@/lib/loop-amounts";
import { OutgoingAvailable } from "./balance-parts";

export interface OutgoingAmountFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** "Available to send", "Available to withdraw". */
  availableLabel: string;
  withdrawable: string | undefined;
  promotional: string | undefined;
  /** The id of a note under the field that describes it. */
  describedBy?: string;
  /** What goes under the field (e.g. the minimum). */
  children?: ReactNode;
}

/** LOOP to send or withdraw: the amount, what can leave now (promotional LOOP cannot), and its USD value. */
export function OutgoingAmountField({
  id,
  value,
  onChange,
  availableLabel,
  withdrawable,
  promotional,
  describedBy,
  children,
}: OutgoingAmountFieldProps) {
  const usd = parseLoop(value) !== null ? loopToUsd(value) : null;
  return (
    <FormField id={id} label="Amount (LOOP)">
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min="0"
        step="0.00000001"
        value={value}
        placeholder="0.00000000"
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
        <OutgoingAvailable label={availableLabel} withdrawable={withdrawable} promotional={promotional} />
        {usd ? <span>≈ {usd} USD</span> : null}
      </p>
      {children}
    </FormField>
  );
}
