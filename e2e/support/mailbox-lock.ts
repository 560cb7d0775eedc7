// One sign-in at a time per mailbox, across the test workers. The demo admin's mailbox is shared by
// every test that signs the admin in: two workers asking for a link at once each waited for "a mail
// newer than before", could both take the same one, and the second to redeem it was told "This
// sign-in link has expired or was already used". Fresh members' mailboxes are never contended.
import { createHash } from "node:crypto";
import { mkdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const LOCKS = path.join(os.tmpdir(), "loop-e2e-mailbox-locks");
/** A lock older than this was left by a worker that was killed: it is taken over. */
const STALE_MS = 120_000;
const POLL_MS = 100;

/** Runs `work` while holding `email`'s mailbox (an atomic mkdir), then releases it. */
export async function withMailboxLock<T>(email: string, work: () => Promise<T>): Promise<T> {
  const lock = path.join(LOCKS, createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 24));
  await mkdir(LOCKS, { recursive: true });
  const deadline = Date.now() + 2 * STALE_MS;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const since = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (since > STALE_MS) await rm(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`the mailbox of ${email} stayed locked for ${(2 * STALE_MS) / 1000} s`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
