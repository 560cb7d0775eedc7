import type { Format } from "@loop/rules/fees";
import type { ReactNode } from "react";
import { formatUsdCents } from "@/lib/loop-amounts";
import { feePercent } from "@/lib/price-quote";
import { cn } from "@/lib/utils";

export interface FeeSummaryProps {
  className?: string;
  testId: string;
  /** The first row: what the fee is charged on (the price, or the amount offered). */
  amountLabel: string;
  amountCents: bigint;
  format: Format;
  /** The fee rate of `feeCents`, in basis points (the platform settings' fee, or the contract's for a wallet offer). */
  feeBps: bigint;
  feeCents: bigint;
  totalLabel: string;
  totalCents: bigint;
  totalTestId?: string;
  /** Said under the total. */
  children?: ReactNode;
}

/** An amount, the format's marketplace fee on it and their total, as the Purchase and Make Offer dialogs show them. */
export function FeeSummary({
  className,
  testId,
  amountLabel,
  amountCents,
  format,
  feeBps,
  feeCents,
  totalLabel,
  totalCents,
  totalTestId,
  children,
}: FeeSummaryProps) {
  return (
    <dl className={cn("grid gap-1.5 rounded-lg border border-border px-4 py-3 text-sm", className)} data-testid={testId}>
      <div className="flex justify-between gap-3">
        <dt className="text-muted-foreground">{amountLabel}</dt>
        <dd className="font-mono tabular-nums">{formatUsdCents(amountCents)}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-muted-foreground">
          Marketplace fee ({format.toUpperCase()} {feePercent(format, feeBps)})
        </dt>
        <dd className="font-mono tabular-nums">{formatUsdCents(feeCents)}</dd>
      </div>
      <div className="flex justify-between gap-3 border-t border-border pt-1.5 font-semibold">
        <dt>{totalLabel}</dt>
        <dd className="font-mono tabular-nums" data-testid={totalTestId}>
          {formatUsdCents(totalCents)}
        </dd>
      </div>
      {children}
    </dl>
  );
}
