// A background pass that runs when the API starts and then `intervalMs` after each pass has ended
// (never two at once): the payout reconciler, the upload reward sweep. `pass` catches and logs its
// own failures; the next pass runs all the same.

export interface Periodic {
  /** Runs the next pass now instead of after the interval (right after the pass in flight, if any). */
  wake(): void;
  /** Resolves when the pass in flight (if any) has finished. */
  stop(): Promise<void>;
}

export function startPeriodic(pass: () => Promise<void>, intervalMs: number): Periodic {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let inPass = false;
  let wokenDuringPass = false;
  const loop = () => {
    if (stopped) return;
    timer = undefined;
    inPass = true;
    wokenDuringPass = false;
    running = pass().then(() => {
      inPass = false;
      if (!stopped) timer = setTimeout(loop, wokenDuringPass ? 0 : intervalMs);
    });
  };
  loop();
  return {
    wake() {
      if (stopped) return;
      if (inPass) {
        wokenDuringPass = true;
        return;
      }
      clearTimeout(timer);
      loop();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
