import { paths } from "@loop/rules/paths";
import { formatUsd } from "@loop/rules/units";
import { Coins, Wallet } from "lucide-react";
import { LinkButton } from "@/components/ui/link-button";
import { LoadError } from "@/components/ui/load-error";
import { LoopAmount } from "@/components/ui/loop-amount";
import { PendingButton } from "@/components/ui/pending-button";
import { useTokenBalance } from "@/lib/get-token-balance";
import { useKeyedSubmit } from "@/lib/idempotent-post";
import { loopSufficiency } from "@/lib/price-quote";
import { useCreatePurchase } from "../api/create-purchase";
import type { PaymentPanelProps } from "../lib/payment-panels";
import { LoopAmountRow } from "./loop-amount-row";
import { SufficiencyNote } from "./sufficiency-note";

/**
 * Paying with the in-app LOOP balance (docs/product.md#paying-with-in-app-loop): the total in LOOP (500 per USD), the spendable
 * balance, whether it is enough, and Pay. The server takes buyer → seller the price and buyer →
 * fees the fee in one ledger entry; it checks the balance again and has the last word.
 */
export function LoopBalancePanel({ loop, quote, onPurchased, onFailed, onClose }: PaymentPanelProps) {
  const balance = useTokenBalance();
  const purchase = useCreatePurchase(loop.id);
  const submitPurchase = useKeyedSubmit(purchase);
  const available = balance.data?.available;
  const sufficiency = loopSufficiency(quote.loopUnits, available);

  const pay = () => {
    if (purchase.isPending || sufficiency.state !== "enough") return;
    // The total shown: the server refuses it ('Price Changed') if the price or the fee changed meanwhile.
    const body = { loopId: loop.id, format: quote.format, paymentMethod: "loop" as const, expectedTotal: formatUsd(quote.totalCents) };
    submitPurchase(body, { onSuccess: onPurchased, onError: onFailed });
  };

  return (
    <div className="grid gap-3">
      <dl className="grid gap-1.5 text-sm">
        <LoopAmountRow loopUnits={quote.loopUnits} testId="purchase-loop-amount" />
        <div className="flex items-baseline justify-between gap-3">
          <dt className="flex items-center gap-1.5 text-muted-foreground">
            <Wallet className="size-3.5" aria-hidden />
            Your LOOP balance
          </dt>
          <dd className="font-mono tabular-nums" data-testid="purchase-loop-available">
            {available === undefined ? "…" : <LoopAmount value={available} />}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">500 LOOP = 1 USD. Paid from your in-app LOOP balance.</p>

      {balance.isError ? <LoadError message="Your LOOP balance could not be loaded." onRetry={() => void balance.refetch()} /> : null}

      <SufficiencyNote
        state={sufficiency.state}
        enough="Your balance covers this purchase."
        short={
          <>
            Insufficient balance: short by{" "}
            {sufficiency.state === "short" ? <LoopAmount value={sufficiency.shortUnits} className="font-mono font-semibold" /> : null}.
          </>
        }
        action={
          <LinkButton to={paths.tokens()} onClick={onClose} icon={Coins} size="sm" variant="outline">
            Buy LOOP Tokens
          </LinkButton>
        }
      />

      <PendingButton className="w-full" pending={purchase.isPending} disabled={sufficiency.state !== "enough"} onClick={pay} icon={Coins}>
        {purchase.isPending ? "Paying..." : "Pay with LOOP"}
      </PendingButton>
    </div>
  );
}
