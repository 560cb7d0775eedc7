import { lazy, Suspense } from "react";
import { usePlayer } from "@/lib/player/player-store";

const PlayerBar = lazy(() => import("./player-bar").then((m) => ({ default: m.PlayerBar })));

/**
 * The player bar's place in the app shell: nothing until something plays, then the bar (its own lazy
 * chunk, with the audio), mounted outside the routes so a page change does not touch it
 * (docs/product.md#player-bar).
 */
export function PlayerBarHost() {
  const active = usePlayer((state) => state.queue.length > 0);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <PlayerBar />
    </Suspense>
  );
}
