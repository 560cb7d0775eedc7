// The claim → run → sleep loop of an in-process queue worker (queue.ts): takes the oldest runnable
// job of one queue and hands it to `run`, sleeps `pollMs` when the queue is empty, and lets wake()
// cut the sleep short (a job was just queued). halt() ends the loop after the job in hand.
import type { PrismaClient } from "../db/prisma";
import type { Logger } from "../deps";
import { claim, type ClaimedJob } from "./queue";

export interface QueuePollerOptions<T> {
  prisma: PrismaClient;
  queue: string;
  /** The claim's length (the job is taken again by another worker after it). */
  visibilityMs: number;
  pollMs: number;
  /** Names the worker in its error logs ("loop worker"). */
  name: string;
  logger?: Logger;
  run: (job: ClaimedJob<T>) => Promise<void>;
}

export interface QueuePoller {
  /** Cuts the sleep short: the queue is polled at once. */
  wake(): void;
  /** Ends the loop after the job in hand; `done` resolves then. */
  halt(): void;
  readonly running: boolean;
  readonly done: Promise<void>;
}

export function startQueuePoller<T>(options: QueuePollerOptions<T>): QueuePoller {
  const { prisma, logger } = options;
  let running = true;
  let sleeping: { timer: NodeJS.Timeout; resolve: () => void } | null = null;
  const wake = () => {
    if (!sleeping) return;
    clearTimeout(sleeping.timer);
    sleeping.resolve();
    sleeping = null;
  };
  const sleep = () =>
    new Promise<void>((resolve) => {
      sleeping = { timer: setTimeout(() => ((sleeping = null), resolve()), options.pollMs), resolve };
    });

  const done = (async () => {
    while (running) {
      try {
        const job = await claim<T>(prisma, options.queue, options.visibilityMs);
        if (job) await options.run(job);
        else await sleep();
      } catch (error) {
        if (!running) break;
        logger?.error(`${options.name}: queue error`, error);
        await sleep();
      }
    }
  })();

  return {
    wake,
    halt() {
      running = false;
      wake();
    },
    get running() {
      return running;
    },
    done,
  };
}
