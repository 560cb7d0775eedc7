/**
 * jsdom has no audio. `installFakeAudio()` (tests only) makes <audio> elements play and pause as a
 * browser's do (the `play` and `pause` events, `paused`), and lets a test move the player's preview
 * (`advance`), end it or fail it. Restored after each test (`restoreMocks`).
 */
import { act } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { resetPlayer } from "@/lib/player/player";

export interface FakeAudio {
  /** The audio element with a source (the player's), or null before anything played. */
  playing(): HTMLMediaElement | null;
  /** How many times `play()` was called. */
  plays(): number;
  /** Plays on for `seconds`, in quarter-second ticks, the clock (`performance.now`) moving with it. */
  advance(seconds: number): void;
  /** The preview played to its end (as a browser: paused, then `ended`). */
  end(): void;
  /** The preview cannot be played (`error`). */
  fail(): void;
}

export function installFakeAudio(): FakeAudio {
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  const elements = new Set<HTMLMediaElement>();
  let clock = 0;
  let playCalls = 0;
  vi.spyOn(performance, "now").mockImplementation(() => clock);
  vi.spyOn(HTMLMediaElement.prototype, "paused", "get").mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true;
  });
  // A new source stops the element without a `pause` event and starts it at 0 (the media element load algorithm).
  const src = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, "src")!;
  vi.spyOn(HTMLMediaElement.prototype, "src", "set").mockImplementation(function (this: HTMLMediaElement, value: string) {
    src.set!.call(this, value);
    paused.set(this, true);
    this.currentTime = 0;
  });
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (this: HTMLMediaElement) {
    playCalls += 1;
    elements.add(this);
    if (paused.get(this) !== false) {
      paused.set(this, false);
      this.dispatchEvent(new Event("play"));
    }
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (this: HTMLMediaElement) {
    if (paused.get(this) === false) {
      paused.set(this, true);
      this.dispatchEvent(new Event("pause"));
    }
  });

  const playing = () => [...elements].find((element) => element.getAttribute("src")) ?? null;
  const element = () => {
    const found = playing();
    if (!found) throw new Error("Nothing was played");
    return found;
  };
  /** The preview stops for good: paused, then `events` (as a browser tells an end or a failure). */
  const stop = (...events: string[]) => {
    const media = element();
    act(() => {
      paused.set(media, true);
      for (const type of events) media.dispatchEvent(new Event(type));
    });
  };
  return {
    playing,
    plays: () => playCalls,
    advance(seconds) {
      const media = element();
      act(() => {
        for (let tick = 0; tick < seconds * 4; tick += 1) {
          clock += 250;
          media.currentTime += 0.25;
          media.dispatchEvent(new Event("timeupdate"));
        }
      });
    },
    end: () => stop("pause", "ended"),
    fail: () => stop("error"),
  };
}

/**
 * A player test file's set-up: a fresh fake before each test, and the one player reset after it (it
 * outlives a test's render). The fake answers for the test that is running.
 */
export function fakeAudioPerTest(): FakeAudio {
  let current: FakeAudio | undefined;
  beforeEach(() => {
    current = installFakeAudio();
  });
  afterEach(() => resetPlayer());
  const audio = () => {
    if (!current) throw new Error("fakeAudioPerTest: no test is running");
    return current;
  };
  return {
    playing: () => audio().playing(),
    plays: () => audio().plays(),
    advance: (seconds) => audio().advance(seconds),
    end: () => audio().end(),
    fail: () => audio().fail(),
  };
}
