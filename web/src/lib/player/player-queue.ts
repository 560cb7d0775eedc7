/** The loop cards as the app's player plays them (docs/product.md#player-bar). */
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { createContext } from "react";
import { artistName } from "@/lib/loop-format";
import type { PlayerTrack } from "@/lib/player/player-store";

/** The loop as the player plays it; null when it has no preview to play (not ready, not processed). */
export function toPlayerTrack(loop: PublicLoop): PlayerTrack | null {
  if (loop.status !== "ready" || !loop.audioFileUrl) return null;
  return {
    id: loop.id,
    title: loop.title,
    creator: { id: loop.user.id, name: artistName(loop.user) },
    previewUrl: loop.audioFileUrl,
    peaksUrl: loop.peaksUrl,
    duration: loop.duration,
  };
}

/** The playable loops of a list, in its order. */
export function playerQueue(loops: readonly PublicLoop[]): PlayerTrack[] {
  return loops.flatMap((loop) => toPlayerTrack(loop) ?? []);
}

/**
 * The list a card is shown in, as a queue (`LoopList` provides it): play on a card plays that loop,
 * and Next and Previous move through the list's other loops in order. Outside a list, the card's loop
 * is the whole queue.
 */
export const PlayerQueueContext = createContext<readonly PlayerTrack[] | null>(null);
