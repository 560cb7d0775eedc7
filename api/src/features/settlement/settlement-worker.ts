// Runs settlement passes in the API process: every chain with deployed contracts, again at once
// while batches come back full, else after SETTLEMENT_POLL_MS. Stops between passes. Beside it, on
// its own loop, the sender of the operator settlements the passes asked for (never awaited by a pass).
// A chain whose last pass found every indexed event settled is only asked for Ponder's head until
// that head moves (one small query instead of a query per kind of event, and on a chain with
// confirmations an RPC call, ten times a second per API process), and fully again every
// QUIET_RECHECK_MS whatever it says.
import type { AppDeps } from "../../deps";
import { startPeriodic, type Periodic } from "../../jobs/periodic";
import { indexedHead } from "./indexed-events";
import { sendDueOfferSettlements } from "./offer-settlement-requests";
import { settleChain, type GenesisCache } from "./settlement.service";

/** The longest a quiet chain goes without a full pass. */
export const QUIET_RECHECK_MS = 2_000;

interface Quiet {
  /** Ponder's head at the last pass, which found nothing to settle up to it. */
  indexed: bigint;
  at: number;
}

export interface SettlementWorker {
  /** Resolves when the pass in flight (if any) has finished. */
  stop(): Promise<void>;
}

/**
 * How often the sender looks for due settlement requests on its own. A pass that applied events
 * (the only kind that records requests in this process) wakes it at once; a member's answer sends
 * its own at once. The loop is there for retries (1 s and longer) and for a request a crashed
 * process left claimed, so it need not ask ten times a second.
 */
export const SENDER_POLL_MS = 1_000;

/** The same failure is logged once a minute, not on every poll. */
const REPEAT_LOG_MS = 60_000;

export function startSettlementWorker(deps: Pick<AppDeps, "chains" | "config" | "logger" | "mailer" | "prisma">): SettlementWorker {
  const chainIds = deps.config.chains.filter((chain) => chain.contracts).map((chain) => chain.id);
  const genesisCache: GenesisCache = new Map();
  const quiet = new Map<number, Quiet>();
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

  /** True when the chain was quiet at the last pass, not long ago, and Ponder's head has not moved since. */
  const stillQuiet = async (chainId: number): Promise<boolean> => {
    const last = quiet.get(chainId);
    if (!last || Date.now() - last.at >= QUIET_RECHECK_MS) return false;
    return (await indexedHead(deps.prisma, deps.config.settlement.indexerSchema, chainId)) === last.indexed;
  };

  let sender: Periodic | null = null;

  const pass = async (): Promise<boolean> => {
    let more = false;
    let applied = false;
    for (const chainId of chainIds) {
      try {
        if (await stillQuiet(chainId)) continue;
        const result = await settleChain(deps, chainId, genesisCache);
        if (result.quietAt === null) quiet.delete(chainId);
        else quiet.set(chainId, { indexed: result.quietAt, at: Date.now() });
        more ||= result.more;
        applied ||= result.settled > 0;
      } catch (error) {
        quiet.delete(chainId);
        logFailure(chainId, error);
      }
    }
    if (applied) sender?.wake();
    return more;
  };

  const loop = () => {
    if (stopped) return;
    running = pass().then((more) => {
      if (!stopped) timer = setTimeout(loop, more ? 0 : deps.config.settlement.pollMs);
    });
  };
  sender =
    chainIds.length > 0 && deps.config.operatorPrivateKey
      ? startPeriodic(
          async () => {
            await sendDueOfferSettlements(deps).catch((error: unknown) =>
              deps.logger?.error("settlement: sending offer settlements failed", error),
            );
          },
          Math.max(deps.config.settlement.pollMs, SENDER_POLL_MS),
        )
      : null;
  if (chainIds.length > 0) loop();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([running, sender?.stop()]);
    },
  };
}
