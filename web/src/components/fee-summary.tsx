import type { Format } from "@loop/rules/fees";
import type { ReactNode } from "react";
import { AmountList, AmountRow } from "@/components/amount-rows";
import { formatUsdCents } from "@/lib/loop-amounts";
import { feePercent } from "@/lib/price-quote";

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
    <AmountList className={className} testId={testId}>
      <AmountRow label={amountLabel}>{formatUsdCents(amountCents)}</AmountRow>
      <AmountRow label={`Marketplace fee (${format.toUpperCase()} ${feePercent(format, feeBps)})`}>{formatUsdCents(feeCents)}</AmountRow>
      <AmountRow label={totalLabel} total testId={totalTestId}>
        {formatUsdCents(totalCents)}
      </AmountRow>
      {children}
    </AmountList>
  );
}
