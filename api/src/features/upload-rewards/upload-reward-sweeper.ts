// Runs the upload reward's sweep (upload-rewards.service.ts) in the API process: a pass when the
// API starts, then one every config.uploadRewards.sweepMs (1 minute), as the payout reconciler does.
// Every replica may run it: a pass takes its rows with FOR UPDATE SKIP LOCKED and pays with the
// loop's idempotency key, so two processes never decide or pay one loop twice. A wallet-only creator
// is reachable when the indexer (config.settlement.indexerSchema) has LOOP sent to their wallet.
import type { AppConfig } from "../../config";
import type { PrismaClient } from "../../db/prisma";
import type { Logger } from "../../deps";
import { startPeriodic, type Periodic } from "../../jobs/periodic";
import { sweepUploadRewards } from "./upload-rewards.service";

/** Stops the sweep; resolves when the pass in flight (if any) has finished. */
export type UploadRewardSweeper = Periodic;

export function startUploadRewardSweeper(deps: { prisma: PrismaClient; config: AppConfig; logger?: Logger }): UploadRewardSweeper {
  const { windowMs, sweepMs } = deps.config.uploadRewards;
  return startPeriodic(async () => {
    try {
      const indexer = { schema: deps.config.settlement.indexerSchema, chainIds: deps.config.chains.map((chain) => chain.id) };
      const { decided } = await sweepUploadRewards(deps.prisma, { windowMs, indexer });
      const counts = Object.entries(decided).map(([status, n]) => `${n} ${status}`);
      if (counts.length > 0) deps.logger?.info(`upload rewards: ${counts.join(", ")}`);
    } catch (error) {
      deps.logger?.error("upload rewards: sweep failed", error);
    }
  }, sweepMs);
}
