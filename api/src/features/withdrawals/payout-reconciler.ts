// Runs the payout reconciler in the API process (payout-sender.ts): a pass at start, so that a
// payout cut short by a crash is settled as soon as the API is back, then one every
// PAYOUT_RECONCILE_MS. Replicas may all run it: each withdrawal is leased to one of them at a time.
import type { AppDeps } from "../../deps";
import { reconcilePayouts } from "./payout-sender";

export interface PayoutReconciler {
  /** Resolves when the pass in flight (if any) has finished. */
  stop(): Promise<void>;
}

export function startPayoutReconciler(deps: AppDeps): PayoutReconciler {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const pass = async () => {
    try {
      const result = await reconcilePayouts(deps);
      for (const failure of result.failures) deps.logger?.warn(`payouts: withdrawal ${failure.withdrawalId} not settled yet: ${failure.message.split("\n")[0]}`);
    } catch (error) {
      deps.logger?.error("payouts: reconciliation failed", error);
    }
  };
  const loop = () => {
    if (stopped) return;
    running = pass().then(() => {
      if (!stopped) timer = setTimeout(loop, deps.config.payouts.reconcileMs);
    });
  };
  loop();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
