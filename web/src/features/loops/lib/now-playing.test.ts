import { afterEach, describe, expect, it, vi } from "vitest";
import { claimPlayback, nowPlaying, releasePlayback, resetPlayback } from "./now-playing";

afterEach(() => resetPlayback());

describe("one preview at a time", () => {
  it("starting a player pauses the one that was playing", () => {
    const pauseA = vi.fn();
    const pauseB = vi.fn();
    claimPlayback("a", pauseA);
    expect(nowPlaying()).toBe("a");
    claimPlayback("b", pauseB);
    expect(pauseA).toHaveBeenCalledOnce();
    expect(pauseB).not.toHaveBeenCalled();
    expect(nowPlaying()).toBe("b");
  });

  it("the same player claiming again is not paused", () => {
    const pause = vi.fn();
    claimPlayback("a", pause);
    claimPlayback("a", pause);
    expect(pause).not.toHaveBeenCalled();
  });

  it("only the holder releases playback", () => {
    claimPlayback("a", vi.fn());
    claimPlayback("b", vi.fn());
    releasePlayback("a");
    expect(nowPlaying()).toBe("b");
    releasePlayback("b");
    expect(nowPlaying()).toBeNull();
  });
});
