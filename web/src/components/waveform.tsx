import { type KeyboardEvent, useEffect, useEffectEvent, useRef, useState } from "react";
import type WaveSurfer from "wavesurfer.js";
import { cn } from "@/lib/utils";

const SEEK_STEP_SECONDS = 5;

export interface WaveformProps {
  /** The peaks as wavesurfer channels (maxima on top, minima below); null while they load. */
  channels: readonly [number[], number[]] | null;
  /** Seconds the waveform spans. */
  duration: number;
  /** The position shown, in seconds. */
  time: number;
  /** The slider's accessible name ("Seek in preview of …"). */
  label: string;
  /** The position as read out ("0:07 of 0:16"). */
  valueText: string;
  /** The listener clicked, dragged or used the keys (←/→ 5 s, Home, End) to move to `time`. */
  onSeek: (time: number) => void;
  height?: number;
  className?: string;
}

/**
 * A waveform drawn from stored peaks (wavesurfer.js, loaded on first use, no audio decoded in the
 * browser) that shows a position and reports seeks: a slider. It plays nothing itself; the app's one
 * player (`@/lib/player/player`) does, and the card and the player bar each draw its position.
 */
export function Waveform({ channels, duration, time, label, valueText, onSeek, height = 44, className }: WaveformProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const surferRef = useRef<WaveSurfer | null>(null);
  const [ready, setReady] = useState(false);
  const seekTo = useEffectEvent((to: number) => onSeek(to));
  const shownTime = useEffectEvent(() => time);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !channels) return;
    let cancelled = false;
    let surfer: WaveSurfer | null = null;
    // An element that never gets a source: wavesurfer draws the position it is given, nothing plays here.
    const media = document.createElement("audio");
    media.preload = "none";
    import("wavesurfer.js")
      .then(({ default: WaveSurferClass }) => {
        if (cancelled) return;
        const instance = WaveSurferClass.create({
          container,
          media,
          peaks: [...channels],
          duration,
          height,
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
        instance.on("ready", () => {
          instance.setTime(shownTime());
          setReady(true);
        });
        instance.on("interaction", (to) => seekTo(to));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      surfer?.destroy();
      surferRef.current = null;
      setReady(false);
    };
  }, [channels, duration, height]);

  useEffect(() => {
    if (ready) surferRef.current?.setTime(time);
  }, [ready, time]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const to =
      event.key === "ArrowRight"
        ? time + SEEK_STEP_SECONDS
        : event.key === "ArrowLeft"
          ? time - SEEK_STEP_SECONDS
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? duration
              : null;
    if (to === null) return;
    event.preventDefault();
    onSeek(Math.min(Math.max(to, 0), duration));
  };

  return (
    <div className={cn("relative", className)} style={{ height }}>
      <div
        ref={containerRef}
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.floor(time)}
        aria-valuetext={valueText}
        onKeyDown={onKeyDown}
        className="h-full w-full cursor-pointer rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
      {!ready ? (
        <div className="absolute inset-x-0 top-1/2 h-px -translate-y-1/2 animate-pulse bg-muted-foreground/40" aria-hidden />
      ) : null}
    </div>
  );
}
