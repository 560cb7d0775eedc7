import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** A small bordered list of amounts (`AmountRow`s): a price, its fee, a total. */
export function AmountList({ className, testId, children }: { className?: string; testId?: string; children: ReactNode }) {
  return (
    <dl className={cn("grid gap-1.5 rounded-lg border border-border px-4 py-3 text-sm", className)} data-testid={testId}>
      {children}
    </dl>
  );
}

export interface AmountRowProps {
  label: ReactNode;
  /** The amount, in figures. */
  children: ReactNode;
  /** The total: bold, under a rule. */
  total?: boolean;
  testId?: string;
}

/** One amount of an `AmountList`: its label on the left, the figure on the right. */
export function AmountRow({ label, children, total = false, testId }: AmountRowProps) {
  return (
    <div className={cn("flex justify-between gap-3", total && "border-t border-border pt-1.5 font-semibold")}>
      <dt className={total ? undefined : "text-muted-foreground"}>{label}</dt>
      <dd className="font-mono tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
