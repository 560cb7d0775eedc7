import { CheckCircle2 } from "lucide-react";
import type { ReactNode } from "react";

/**
 * Whether the LOOP at hand (the in-app balance, the wallet's) covers the total, announced as it
 * changes: the `enough` sentence, or the `short` one with what to do about it (`action`); nothing
 * while the balance is not known.
 */
export function SufficiencyNote({
  state,
  enough,
  short,
  action,
}: {
  state: "unknown" | "enough" | "short";
  enough: string;
  short: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div role="status" aria-live="polite">
      {state === "enough" ? (
        <p className="flex items-center gap-2 rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-3 py-2 text-sm text-emerald-200">
          <CheckCircle2 className="size-4 shrink-0" aria-hidden />
          {enough}
        </p>
      ) : state === "short" ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100">
          <p>{short}</p>
          {action}
        </div>
      ) : null}
    </div>
  );
}
