/**
 * A stand-in for wavesurfer.js (jsdom has no canvas), tests only:
 * `vi.mock("wavesurfer.js", async () => (await import("@/testing/fake-wavesurfer")).fakeWaveSurferModule)`. Each instance records its options and the position it was given, and a
 * test emits what the listener does (`surfer.emit("interaction", 12)` for a click at 12 s).
 */
export class FakeSurfer {
  listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  time = 0;
  destroyed = false;
  constructor(readonly options: Record<string, unknown>) {}
  on(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return () => undefined;
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  setTime(time: number) {
    this.time = time;
  }
  destroy() {
    this.destroyed = true;
  }
}

/** The instances made so far, in order (empty it after each test). */
export const surfers: FakeSurfer[] = [];

export const fakeWaveSurferModule = {
  default: {
    create: (options: Record<string, unknown>) => {
      const surfer = new FakeSurfer(options);
      surfers.push(surfer);
      queueMicrotask(() => surfer.emit("ready", options.duration));
      return surfer;
    },
  },
};
