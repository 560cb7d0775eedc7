import { Pause, Play } from "lucide-react";
import { useContext, useMemo, useRef, useState } from "react";
import { PreviewUnavailable } from "@/components/preview-unavailable";
import { Button } from "@/components/ui/button";
import { Waveform } from "@/components/waveform";
import { formatClock, formatDuration } from "@/lib/loop-format";
import { type LoopPeaks, useLoopPeaks } from "@/lib/player/get-loop-peaks";
import { PREVIEW_SECONDS, playQueue, previewDuration, seek, togglePlay } from "@/lib/player/player";
import { PlayerQueueContext } from "@/lib/player/player-queue";
import { currentTrack, type PlayerTrack, usePlayer } from "@/lib/player/player-store";
import { useNearViewport } from "@/lib/use-near-viewport";
import { cn } from "@/lib/utils";

export { PREVIEW_SECONDS, previewDuration };

const NO_PEAKS: LoopPeaks = { points: 0, peaks: [] };

/**
 * The stored peaks cover the whole loop; the preview plays its first 30 s. Keeps the peaks of that
 * part, as two channels for the waveform: maxima on top, minima below.
 */
export function previewWaveform(peaks: LoopPeaks, loopDuration: number | null): { channels: [number[], number[]]; duration: number } {
  const duration = previewDuration(loopDuration);
  const fraction = loopDuration && loopDuration > PREVIEW_SECONDS ? PREVIEW_SECONDS / loopDuration : 1;
  const count = Math.max(1, Math.round(peaks.peaks.length * fraction));
  const pairs = peaks.peaks.length > 0 ? peaks.peaks.slice(0, count) : [[0, 0]];
  return { channels: [pairs.map((pair) => pair[1] ?? 0), pairs.map((pair) => pair[0] ?? 0)], duration };
}

/** The loop's preview waveform from its stored peaks (a flat line when they cannot be had). */
export function usePreviewWaveform(loopId: string, peaksUrl: string | null, duration: number | null) {
  const peaks = useLoopPeaks(loopId, peaksUrl);
  const data = peaks.data ?? (peaks.isError ? NO_PEAKS : null);
  return useMemo(() => (data ? previewWaveform(data, duration) : null), [data, duration]);
}

export interface WaveformPlayerProps {
  loopId: string;
  title: string;
  /** The preview clip (`audioFileUrl`); null until processed. */
  previewUrl: string | null;
  peaksUrl: string | null;
  /** The loop's duration in seconds. */
  duration: number | null;
  /** The creator the player bar shows for this loop (the card passes the loop's). */
  creator?: { id: string; name: string };
  className?: string;
}

/**
 * The loop card's preview player: the waveform drawn from the stored peaks, play/pause, click (or
 * arrow keys) to seek, the current and total time. It drives the app's one player
 * (docs/product.md#player-bar): play starts the player bar with this loop, queued with the other
 * loops of the list the card is in (`PlayerQueueContext`), and the card shows the bar's state while
 * the bar holds its loop. Before that, a seek only moves where play will start. The audio streams
 * only once the listener presses play; a play past 5 s is reported by the player.
 */
export function WaveformPlayer({ loopId, title, previewUrl, peaksUrl, duration, creator, className }: WaveformPlayerProps) {
  const queue = useContext(PlayerQueueContext);
  const box = useRef<HTMLDivElement>(null);
  // The peaks are asked for once the card is near the screen (a page of cards loads the few shown).
  const near = useNearViewport(box, previewUrl !== null);
  const waveform = usePreviewWaveform(loopId, previewUrl && near ? peaksUrl : null, duration);
  const current = usePlayer((state) => currentTrack(state)?.id === loopId);
  const playing = usePlayer((state) => state.playing && currentTrack(state)?.id === loopId);
  const failed = usePlayer((state) => state.failed && currentTrack(state)?.id === loopId);
  const playerTime = usePlayer((state) => (currentTrack(state)?.id === loopId ? state.time : 0));
  // Where play starts while the player holds another loop.
  const [cue, setCue] = useState(0);
  const time = current ? playerTime : cue;
  const total = waveform?.duration ?? previewDuration(duration);

  if (!previewUrl) {
    return (
      <div
        className={cn("flex h-16 items-center rounded-lg border border-dashed border-border px-3 text-xs text-muted-foreground", className)}
      >
        Preview available once processing finishes
      </div>
    );
  }

  const toggle = () => {
    if (current) {
      togglePlay();
      return;
    }
    const index = queue?.findIndex((track) => track.id === loopId) ?? -1;
    const own: PlayerTrack = { id: loopId, title, creator: creator ?? null, previewUrl, peaksUrl, duration };
    if (queue && index >= 0) playQueue(queue, index, cue);
    else playQueue([own], 0, cue);
    setCue(0);
  };
  const onSeek = (to: number) => (current ? seek(to) : setCue(to));

  return (
    <div ref={box} className={cn("flex items-center gap-3", className)} data-testid="waveform-player">
      <Button
        size="icon"
        className="size-10 shrink-0 rounded-full"
        onClick={toggle}
        aria-label={playing ? `Pause preview of ${title}` : `Play preview of ${title}`}
      >
        {playing ? <Pause aria-hidden /> : <Play aria-hidden className="translate-x-px" />}
      </Button>
      <div className="min-w-0 flex-1">
        {failed ? (
          <PreviewUnavailable className="h-11" />
        ) : (
          <Waveform
            channels={waveform?.channels ?? null}
            duration={total}
            time={time}
            label={`Seek in preview of ${title}`}
            valueText={`${formatClock(time)} of ${formatDuration(total)}`}
            onSeek={onSeek}
          />
        )}
        <p className="mt-0.5 text-[11px] text-muted-foreground tabular-nums" data-testid="player-time">
          {formatClock(time)} / {formatDuration(total)}
        </p>
      </div>
    </div>
  );
}
