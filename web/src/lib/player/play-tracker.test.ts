import { PLAY_THRESHOLD_MS } from "@loop/rules/schemas/analytics";
import { describe, expect, it, vi } from "vitest";
import { createPlayTracker } from "./play-tracker";

/** A tracker on a hand-moved clock; `advance(ms)` moves the clock and the media time together, as playback does. */
function setup() {
  let clock = 1000;
  let media = 0;
  const onPlay = vi.fn();
  const tracker = createPlayTracker({ onPlay, now: () => clock });
  const advance = (ms: number, step = 250) => {
    for (let left = ms; left > 0; left -= step) {
      const part = Math.min(step, left);
      clock += part;
      media += part / 1000;
      tracker.time(media);
    }
  };
  return {
    tracker,
    onPlay,
    advance,
    play: () => tracker.play(media),
    seek: (seconds: number) => {
      media = seconds;
      tracker.time(media);
      tracker.seek(media);
    },
    wait: (ms: number) => {
      clock += ms;
    },
  };
}

describe("createPlayTracker", () => {
  it("counts a play once 5 s have played, and only once in the session", () => {
    expect(PLAY_THRESHOLD_MS).toBe(5000);
    const { play, advance, onPlay } = setup();
    play();
    advance(4750);
    expect(onPlay).not.toHaveBeenCalled();
    advance(250);
    expect(onPlay).toHaveBeenCalledTimes(1);
    advance(10_000);
    expect(onPlay).toHaveBeenCalledTimes(1);
  });

  it("adds up playback across pauses", () => {
    const { tracker, play, advance, wait, onPlay } = setup();
    play();
    advance(3000);
    tracker.pause();
    wait(60_000);
    play();
    advance(1750);
    expect(onPlay).not.toHaveBeenCalled();
    advance(250);
    expect(onPlay).toHaveBeenCalledTimes(1);
  });

  it("does not count seeking ahead, nor time without playback", () => {
    const { tracker, play, advance, seek, wait, onPlay } = setup();
    play();
    advance(1000);
    seek(20); // jumped 19 s ahead in a moment
    advance(1000);
    seek(29);
    advance(1000);
    tracker.pause();
    wait(30_000);
    expect(onPlay).not.toHaveBeenCalled();
    play();
    advance(1750);
    expect(onPlay).not.toHaveBeenCalled();
    advance(250);
    expect(onPlay).toHaveBeenCalledTimes(1);
  });

  it("does not count a stream that stalls (the clock runs, the media does not)", () => {
    const { tracker, play, wait, onPlay } = setup();
    play();
    wait(10_000);
    tracker.time(0.5);
    expect(onPlay).not.toHaveBeenCalled();
  });

  it("counts what played before a seek back, whose seeking event comes late", () => {
    const { tracker, play, advance, onPlay } = setup();
    play();
    advance(4000);
    tracker.time(0); // moved back to the start
    advance(1000);
    expect(onPlay).toHaveBeenCalledTimes(1);
  });

  it("starts a new session once a counted preview ended; a short preview played again still counts", () => {
    const { tracker, play, advance, onPlay, seek } = setup();
    play();
    advance(6000);
    tracker.pause();
    tracker.finish();
    expect(onPlay).toHaveBeenCalledTimes(1);
    seek(0);
    play();
    advance(5000);
    expect(onPlay).toHaveBeenCalledTimes(2);

    // A 3-second preview: two plays in a row make 6 s.
    const short = setup();
    short.play();
    short.advance(3000);
    short.tracker.pause();
    short.tracker.finish();
    short.seek(0);
    short.play();
    short.advance(2000);
    expect(short.onPlay).toHaveBeenCalledTimes(1);
  });
});
