// LoopMarketplace's dispute window is one setting for the whole chain: a purchase mined while it is
// open is held in escrow, whoever made it. licence.spec.ts opens it around its own wallet purchase
// (to refund it as the arbiter); the other specs' wallet purchases must not be mined meanwhile, or
// they would be held too. So every spec's on-chain purchase (Pay from Wallet until the purchase is
// recorded) runs under this lock, one at a time across the Playwright workers: a directory made
// atomically in the run folder (fresh per run), removed when the purchase is done.
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { StackInfo } from "./stack";
import { EVENT_DEADLINE_MS } from "./deadlines";

/** Longer than any holder keeps it (a purchase recorded within EVENT_DEADLINE_MS); then the run has a real problem. */
const WAIT_LIMIT_MS = 2 * EVENT_DEADLINE_MS;
const RETRY_MS = 100;

/** Makes the lock's directory: true when this call made it, false when it was there already. */
async function tryLock(lock: string): Promise<boolean> {
  try {
    await mkdir(lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

export async function withPurchaseLock<T>(stack: StackInfo, purchase: () => Promise<T>): Promise<T> {
  const lock = path.join(stack.runDir, "marketplace-purchase.lock");
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!(await tryLock(lock))) {
    if (Date.now() > deadline) throw new Error(`another spec kept ${lock} for over ${WAIT_LIMIT_MS / 1000} s`);
    // Waiting on a condition (the holder's purchase is recorded), checked every 100 ms.
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
  try {
    return await purchase();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
