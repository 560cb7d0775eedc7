// Runs the upload reward's sweep (upload-rewards.service.ts) in the API process: a pass when the
// API starts, then one every config.uploadRewards.sweepMs (1 minute), as the payout reconciler does.
// Every replica may run it: a pass takes its rows with FOR UPDATE SKIP LOCKED and pays with the
// loop's idempotency key, so two processes never decide or pay one loop twice.
import type { AppConfig } from "../../config";
import type { PrismaClient } from "../../db/prisma";
import type { Logger } from "../../deps";
import { sweepUploadRewards } from "./upload-rewards.service";

export interface UploadRewardSweeper {
  /** Resolves when the pass in flight (if any) has finished. */
  stop(): Promise<void>;
}

export function startUploadRewardSweeper(deps: { prisma: PrismaClient; config: AppConfig; logger?: Logger }): UploadRewardSweeper {
  const { windowMs, sweepMs } = deps.config.uploadRewards;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const pass = async () => {
    try {
      const { decided } = await sweepUploadRewards(deps.prisma, { windowMs });
      const counts = Object.entries(decided).map(([status, n]) => `${n} ${status}`);
      if (counts.length > 0) deps.logger?.info(`upload rewards: ${counts.join(", ")}`);
    } catch (error) {
      deps.logger?.error("upload rewards: sweep failed", error);
    }
  };
  const loop = () => {
    if (stopped) return;
    running = pass().then(() => {
      if (!stopped) timer = setTimeout(loop, sweepMs);
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
