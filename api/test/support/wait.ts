// Waiting in tests for what another process, a worker or the chain does in its own time.
//
// A test waits for an event, never for a number of milliseconds, and its deadline is far above the
// time the event takes (issue 34): a slow laptop, a loaded CI runner or `scripts/slow-machine.mjs`
// can take several times as long as the machine the suite was written on. Missing the deadline
// means the event never came; how fast it comes is measured by `pnpm bench`.

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * How long a test waits for an event before calling it missing: a job processed, a block indexed,
 * a mail delivered, a process started. Events that take a second here may take ten on a loaded
 * 2-core machine; this is ten times that again.
 */
export const EVENT_DEADLINE_MS = 120_000;

/**
 * The first truthy value of `probe`, asked every `intervalMs`; fails naming `what` once `timeoutMs`
 * have passed without one.
 */
export async function waitFor<T>(
  what: string,
  probe: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  timeoutMs = EVENT_DEADLINE_MS,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${timeoutMs / 1000} s)`);
    await sleep(intervalMs);
  }
}
