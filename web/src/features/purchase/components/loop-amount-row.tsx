import { LoopAmount } from "@/components/ui/loop-amount";

/** The "Amount in LOOP" row of a LOOP payment panel's `<dl>`. */
export function LoopAmountRow({ loopUnits, testId }: { loopUnits: bigint; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-muted-foreground">Amount in LOOP</dt>
      <dd className="font-mono font-semibold tabular-nums" data-testid={testId}>
        <LoopAmount value={loopUnits} />
      </dd>
    </div>
  );
}
