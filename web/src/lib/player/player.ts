/**
 * The one player of the app (docs/product.md#player-bar): one audio element, made on the first play
 * and kept for the visit (a page change does not touch it), driven by the loop cards and the player
 * bar through the functions below; what it does is published in `./player-store.ts`.
 *
 * - A queue is the list where play was pressed, in order; Next and Previous move in it, Previous
 *   first goes back to the start of the loop once 3 s have played.
 * - Loop mode (on by default) repeats the current loop (the element's own `loop`, so a short loop
 *   repeats without a gap); off, the next loop of the queue follows, and the end of the queue stops
 *   back at the start of its last loop.
 * - Volume, mute and loop mode are kept in the browser for the next visit.
 * - A preview played past 5 s is reported as a play, once per playback session (`createPlayTracker`).
 */
import { createPlayTracker, type PlayTracker } from "./play-tracker";
import { currentTrack, getPlayerState, INITIAL_PLAYER_STATE, type PlayerState, type PlayerTrack, setPlayerState } from "./player-store";
import { sendPlay } from "./report-play";

/** The preview is the first 30 seconds of the loop (the API's preview clip). */
export const PREVIEW_SECONDS = 30;
export const SEEK_STEP_SECONDS = 5;
export const VOLUME_STEP = 0.1;
/** Previous after this much of a loop has played starts it again instead. */
export const RESTART_AFTER_SECONDS = 3;
const SETTINGS_KEY = "loop:player";

/** Length of the preview clip: the whole loop when shorter than 30 s. */
export function previewDuration(loopDuration: number | null): number {
  return loopDuration && loopDuration > 0 ? Math.min(loopDuration, PREVIEW_SECONDS) : PREVIEW_SECONDS;
}

let audio: HTMLAudioElement | null = null;
let tracker: PlayTracker | null = null;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

function media(): HTMLAudioElement {
  if (audio) return audio;
  const element = document.createElement("audio");
  element.preload = "auto";
  element.addEventListener("play", () => {
    tracker?.play(element.currentTime);
    setPlayerState({ playing: true, failed: false });
  });
  element.addEventListener("pause", () => {
    tracker?.pause();
    setPlayerState({ playing: false });
  });
  element.addEventListener("timeupdate", () => {
    tracker?.time(element.currentTime);
    setPlayerState({ time: element.currentTime });
  });
  element.addEventListener("seeking", () => tracker?.seek(element.currentTime));
  element.addEventListener("ended", ended);
  element.addEventListener("error", () => {
    // Removing the source (a reset) is no failure of the preview.
    if (!element.getAttribute("src")) return;
    tracker?.pause();
    setPlayerState({ playing: false, failed: true });
  });
  audio = element;
  applySettings(getPlayerState());
  return element;
}

function applySettings({ volume, muted, loop }: PlayerState): void {
  if (!audio) return;
  audio.volume = volume;
  audio.muted = muted;
  audio.loop = loop;
}

function changeSettings(patch: Partial<Pick<PlayerState, "volume" | "muted" | "loop">>): void {
  setPlayerState(patch);
  const { volume, muted, loop } = getPlayerState();
  applySettings(getPlayerState());
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ volume, muted, loop }));
  } catch {
    // Storage refused (private mode, quota): the settings last for the visit.
  }
}

function savedSettings(): Partial<PlayerState> {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "null");
    if (!saved || typeof saved !== "object") return {};
    const { volume, muted, loop } = saved as Record<string, unknown>;
    return {
      ...(typeof volume === "number" && volume >= 0 && volume <= 1 ? { volume } : {}),
      ...(typeof muted === "boolean" ? { muted } : {}),
      ...(typeof loop === "boolean" ? { loop } : {}),
    };
  } catch {
    return {};
  }
}

setPlayerState(savedSettings());

function start(): void {
  const element = media();
  Promise.resolve(element.play()).catch((error: unknown) => {
    // A newer source or a pause took over: nothing failed.
    if (error instanceof DOMException && error.name === "AbortError") return;
    // Refused by the browser (no gesture yet): stays paused, the listener presses play.
    setPlayerState({ playing: false, failed: !(error instanceof DOMException && error.name === "NotAllowedError") });
  });
}

/** Loads the loop at `index` of the queue at `at` seconds and plays it. */
function load(index: number, at = 0): void {
  const track = getPlayerState().queue[index];
  if (!track) return;
  const element = media();
  // The previous loop's session ends here: what it played counts for it alone.
  tracker?.pause();
  tracker = createPlayTracker({ onPlay: () => sendPlay(track.id) });
  setPlayerState({ index, time: at, failed: false });
  element.src = track.previewUrl;
  element.currentTime = at;
  describeTrack(track);
  start();
}

function ended(): void {
  tracker?.finish();
  const state = getPlayerState();
  if (state.loop) {
    media().currentTime = 0;
    start();
  } else if (state.index + 1 < state.queue.length) {
    load(state.index + 1);
  } else {
    media().currentTime = 0;
    setPlayerState({ time: 0, playing: false });
  }
}

/** Plays `queue[index]` from `at` seconds; the queue is what Next and Previous move through. */
export function playQueue(queue: readonly PlayerTrack[], index: number, at = 0): void {
  if (!queue[index]) return;
  setPlayerState({ queue });
  load(index, at);
}

/** Play or pause the current loop (a preview that failed is loaded again). */
export function togglePlay(): void {
  const state = getPlayerState();
  if (!currentTrack(state)) return;
  if (state.failed) load(state.index, state.time);
  else if (state.playing) media().pause();
  else start();
}

export function hasNext(state: PlayerState): boolean {
  return state.index + 1 < state.queue.length;
}

export function hasPrevious(state: PlayerState): boolean {
  return state.index > 0;
}

export function next(): void {
  const state = getPlayerState();
  if (hasNext(state)) load(state.index + 1);
}

/** The previous loop of the queue; the start of this one after 3 s, or on the first loop. */
export function previous(): void {
  const state = getPlayerState();
  if (!currentTrack(state)) return;
  if (state.time > RESTART_AFTER_SECONDS || !hasPrevious(state)) {
    seek(0);
    if (!state.playing) start();
  } else load(state.index - 1);
}

/** Moves to `time` seconds into the current preview. */
export function seek(time: number): void {
  const state = getPlayerState();
  const track = currentTrack(state);
  if (!track) return;
  const element = media();
  const length = Number.isFinite(element.duration) && element.duration > 0 ? element.duration : previewDuration(track.duration);
  const to = clamp(time, 0, length);
  element.currentTime = to;
  setPlayerState({ time: to });
}

export function seekBy(seconds: number): void {
  seek(getPlayerState().time + seconds);
}

/** 0 to 1; a change of volume unmutes. */
export function setVolume(volume: number): void {
  changeSettings({ volume: clamp(Math.round(volume * 100) / 100, 0, 1), muted: false });
}

export function changeVolumeBy(step: number): void {
  setVolume(getPlayerState().volume + step);
}

export function toggleMute(): void {
  changeSettings({ muted: !getPlayerState().muted });
}

export function toggleLoop(): void {
  changeSettings({ loop: !getPlayerState().loop });
}

/** The phone's lock screen and headset buttons (Media Session), where the browser has them. */
function describeTrack(track: PlayerTrack): void {
  if (typeof navigator === "undefined" || !("mediaSession" in navigator) || typeof MediaMetadata === "undefined") return;
  navigator.mediaSession.metadata = new MediaMetadata({ title: track.title, artist: track.creator?.name ?? "" });
  const actions: [MediaSessionAction, MediaSessionActionHandler][] = [
    ["play", () => (getPlayerState().playing ? undefined : togglePlay())],
    ["pause", () => media().pause()],
    ["nexttrack", () => next()],
    ["previoustrack", () => previous()],
  ];
  for (const [action, handler] of actions) {
    try {
      navigator.mediaSession.setActionHandler(action, handler);
    } catch {
      // An action this browser does not know.
    }
  }
}

/** Tests: stops and forgets everything, as at page load. */
export function resetPlayer(): void {
  if (audio) {
    audio.removeAttribute("src");
    audio = null;
  }
  tracker = null;
  setPlayerState(INITIAL_PLAYER_STATE);
}
