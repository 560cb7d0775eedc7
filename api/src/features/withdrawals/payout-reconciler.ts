// Runs the payout reconciler in the API process (payout-sender.ts): a pass at start, so that a
// payout cut short by a crash is settled as soon as the API is back, then one every
// PAYOUT_RECONCILE_MS. Replicas may all run it: each withdrawal is leased to one of them at a time.
import type { AppDeps } from "../../deps";
import { startPeriodic, type Periodic } from "../../jobs/periodic";
import { reconcilePayouts } from "./payout-sender";

/** Stops the reconciler; resolves when the pass in flight (if any) has finished. */
export type PayoutReconciler = Periodic;

export function startPayoutReconciler(deps: Pick<AppDeps, "chains" | "config" | "logger" | "prisma">): PayoutReconciler {
  return startPeriodic(async () => {
    try {
      const result = await reconcilePayouts(deps);
      for (const failure of result.failures)
        deps.logger?.warn(`payouts: withdrawal ${failure.withdrawalId} not settled yet: ${failure.message.split("\n")[0]}`);
    } catch (error) {
      deps.logger?.error("payouts: reconciliation failed", error);
    }
  }, deps.config.payouts.reconcileMs);
}
