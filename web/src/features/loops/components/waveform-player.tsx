import { AlertCircle, Pause, Play } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type WaveSurfer from "wavesurfer.js";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { type LoopPeaks, useLoopPeaks } from "../api/get-loop-peaks";
import { sendPlay } from "../api/report-play";
import { formatClock, formatDuration } from "../lib/format";
import { claimPlayback, releasePlayback } from "../lib/now-playing";
import { createPlayTracker } from "../lib/play-tracker";

/** The preview is the first 30 seconds of the loop (the API's preview clip). */
export const PREVIEW_SECONDS = 30;
const SEEK_STEP_SECONDS = 5;

/** Length of the preview clip: the whole loop when shorter than 30 s. */
export function previewDuration(loopDuration: number | null): number {
  return loopDuration && loopDuration > 0 ? Math.min(loopDuration, PREVIEW_SECONDS) : PREVIEW_SECONDS;
}

/**
 * The stored peaks cover the whole loop; the preview plays its first 30 s. Keeps the peaks of that
 * part, as wavesurfer channels: maxima on top, minima below.
 */
export function previewWaveform(peaks: LoopPeaks, loopDuration: number | null): { channels: [number[], number[]]; duration: number } {
  const duration = previewDuration(loopDuration);
  const fraction = loopDuration && loopDuration > PREVIEW_SECONDS ? PREVIEW_SECONDS / loopDuration : 1;
  const count = Math.max(1, Math.round(peaks.peaks.length * fraction));
  const pairs = peaks.peaks.length > 0 ? peaks.peaks.slice(0, count) : [[0, 0]];
  return { channels: [pairs.map((pair) => pair[1] ?? 0), pairs.map((pair) => pair[0] ?? 0)], duration };
}

export interface WaveformPlayerProps {
  loopId: string;
  title: string;
  /** The preview clip (`audioFileUrl`); null until processed. */
  previewUrl: string | null;
  peaksUrl: string | null;
  /** The loop's duration in seconds. */
  duration: number | null;
  className?: string;
}

/**
 * The loop card's preview player: the waveform drawn from the stored peaks (wavesurfer.js, loaded on
 * first use, no audio decoding in the browser), play/pause, click (or arrow keys) to seek, the
 * current and total time. One preview plays at a time; at the end it goes back to the start. The
 * audio streams from the preview URL only once the user presses play. A preview played past 5 s is
 * reported as a play (`createPlayTracker`), once per playback session.
 */
export function WaveformPlayer({ loopId, title, previewUrl, peaksUrl, duration, className }: WaveformPlayerProps) {
  const token = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const surferRef = useRef<WaveSurfer | null>(null);
  const peaks = useLoopPeaks(loopId, previewUrl ? peaksUrl : null);
  const waveform = useMemo(() => (peaks.data ? previewWaveform(peaks.data, duration) : null), [peaks.data, duration]);
  const [ready, setReady] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [failed, setFailed] = useState(false);
  const total = waveform?.duration ?? previewDuration(duration);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !waveform || !previewUrl) return;
    let cancelled = false;
    let surfer: WaveSurfer | null = null;
    // Our own element, so nothing is fetched before the user presses play (24 cards on a page).
    const media = document.createElement("audio");
    media.preload = "none";
    const plays = createPlayTracker({ onPlay: () => sendPlay(loopId) });
    import("wavesurfer.js")
      .then(({ default: WaveSurferClass }) => {
        if (cancelled) return;
        const instance = WaveSurferClass.create({
          container,
          media,
          url: previewUrl,
          peaks: waveform.channels,
          duration: waveform.duration,
          height: 44,
          waveColor: "rgba(163, 160, 194, 0.45)",
          progressColor: "#a78bfa",
          cursorColor: "#f4f2ff",
          cursorWidth: 1,
          barWidth: 2,
          barGap: 1,
          barRadius: 2,
          normalize: true,
          dragToSeek: true,
        });
        surfer = instance;
        surferRef.current = instance;
        instance.on("ready", () => setReady(true));
        instance.on("play", () => {
          plays.play(instance.getCurrentTime());
          setPlaying(true);
          claimPlayback(token, () => instance.pause());
        });
        instance.on("pause", () => {
          plays.pause();
          setPlaying(false);
          releasePlayback(token);
        });
        instance.on("timeupdate", (time) => {
          plays.time(time);
          setCurrent(time);
        });
        instance.on("seeking", (time) => plays.seek(time));
        instance.on("finish", () => {
          plays.finish();
          instance.setTime(0);
          setCurrent(0);
          setPlaying(false);
          releasePlayback(token);
        });
        instance.on("error", () => {
          plays.pause();
          setFailed(true);
          setPlaying(false);
          releasePlayback(token);
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      releasePlayback(token);
      surfer?.destroy();
      surferRef.current = null;
      media.pause();
      media.removeAttribute("src");
    };
  }, [waveform, previewUrl, token, loopId]);

  if (!previewUrl) {
    return (
      <div
        className={cn("flex h-16 items-center rounded-lg border border-dashed border-border px-3 text-xs text-muted-foreground", className)}
      >
        Preview available once processing finishes
      </div>
    );
  }

  const unavailable = failed || peaks.isError;
  const toggle = () => {
    const surfer = surferRef.current;
    if (!surfer) return;
    surfer.playPause().catch(() => {
      setPlaying(false);
      releasePlayback(token);
      setFailed(true);
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const surfer = surferRef.current;
    if (!surfer) return;
    const step =
      event.key === "ArrowRight"
        ? SEEK_STEP_SECONDS
        : event.key === "ArrowLeft"
          ? -SEEK_STEP_SECONDS
          : event.key === "Home"
            ? -Infinity
            : 0;
    if (step === 0) return;
    event.preventDefault();
    const time = Math.min(Math.max(surfer.getCurrentTime() + step, 0), total);
    surfer.setTime(time);
    setCurrent(time);
  };

  return (
    <div className={cn("flex items-center gap-3", className)} data-testid="waveform-player">
      <Button
        size="icon"
        className="size-10 shrink-0 rounded-full"
        onClick={toggle}
        disabled={!ready || unavailable}
        aria-label={playing ? `Pause preview of ${title}` : `Play preview of ${title}`}
      >
        {playing ? <Pause aria-hidden /> : <Play aria-hidden className="translate-x-px" />}
      </Button>
      <div className="min-w-0 flex-1">
        <div className="relative h-11">
          <div
            ref={containerRef}
            role="slider"
            tabIndex={ready ? 0 : -1}
            aria-label={`Seek in preview of ${title}`}
            aria-valuemin={0}
            aria-valuemax={Math.round(total)}
            aria-valuenow={Math.floor(current)}
            aria-valuetext={`${formatClock(current)} of ${formatDuration(total)}`}
            onKeyDown={onKeyDown}
            className={cn(
              "h-11 w-full cursor-pointer rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              unavailable && "hidden",
            )}
          />
          {!ready && !unavailable ? (
            <div className="absolute inset-x-0 top-1/2 h-px -translate-y-1/2 animate-pulse bg-muted-foreground/40" aria-hidden />
          ) : null}
          {unavailable ? (
            <p className="flex h-11 items-center gap-1.5 text-xs text-muted-foreground">
              <AlertCircle className="size-3.5" aria-hidden />
              Preview unavailable
            </p>
          ) : null}
        </div>
        <p className="mt-0.5 text-[11px] text-muted-foreground tabular-nums" data-testid="player-time">
          {formatClock(current)} / {formatDuration(total)}
        </p>
      </div>
    </div>
  );
}
