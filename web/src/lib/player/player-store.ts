/**
 * The player's state, shared by the loop cards and the player bar (docs/product.md#player-bar): the
 * queue (the list where play was pressed), which of it plays, the position, loop mode and volume. The
 * app shell reads it on every page to mount the bar once something plays, so this module stays tiny;
 * what changes it (and the one audio element) is `./player.ts`, loaded with the first card or the bar.
 */
import { useSyncExternalStore } from "react";

/** A loop the player can play: what the bar shows, and where its preview and peaks are. */
export interface PlayerTrack {
  id: string;
  title: string;
  /** The creator shown and linked in the bar; null when the caller does not know them. */
  creator: { id: string; name: string } | null;
  /** The 30 s preview (`audioFileUrl`). */
  previewUrl: string;
  peaksUrl: string | null;
  /** The loop's duration in seconds (the preview is its first 30 s). */
  duration: number | null;
}

export interface PlayerState {
  queue: readonly PlayerTrack[];
  /** The position in `queue` of the loop the player holds. */
  index: number;
  playing: boolean;
  /** Seconds into the current preview. */
  time: number;
  /** Loop mode: the current loop plays on repeat (on by default). */
  loop: boolean;
  /** 0 to 1. */
  volume: number;
  muted: boolean;
  /** The current preview could not be played. */
  failed: boolean;
}

export const INITIAL_PLAYER_STATE: PlayerState = {
  queue: [],
  index: 0,
  playing: false,
  time: 0,
  loop: true,
  volume: 1,
  muted: false,
  failed: false,
};

let state = INITIAL_PLAYER_STATE;
const listeners = new Set<() => void>();

export function getPlayerState(): PlayerState {
  return state;
}

export function setPlayerState(patch: Partial<PlayerState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A value of the player's state (`select` returns a primitive or a stored object, so renders stay few). */
export function usePlayer<T>(select: (state: PlayerState) => T): T {
  const read = () => select(state);
  return useSyncExternalStore(subscribe, read, read);
}

/** The loop the player holds, or null before anything played. */
export function currentTrack(of: PlayerState): PlayerTrack | null {
  return of.queue[of.index] ?? null;
}
