import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, stubApi } from "@/testing/stub-api";
import { renderWithProviders, renderWithToasts } from "@/testing/test-utils";
import { nowPlaying, resetPlayback } from "../lib/now-playing";
import { previewWaveform, WaveformPlayer } from "./waveform-player";

/** A stand-in for wavesurfer.js (jsdom has no canvas or audio): records options, emits events. */
const surfers: FakeSurfer[] = [];
class FakeSurfer {
  listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  playing = false;
  time = 0;
  destroyed = false;
  constructor(readonly options: Record<string, unknown>) {}
  on(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return () => undefined;
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  async playPause() {
    if (this.playing) this.pause();
    else {
      this.playing = true;
      this.emit("play");
    }
  }
  pause() {
    if (!this.playing) return;
    this.playing = false;
    this.emit("pause");
  }
  setTime(time: number) {
    this.time = time;
    this.emit("timeupdate", time);
  }
  getCurrentTime() {
    return this.time;
  }
  destroy() {
    this.destroyed = true;
  }
}
vi.mock("wavesurfer.js", () => ({
  default: {
    create: (options: Record<string, unknown>) => {
      const surfer = new FakeSurfer(options);
      surfers.push(surfer);
      queueMicrotask(() => surfer.emit("ready", options.duration));
      return surfer;
    },
  },
}));

afterEach(() => {
  surfers.length = 0;
  resetPlayback();
});

const PEAKS = {
  points: 4,
  peaks: [
    [-0.5, 0.4],
    [-0.2, 0.9],
    [-1, 1],
    [-0.1, 0.1],
  ],
};

function renderPlayers(ids: string[], duration = 16, playStatus = 202) {
  const api = stubApi({
    ...Object.fromEntries(ids.map((id) => [`GET /api/loops/${id}/peaks`, () => json(PEAKS)])),
    "POST /api/loops/:id/plays": () =>
      playStatus === 202 ? json({ counted: true }, 202) : json({ message: "Too Many Requests" }, playStatus),
  });
  const render = playStatus === 202 ? renderWithProviders : renderWithToasts;
  const result = render(
    <>
      {ids.map((id) => (
        <WaveformPlayer
          key={id}
          loopId={id}
          title={`Loop ${id}`}
          previewUrl={`/api/loops/${id}/preview`}
          peaksUrl={`/api/loops/${id}/peaks`}
          duration={duration}
        />
      ))}
    </>,
  );
  return { ...result, api };
}

describe("previewWaveform", () => {
  it("turns [min, max] pairs into two channels, maxima on top", () => {
    expect(previewWaveform(PEAKS, 16)).toEqual({
      channels: [
        [0.4, 0.9, 1, 0.1],
        [-0.5, -0.2, -1, -0.1],
      ],
      duration: 16,
    });
  });

  it("keeps only the first 30 s of a longer loop (the preview clip)", () => {
    const long = { points: 8, peaks: Array.from({ length: 8 }, (_, i) => [-i / 10, i / 10]) };
    const { channels, duration } = previewWaveform(long, 120);
    expect(duration).toBe(30);
    expect(channels[0]).toEqual([0, 0.1]);
  });
});

describe("WaveformPlayer", () => {
  it("draws the stored peaks (no decoding) and streams the preview only on play", async () => {
    renderPlayers(["a"]);
    const play = await screen.findByRole("button", { name: "Play preview of Loop a" });
    await waitFor(() => expect(play).toBeEnabled());
    const options = surfers[0]!.options;
    expect(options.url).toBe("/api/loops/a/preview");
    expect(options.peaks).toEqual([
      [0.4, 0.9, 1, 0.1],
      [-0.5, -0.2, -1, -0.1],
    ]);
    expect(options.duration).toBe(16);
    expect((options.media as HTMLAudioElement).preload).toBe("none");
    expect(screen.getByTestId("player-time")).toHaveTextContent("0:00 / 0:16");
  });

  it("plays one preview at a time, shows the time and goes back to the start at the end", async () => {
    const { user } = renderPlayers(["a", "b"]);
    const playA = await screen.findByRole("button", { name: "Play preview of Loop a" });
    const playB = screen.getByRole("button", { name: "Play preview of Loop b" });
    await waitFor(() => expect(playB).toBeEnabled());
    const [a, b] = surfers;

    await user.click(playA);
    expect(a!.playing).toBe(true);
    expect(screen.getByRole("button", { name: "Pause preview of Loop a" })).toBeInTheDocument();
    act(() => a!.emit("timeupdate", 7.6));
    expect(screen.getAllByTestId("player-time")[0]).toHaveTextContent("0:07 / 0:16");

    await user.click(playB);
    expect(b!.playing).toBe(true);
    expect(a!.playing).toBe(false);
    expect(screen.getByRole("button", { name: "Play preview of Loop a" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pause preview of Loop b" })).toBeInTheDocument();

    act(() => {
      b!.playing = false;
      b!.emit("finish");
    });
    expect(b!.time).toBe(0);
    expect(screen.getAllByTestId("player-time")[1]).toHaveTextContent("0:00 / 0:16");
    expect(screen.getByRole("button", { name: "Play preview of Loop b" })).toBeInTheDocument();
    expect(nowPlaying()).toBeNull();
  });

  it("seeks with the arrow keys and frees the player on unmount", async () => {
    const { user, unmount } = renderPlayers(["a"]);
    const slider = await screen.findByRole("slider", { name: "Seek in preview of Loop a" });
    await waitFor(() => expect(screen.getByRole("button", { name: "Play preview of Loop a" })).toBeEnabled());
    slider.focus();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(surfers[0]!.time).toBe(10);
    expect(slider).toHaveAttribute("aria-valuenow", "10");
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(surfers[0]!.time).toBe(16);
    unmount();
    expect(surfers[0]!.destroyed).toBe(true);
  });

  it("says when the preview cannot be played", async () => {
    renderPlayers(["a"]);
    await waitFor(() => expect(surfers).toHaveLength(1));
    act(() => surfers[0]!.emit("error", new Error("404")));
    expect(within(screen.getByTestId("waveform-player")).getByText("Preview unavailable")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Play preview of Loop a" })).toBeDisabled();
  });
});

describe("WaveformPlayer: play reports (issue 23)", () => {
  /** Plays `seconds` of the preview on `surfer` in quarter-second ticks, the clock moving with it. */
  function playFor(surfer: FakeSurfer, clock: { now: number }, seconds: number) {
    act(() => {
      for (let tick = 0; tick < seconds * 4; tick += 1) {
        clock.now += 250;
        surfer.time += 0.25;
        surfer.emit("timeupdate", surfer.time);
      }
    });
  }

  function fakeClock() {
    const clock = { now: 0 };
    vi.spyOn(performance, "now").mockImplementation(() => clock.now);
    return clock;
  }

  it("reports a play once the preview has played 5 s, once per playback session", async () => {
    const clock = fakeClock();
    const { user, api } = renderPlayers(["a"]);
    const play = await screen.findByRole("button", { name: "Play preview of Loop a" });
    await waitFor(() => expect(play).toBeEnabled());
    const surfer = surfers[0]!;

    await user.click(play);
    playFor(surfer, clock, 4.75);
    expect(api.calls("POST /api/loops/:id/plays")).toHaveLength(0);
    playFor(surfer, clock, 0.25);
    await waitFor(() => expect(api.calls("POST /api/loops/a/plays")).toHaveLength(1));

    // Paused and played on: the same session.
    await user.click(screen.getByRole("button", { name: "Pause preview of Loop a" }));
    await user.click(screen.getByRole("button", { name: "Play preview of Loop a" }));
    playFor(surfer, clock, 6);
    // To the end and played again: a new session.
    act(() => {
      surfer.playing = false;
      surfer.emit("pause");
      surfer.emit("finish");
    });
    await user.click(screen.getByRole("button", { name: "Play preview of Loop a" }));
    playFor(surfer, clock, 5);
    await waitFor(() => expect(api.calls("POST /api/loops/a/plays")).toHaveLength(2));
  });

  it("does not count seeking: a jump ahead adds nothing", async () => {
    const clock = fakeClock();
    const { user, api } = renderPlayers(["a"]);
    const play = await screen.findByRole("button", { name: "Play preview of Loop a" });
    await waitFor(() => expect(play).toBeEnabled());
    const surfer = surfers[0]!;
    const slider = screen.getByRole("slider", { name: "Seek in preview of Loop a" });

    await user.click(play);
    playFor(surfer, clock, 2);
    slider.focus();
    await user.keyboard("{ArrowRight}{ArrowRight}"); // 2 s → 12 s
    act(() => surfer.emit("seeking", surfer.time));
    playFor(surfer, clock, 2.75);
    expect(api.calls("POST /api/loops/:id/plays")).toHaveLength(0);
    playFor(surfer, clock, 0.25);
    await waitFor(() => expect(api.calls("POST /api/loops/a/plays")).toHaveLength(1));
  });

  it("never shows the listener a failed report", async () => {
    const clock = fakeClock();
    const { user, api } = renderPlayers(["a"], 16, 500);
    const play = await screen.findByRole("button", { name: "Play preview of Loop a" });
    await waitFor(() => expect(play).toBeEnabled());
    await user.click(play);
    playFor(surfers[0]!, clock, 6);
    await waitFor(() => expect(api.calls("POST /api/loops/a/plays")).toHaveLength(1));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pause preview of Loop a" })).toBeEnabled();
  });
});
