// Runs settlement passes in the API process: every chain with deployed contracts, again at once
// while batches come back full, else after SETTLEMENT_POLL_MS. Stops between passes. Beside it, on
// its own loop, the sender of the operator settlements the passes asked for (never awaited by a pass).
import type { AppDeps } from "../../deps";
import { startPeriodic } from "../../jobs/periodic";
import { sendDueOfferSettlements } from "./offer-settlement-requests";
import { settleChain, type GenesisCache } from "./settlement.service";

export interface SettlementWorker {
  /** Resolves when the pass in flight (if any) has finished. */
  stop(): Promise<void>;
}

/** The same failure is logged once a minute, not on every poll. */
const REPEAT_LOG_MS = 60_000;

export function startSettlementWorker(deps: AppDeps): SettlementWorker {
  const chainIds = deps.config.chains.filter((chain) => chain.contracts).map((chain) => chain.id);
  const genesisCache: GenesisCache = new Map();
  const lastLogged = new Map<string, number>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const logFailure = (chainId: number, error: unknown) => {
    const text = `settlement: chain ${chainId}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
    const now = Date.now();
    if (now - (lastLogged.get(text) ?? 0) < REPEAT_LOG_MS) return;
    lastLogged.set(text, now);
    deps.logger?.warn(text);
  };

  const pass = async (): Promise<boolean> => {
    let more = false;
    for (const chainId of chainIds) {
      try {
        const result = await settleChain(deps, chainId, genesisCache);
        more ||= result.more;
      } catch (error) {
        logFailure(chainId, error);
      }
    }
    return more;
  };

  const loop = () => {
    if (stopped) return;
    running = pass().then((more) => {
      if (!stopped) timer = setTimeout(loop, more ? 0 : deps.config.settlement.pollMs);
    });
  };
  if (chainIds.length > 0) loop();
  const sender =
    chainIds.length > 0 && deps.config.operatorPrivateKey
      ? startPeriodic(async () => {
          await sendDueOfferSettlements(deps).catch((error: unknown) =>
            deps.logger?.error("settlement: sending offer settlements failed", error),
          );
        }, deps.config.settlement.pollMs)
      : null;

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([running, sender?.stop()]);
    },
  };
}
