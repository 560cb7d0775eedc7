import { describe, expect, it } from "vitest";
import { startPeriodic } from "./periodic";

const passes = () => {
  const started: number[] = [];
  let release: (() => void) | null = null;
  return {
    started,
    /** A pass that records its start and, when `hold` is set, waits until released. */
    pass: (hold: { on: boolean }) => async () => {
      started.push(Date.now());
      if (hold.on) await new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release?.(),
  };
};

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 60_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe("startPeriodic", () => {
  it("wake() runs the next pass now instead of after the interval", async () => {
    const p = passes();
    const periodic = startPeriodic(p.pass({ on: false }), 3_600_000);
    await until(() => p.started.length === 1);
    periodic.wake();
    await until(() => p.started.length === 2);
    await periodic.stop();
    periodic.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(p.started).toHaveLength(2);
  });

  it("a wake() during a pass runs one more pass right after it, never two at once", async () => {
    const p = passes();
    const hold = { on: true };
    const periodic = startPeriodic(p.pass(hold), 3_600_000);
    await until(() => p.started.length === 1);
    periodic.wake();
    periodic.wake();
    expect(p.started).toHaveLength(1);
    hold.on = false;
    p.release();
    await until(() => p.started.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(p.started).toHaveLength(2);
    await periodic.stop();
  });
});
