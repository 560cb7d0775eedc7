// A background pass that runs when the API starts and then `intervalMs` after each pass has ended
// (never two at once): the payout reconciler, the upload reward sweep. `pass` catches and logs its
// own failures; the next pass runs all the same.

export interface Periodic {
  /** Resolves when the pass in flight (if any) has finished. */
  stop(): Promise<void>;
}

export function startPeriodic(pass: () => Promise<void>, intervalMs: number): Periodic {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const loop = () => {
    if (stopped) return;
    running = pass().then(() => {
      if (!stopped) timer = setTimeout(loop, intervalMs);
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
