import { PROMOTIONAL_LOOP_TEXT, promotionalRefusalMessage } from "@loop/rules/promotional-loop";
import { formatLoopBrief, parseLoop } from "@loop/rules/units";
import { Gift, Wallet } from "lucide-react";
import { LoopAmount } from "@/components/ui/loop-amount";
import { cn } from "@/lib/utils";

/**
 * The two parts of the in-app balance (issue 18): what can be withdrawn (or sent) now, and
 * promotional LOOP — the welcome bonus, level rewards and upload rewards — which pays for loops but can never be
 * sent or withdrawn. The promotional line shows only when there is some.
 */
export function BalanceParts({ withdrawable, promotional, className }: { withdrawable: string; promotional: string; className?: string }) {
  const promotionalUnits = parseLoop(promotional) ?? 0n;
  return (
    <ul aria-label="Balance parts" className={cn("mt-1 grid gap-0.5 text-sm text-muted-foreground", className)}>
      <li className="flex items-start gap-1.5" data-testid="balance-withdrawable">
        <Wallet className="mt-0.5 size-3.5 shrink-0" aria-hidden />
        <span>
          Available to withdraw: <LoopAmount value={withdrawable} unit={false} className="font-semibold text-foreground" /> LOOP
        </span>
      </li>
      {promotionalUnits > 0n ? (
        <li className="flex items-start gap-1.5" data-testid="balance-promotional">
          <Gift className="mt-0.5 size-3.5 shrink-0 text-highlight" aria-hidden />
          <span>
            Promotional: <LoopAmount value={promotional} unit={false} className="font-semibold text-foreground" /> LOOP (welcome bonus,
            level rewards, upload rewards): spend it on loops; it cannot be sent or withdrawn
          </span>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * The refusal for sending or withdrawing more than the withdrawable LOOP, as the server words it:
 * a member with promotional LOOP is told why it cannot leave and how much can; `fallback` (the
 * spec's text) otherwise. Null when the amount fits or the balance is not loaded.
 */
export function outgoingRefusal(
  units: bigint | null,
  balance: { withdrawable: string | undefined; promotional: string | undefined },
  action: "send" | "withdraw",
  fallback: string,
): string | null {
  const withdrawable = balance.withdrawable === undefined ? null : parseLoop(balance.withdrawable);
  if (units === null || withdrawable === null || units <= withdrawable) return null;
  const promotional = balance.promotional === undefined ? 0n : (parseLoop(balance.promotional) ?? 0n);
  return promotional > 0n ? promotionalRefusalMessage(action, formatLoopBrief(withdrawable > 0n ? withdrawable : 0n)) : fallback;
}

/** One line under a dialog's amount: what can be sent or withdrawn, and the promotional LOOP that cannot. */
export function OutgoingAvailable({
  label,
  withdrawable,
  promotional,
}: {
  label: string;
  withdrawable: string | undefined;
  promotional: string | undefined;
}) {
  const promotionalUnits = promotional === undefined ? 0n : (parseLoop(promotional) ?? 0n);
  return (
    <span>
      {label}: {withdrawable === undefined ? "…" : <LoopAmount value={withdrawable} />}
      {promotionalUnits > 0n ? (
        <span className="block" title={PROMOTIONAL_LOOP_TEXT}>
          Promotional <LoopAmount value={promotional!} />: for loops only, not sent or withdrawn
        </span>
      ) : null}
    </span>
  );
}
