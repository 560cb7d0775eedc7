/** How a wallet flow waits for the API to record what the chain did (tests pass a fake clock). */
export interface RecordPolling {
  /** How often the API is asked again. */
  pollMs?: number;
  /** How long the flow waits before it reports the transaction as pending. */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks `attempt` every `pollMs` until it finds the record, or null once `timeoutMs` has passed: the
 * chain has the transaction, and the API records it once the indexer has its event.
 */
export async function pollUntilRecorded<T>(
  attempt: () => Promise<T | undefined>,
  { pollMs, timeoutMs, sleep = realSleep, now = Date.now }: RecordPolling & Required<Pick<RecordPolling, "pollMs" | "timeoutMs">>,
): Promise<T | null> {
  const deadline = now() + timeoutMs;
  for (;;) {
    const record = await attempt();
    if (record !== undefined) return record;
    if (now() >= deadline) return null;
    await sleep(pollMs);
  }
}
