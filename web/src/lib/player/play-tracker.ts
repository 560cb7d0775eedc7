/**
 * When a preview counts as a play (docs/decisions.md, issue 23): once PLAY_THRESHOLD_MS of it has
 * actually played in one playback session, reported once per session. A session runs from the first
 * play until the preview ends after it was counted (or the player goes away): pausing and playing on
 * stay in it, and a preview shorter than the threshold counts when played again. Seeking adds
 * nothing: each stretch between a play or seek and the next pause or seek counts the lesser of how
 * far the media time moved and how much time passed, so neither a jump ahead nor a stalled stream
 * counts.
 */
import { PLAY_THRESHOLD_MS } from "@loop/rules/catalog";

export interface PlayTracker {
  /** Playback started (or resumed) at `time` seconds into the preview. */
  play(time: number): void;
  /** The media time moved to `time` seconds (during playback, or by a seek). */
  time(time: number): void;
  /** The listener moved to `time` seconds. */
  seek(time: number): void;
  /** Playback paused. */
  pause(): void;
  /** The preview played to its end: once counted, the session is over and the next play starts a new one. */
  finish(): void;
}

export interface PlayTrackerOptions {
  /** Called once per session, when the threshold is passed. */
  onPlay: () => void;
  thresholdMs?: number;
  /** A clock in milliseconds (tests pass their own). */
  now?: () => number;
}

export function createPlayTracker({
  onPlay,
  thresholdMs = PLAY_THRESHOLD_MS,
  now = () => performance.now(),
}: PlayTrackerOptions): PlayTracker {
  let played = 0;
  let reported = false;
  /** The open stretch: where and when it started, and the last media time and clock seen in it. */
  let stretch: { media: number; clock: number; lastMedia: number; lastClock: number } | null = null;

  const counted = (open: NonNullable<typeof stretch>) =>
    Math.max(0, Math.min((open.lastMedia - open.media) * 1000, open.lastClock - open.clock));

  const close = () => {
    if (stretch) played += counted(stretch);
    stretch = null;
  };
  const open = (time: number) => {
    const clock = now();
    stretch = { media: time, clock, lastMedia: time, lastClock: clock };
  };
  const check = () => {
    if (reported || !stretch) return;
    if (played + counted(stretch) >= thresholdMs) {
      reported = true;
      onPlay();
    }
  };

  return {
    play(time) {
      close();
      open(time);
    },
    time(time) {
      if (!stretch) return;
      if (time < stretch.lastMedia) {
        // Moved back (a seek whose event has not come yet): what played so far counts, the rest starts anew.
        close();
        open(time);
        return;
      }
      stretch.lastMedia = time;
      stretch.lastClock = now();
      check();
    },
    seek(time) {
      if (!stretch) return;
      stretch.lastClock = now();
      close();
      open(time);
    },
    pause() {
      close();
    },
    finish() {
      close();
      if (!reported) return;
      played = 0;
      reported = false;
    },
  };
}
