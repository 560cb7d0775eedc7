import type { ComponentProps } from "react";
import { formatLoop, loopText } from "@/lib/format";
import { cn } from "@/lib/utils";

export interface LoopAmountProps extends Omit<ComponentProps<"span">, "children" | "title"> {
  /** The API's decimal string ("367720.00000000") or ledger units. */
  value: string | bigint;
  /** A "+" before a positive amount (credits). */
  plus?: boolean;
  /** Whether " LOOP" follows the figure (default true); false when the caller styles the unit itself. */
  unit?: boolean;
}

/**
 * A LOOP amount as people read it ("367,720 LOOP", "0.25 LOOP"), with the full 8-decimal value in
 * its tooltip ("367,720.00000000 LOOP") and tabular figures.
 */
export function LoopAmount({ value, plus, unit = true, className, ...props }: LoopAmountProps) {
  return (
    <span title={loopText(value, { plus, allDecimals: true })} className={cn("tabular-nums", className)} {...props}>
      {formatLoop(value, { plus })}
      {unit ? " LOOP" : null}
    </span>
  );
}
