import { paths } from "@loop/rules/paths";
import { ChevronDown, ChevronUp, Keyboard, Pause, Play, Repeat, SkipBack, SkipForward, Volume2, VolumeX } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { PreviewUnavailable } from "@/components/preview-unavailable";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { Waveform } from "@/components/waveform";
import { usePreviewWaveform } from "@/components/waveform-player";
import { formatClock, formatDuration } from "@/lib/loop-format";
import {
  hasNext,
  hasPrevious,
  next,
  previewDuration,
  previous,
  seek,
  setVolume,
  toggleLoop,
  toggleMute,
  togglePlay,
} from "@/lib/player/player";
import { handlePlayerKey, PLAYER_KEYS } from "@/lib/player/player-keys";
import { currentTrack, type PlayerTrack, usePlayer } from "@/lib/player/player-store";
import { useMediaQuery } from "@/lib/use-media-query";
import { cn } from "@/lib/utils";

/** From this width the bar shows every control; below it, the compact phone bar. */
export const FULL_PLAYER_QUERY = "(min-width: 768px)";
const BAR_HEIGHT = { full: "4.5rem", compact: "4rem" } as const;

/**
 * The player bar (docs/product.md#player-bar), at the bottom of every page once something plays:
 * play/pause, the waveform to seek in, the loop's title (its page) and creator (their profile),
 * Previous/Next through the queue, loop mode, mute and volume, and the keys (`PLAYER_KEYS`, listed
 * in its "Keyboard shortcuts" tooltip). A phone gets a compact bar (title, play/pause, Next) that
 * expands to the rest.
 */
export function PlayerBar() {
  const track = usePlayer(currentTrack);
  const full = useMediaQuery(FULL_PLAYER_QUERY, true);
  const [expanded, setExpanded] = useState(false);
  const extraId = useId();
  const layout = full ? "full" : "compact";

  useEffect(() => {
    document.addEventListener("keydown", handlePlayerKey);
    return () => document.removeEventListener("keydown", handlePlayerKey);
  }, []);

  // Toasts rise above the bar (components/ui/toast.tsx reads the height).
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty("--player-bar-height", BAR_HEIGHT[layout]);
    return () => {
      root.removeProperty("--player-bar-height");
    };
  }, [layout]);

  if (!track) return null;
  return (
    <>
      <div aria-hidden className="shrink-0" style={{ height: BAR_HEIGHT[layout] }} />
      <section
        aria-label="Player"
        data-layout={layout}
        className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card shadow-2xl shadow-black/40"
      >
        {full ? (
          <div className="mx-auto flex max-w-7xl items-center gap-4 px-4" style={{ height: BAR_HEIGHT.full }}>
            <div className="flex shrink-0 items-center gap-1">
              <PreviousButton />
              <PlayButton />
              <NextButton />
            </div>
            <NowPlaying track={track} className="w-52 shrink-0" />
            <Position track={track} className="min-w-0 flex-1" />
            <div className="flex shrink-0 items-center gap-1">
              <LoopButton />
              <MuteButton />
              <VolumeSlider className="w-24" />
              <KeysHelp />
            </div>
          </div>
        ) : (
          <div className="px-3">
            <div className="flex items-center gap-2" style={{ height: BAR_HEIGHT.compact }}>
              <NowPlaying track={track} className="min-w-0 flex-1" />
              <PlayButton />
              <NextButton />
              <Button
                size="icon-sm"
                variant="ghost"
                aria-label={expanded ? "Fewer player controls" : "More player controls"}
                aria-expanded={expanded}
                aria-controls={extraId}
                onClick={() => setExpanded((open) => !open)}
              >
                {expanded ? <ChevronDown aria-hidden /> : <ChevronUp aria-hidden />}
              </Button>
            </div>
            {expanded ? (
              <div id={extraId} className="flex flex-col gap-2 pb-3">
                <Position track={track} />
                <div className="flex items-center gap-1">
                  <PreviousButton />
                  <LoopButton />
                  <MuteButton />
                  <VolumeSlider className="min-w-0 flex-1" />
                </div>
              </div>
            ) : null}
          </div>
        )}
      </section>
    </>
  );
}

function NowPlaying({ track, className }: { track: PlayerTrack; className?: string }) {
  return (
    <div className={cn("min-w-0 text-sm", className)}>
      <Link to={paths.loop(track.id)} className="block truncate font-semibold underline-offset-4 hover:text-primary hover:underline">
        {track.title}
      </Link>
      {track.creator ? (
        <Link
          to={paths.userProfile(track.creator.id)}
          className="block truncate text-xs text-muted-foreground underline-offset-4 hover:text-primary hover:underline"
        >
          {track.creator.name}
        </Link>
      ) : null}
    </div>
  );
}

function Position({ track, className }: { track: PlayerTrack; className?: string }) {
  const time = usePlayer((state) => state.time);
  const failed = usePlayer((state) => state.failed);
  const waveform = usePreviewWaveform(track.id, track.peaksUrl, track.duration);
  const total = waveform?.duration ?? previewDuration(track.duration);
  return (
    <div className={cn("flex items-center gap-3", className)}>
      {failed ? (
        <PreviewUnavailable className="h-10 min-w-0 flex-1" />
      ) : (
        <Waveform
          key={track.id}
          channels={waveform?.channels ?? null}
          duration={total}
          time={time}
          height={40}
          label={`Seek in ${track.title}`}
          valueText={`${formatClock(time)} of ${formatDuration(total)}`}
          onSeek={seek}
          className="min-w-0 flex-1"
        />
      )}
      <p className="shrink-0 text-xs text-muted-foreground tabular-nums" data-testid="player-bar-time">
        {formatClock(time)} / {formatDuration(total)}
      </p>
    </div>
  );
}

function PlayButton() {
  const playing = usePlayer((state) => state.playing);
  return (
    <Button size="icon" className="rounded-full" aria-label={playing ? "Pause" : "Play"} aria-keyshortcuts="Space" onClick={togglePlay}>
      {playing ? <Pause aria-hidden /> : <Play aria-hidden className="translate-x-px" />}
    </Button>
  );
}

function PreviousButton() {
  const enabled = usePlayer((state) => hasPrevious(state) || state.time > 0);
  return (
    <Button
      size="icon-sm"
      variant="ghost"
      aria-label="Previous loop"
      aria-keyshortcuts="Shift+ArrowLeft"
      disabled={!enabled}
      onClick={previous}
    >
      <SkipBack aria-hidden />
    </Button>
  );
}

function NextButton() {
  const enabled = usePlayer(hasNext);
  return (
    <Button size="icon-sm" variant="ghost" aria-label="Next loop" aria-keyshortcuts="Shift+ArrowRight" disabled={!enabled} onClick={next}>
      <SkipForward aria-hidden />
    </Button>
  );
}

function LoopButton() {
  const loop = usePlayer((state) => state.loop);
  return (
    <Button
      size="icon-sm"
      variant="ghost"
      aria-label="Loop"
      aria-pressed={loop}
      aria-keyshortcuts="L"
      title={loop ? "Loop mode on: the loop repeats" : "Loop mode off: the next loop follows"}
      onClick={toggleLoop}
      className={cn(loop && "bg-primary/15 text-primary hover:text-primary")}
    >
      <Repeat aria-hidden />
    </Button>
  );
}

function MuteButton() {
  const silent = usePlayer((state) => state.muted || state.volume === 0);
  return (
    <Button size="icon-sm" variant="ghost" aria-label={silent ? "Unmute" : "Mute"} aria-keyshortcuts="M" onClick={toggleMute}>
      {silent ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />}
    </Button>
  );
}

function VolumeSlider({ className }: { className?: string }) {
  const volume = usePlayer((state) => (state.muted ? 0 : state.volume));
  const percent = Math.round(volume * 100);
  return (
    <input
      type="range"
      min={0}
      max={100}
      step={5}
      value={percent}
      aria-label="Volume"
      aria-valuetext={`${percent}%`}
      onChange={(event) => setVolume(Number(event.target.value) / 100)}
      className={cn("h-1.5 cursor-pointer accent-primary", className)}
    />
  );
}

function KeysHelp() {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button size="icon-sm" variant="ghost" aria-label="Keyboard shortcuts">
          <Keyboard aria-hidden />
        </Button>
      </TooltipTrigger>
      <TooltipContent side="top" className="max-w-none">
        <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5">
          {PLAYER_KEYS.map(({ keys, action }) => (
            <div key={keys} className="contents">
              <dt className="font-semibold">{keys}</dt>
              <dd>{action}</dd>
            </div>
          ))}
        </dl>
      </TooltipContent>
    </Tooltip>
  );
}
