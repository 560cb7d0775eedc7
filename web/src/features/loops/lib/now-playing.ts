/**
 * One preview at a time across the page: a player claims playback when it starts; the player that
 * held it before is paused. Players are told apart by a token of their own (the same loop can be on
 * the page twice).
 */
import { useSyncExternalStore } from "react";

interface Holder {
  token: string;
  pause: () => void;
}

let holder: Holder | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** `token` starts playing: whoever played before is paused. */
export function claimPlayback(token: string, pause: () => void): void {
  const previous = holder;
  holder = { token, pause };
  if (previous && previous.token !== token) previous.pause();
  emit();
}

/** `token` stopped (paused, finished or unmounted); a no-op when another player holds playback. */
export function releasePlayback(token: string): void {
  if (holder?.token !== token) return;
  holder = null;
  emit();
}

/** The token of the player that is playing, or null. */
export function nowPlaying(): string | null {
  return holder?.token ?? null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNowPlaying(): string | null {
  return useSyncExternalStore(subscribe, nowPlaying, nowPlaying);
}

/** Test helper: nobody plays. */
export function resetPlayback(): void {
  holder = null;
  emit();
}
