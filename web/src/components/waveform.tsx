import { type KeyboardEvent, memo, type PointerEvent, useMemo, useRef } from "react";
import { useElementWidth } from "@/components/charts/use-element-width";
import { cn } from "@/lib/utils";

const SEEK_STEP_SECONDS = 5;
/** Bars of 2 px with a 1 px gap, drawn as lines with round ends (a bar's radius is its half width). */
const BAR_WIDTH = 2;
const BAR_PITCH = BAR_WIDTH + 1;
const WAVE_COLOR = "rgba(163, 160, 194, 0.45)";
const PROGRESS_COLOR = "#a78bfa";

export interface WaveformProps {
  /** The peaks as two channels (maxima on top, minima below); null while they load. */
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
 * The bars of a waveform `width` × `height` px as one SVG path: one 2 px bar every 3 px, each the
 * loudest of the peaks it covers, maxima above the centre line and minima below, normalized to the
 * loudest peak of both channels (a silent bar is a dot).
 */
export function waveformBarsPath(channels: readonly [number[], number[]], width: number, height: number): string {
  const [top, bottom] = channels;
  const length = Math.max(top.length, bottom.length);
  const bars = Math.floor((width + BAR_PITCH - BAR_WIDTH) / BAR_PITCH);
  if (bars <= 0) return "";
  let loudest = 0;
  for (let i = 0; i < length; i++) loudest = Math.max(loudest, Math.abs(top[i] ?? 0), Math.abs(bottom[i] ?? 0));
  const scale = (height / 2) * (loudest > 0 ? 1 / loudest : 1);
  const half = height / 2;
  let path = "";
  for (let bar = 0; bar < bars; bar++) {
    const start = Math.floor((bar * length) / bars);
    const end = Math.max(start + 1, Math.floor(((bar + 1) * length) / bars));
    let up = 0;
    let down = 0;
    for (let i = start; i < end && i < length; i++) {
      up = Math.max(up, Math.abs(top[i] ?? 0));
      down = Math.max(down, Math.abs(bottom[i] ?? 0));
    }
    const y1 = half - Math.round(up * scale);
    const y2 = half + Math.round(down * scale);
    const x = bar * BAR_PITCH + BAR_WIDTH / 2;
    // The round caps add half the bar's width at each end.
    path += y2 - y1 >= BAR_WIDTH ? `M${x} ${y1 + BAR_WIDTH / 2}V${y2 - BAR_WIDTH / 2}` : `M${x} ${(y1 + y2) / 2}V${(y1 + y2) / 2}`;
  }
  return path;
}

/** The drawn bars, in one colour: rendered again only when the peaks or the size change, never with the time. */
const Bars = memo(function Bars({ path, width, height, color }: { path: string; width: number; height: number; color: string }) {
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} className="absolute top-0 left-0 block" aria-hidden>
      <path d={path} fill="none" stroke={color} strokeWidth={BAR_WIDTH} strokeLinecap="round" />
    </svg>
  );
});

/**
 * A waveform drawn from stored peaks (an inline SVG, no audio decoded in the browser) that shows a
 * position and reports seeks: a slider. It plays nothing itself; the app's one player
 * (`@/lib/player/player`) does, and the card and the player bar each draw its position. The bars are
 * drawn once per size (the width is measured); the time only moves the played copy's edge and the
 * cursor.
 */
export function Waveform({ channels, duration, time, label, valueText, onSeek, height = 44, className }: WaveformProps) {
  const { ref, width } = useElementWidth<HTMLDivElement>(0);
  const dragging = useRef(false);
  const path = useMemo(() => (channels && width > 0 ? waveformBarsPath(channels, width, height) : ""), [channels, width, height]);
  const played = duration > 0 ? Math.min(Math.max(time / duration, 0), 1) : 0;

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

  // A click at x seeks to x / width of the duration; a drag (the pointer captured) follows the pointer.
  const seekAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0) return;
    onSeek(Math.min(Math.max((event.clientX - box.left) / box.width, 0), 1) * duration);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    seekAt(event);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) seekAt(event);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    dragging.current = false;
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  };

  return (
    <div className={cn("relative", className)} style={{ height }}>
      <div
        ref={ref}
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.floor(time)}
        aria-valuetext={valueText}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        className="relative h-full w-full cursor-pointer touch-pan-y rounded select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {channels ? (
          <>
            <Bars path={path} width={width} height={height} color={WAVE_COLOR} />
            <div
              className="pointer-events-none absolute inset-y-0 left-0 overflow-hidden"
              style={{ width: `${played * 100}%` }}
              data-testid="waveform-played"
              aria-hidden
            >
              <Bars path={path} width={width} height={height} color={PROGRESS_COLOR} />
            </div>
            <div
              className="pointer-events-none absolute inset-y-0 w-px bg-foreground"
              // Its 1 px stays inside at the end (at 100 % it sits on the last pixel).
              style={{ left: `calc(${played * 100}% - ${played}px)` }}
              data-testid="waveform-cursor"
              aria-hidden
            />
          </>
        ) : (
          <div
            className="absolute inset-x-0 top-1/2 h-px -translate-y-1/2 animate-pulse bg-muted-foreground/40"
            data-testid="waveform-placeholder"
            aria-hidden
          />
        )}
      </div>
    </div>
  );
}
