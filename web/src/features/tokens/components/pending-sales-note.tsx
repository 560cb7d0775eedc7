import type { PendingSale } from "@loop/rules/schemas/tokens";
import { parseLoop } from "@loop/rules/units";
import { Clock } from "lucide-react";
import { formatDate } from "@/lib/format";
import { LoopAmount } from "@/components/ui/loop-amount";
import { cn } from "@/lib/utils";

/** The LOOP of the pending lines (ledger units); malformed amounts count as nothing. */
export function pendingSalesTotal(pending: readonly PendingSale[]): bigint {
  return pending.reduce((total, line) => total + (parseLoop(line.amount) ?? 0n), 0n);
}

/**
 * Card and PayPal sale proceeds not available yet (issue 17): the payment can still be reversed, so
 * they are held until the date shown, one line per day of release. Nothing when there are none.
 */
export function PendingSalesNote({ pending, className }: { pending: readonly PendingSale[]; className?: string }) {
  if (pending.length === 0) return null;
  return (
    <ul aria-label="Sale proceeds pending" className={cn("mt-1 grid gap-0.5 text-sm text-muted-foreground", className)}>
      {pending.map((line) => (
        <li key={line.availableAt} className="flex items-start gap-1.5">
          <Clock className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          <span>
            <LoopAmount value={line.amount} /> from card and PayPal sales pending until {formatDate(line.availableAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}
