import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { next, resetPlayer } from "@/lib/player/player";
import { currentTrack, getPlayerState } from "@/lib/player/player-store";
import { type FakeAudio, installFakeAudio } from "@/testing/fake-audio";
import { surfers } from "@/testing/fake-wavesurfer";
import { makeLoop } from "@/testing/make-loop";
import { json, stubApi } from "@/testing/stub-api";
import { renderWithProviders } from "@/testing/test-utils";
import { LoopList } from "./loop-list";
import { previewWaveform, WaveformPlayer } from "./waveform-player";

vi.mock("wavesurfer.js", async () => (await import("@/testing/fake-wavesurfer")).fakeWaveSurferModule);

let audio: FakeAudio;
beforeEach(() => {
  audio = installFakeAudio();
});
afterEach(() => {
  surfers.length = 0;
  resetPlayer();
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

function stubPreviews(ids: string[]) {
  return stubApi({
    ...Object.fromEntries(ids.map((id) => [`GET /api/loops/${id}/peaks`, () => json(PEAKS)])),
    "POST /api/loops/:id/plays": () => json({ counted: true }, 202),
  });
}

function renderPlayer(id = "a", duration = 16) {
  const api = stubPreviews([id]);
  const result = renderWithProviders(
    <WaveformPlayer
      loopId={id}
      title={`Loop ${id}`}
      previewUrl={`/api/loops/${id}/preview`}
      peaksUrl={`/api/loops/${id}/peaks`}
      duration={duration}
      creator={{ id: "creator-1", name: "Mia" }}
    />,
  );
  return { ...result, api };
}

function previewLoop(id: string) {
  return makeLoop({ id, title: `Loop ${id}`, audioFileUrl: `/api/loops/${id}/preview`, peaksUrl: `/api/loops/${id}/peaks` });
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
    const { user } = renderPlayer();
    await waitFor(() => expect(surfers).toHaveLength(1));
    const options = surfers[0]!.options;
    expect(options.url).toBeUndefined();
    expect(options.peaks).toEqual([
      [0.4, 0.9, 1, 0.1],
      [-0.5, -0.2, -1, -0.1],
    ]);
    expect(options.duration).toBe(16);
    expect(screen.getByTestId("player-time")).toHaveTextContent("0:00 / 0:16");
    expect(audio.playing()).toBeNull();

    await user.click(screen.getByRole("button", { name: "Play preview of Loop a" }));
    expect(audio.playing()).toHaveAttribute("src", "/api/loops/a/preview");
  });

  it("plays through the app's player and shows its state: Pause, the time, the position", async () => {
    const { user } = renderPlayer();
    await user.click(await screen.findByRole("button", { name: "Play preview of Loop a" }));
    expect(currentTrack(getPlayerState())).toMatchObject({ id: "a", title: "Loop a", creator: { id: "creator-1", name: "Mia" } });
    expect(screen.getByRole("button", { name: "Pause preview of Loop a" })).toBeInTheDocument();

    audio.advance(7.75);
    expect(screen.getByTestId("player-time")).toHaveTextContent("0:07 / 0:16");
    expect(screen.getByRole("slider", { name: "Seek in preview of Loop a" })).toHaveAttribute("aria-valuenow", "7");
    await waitFor(() => expect(surfers[0]!.time).toBe(7.75));

    await user.click(screen.getByRole("button", { name: "Pause preview of Loop a" }));
    expect(audio.playing()!.paused).toBe(true);
    expect(screen.getByRole("button", { name: "Play preview of Loop a" })).toBeInTheDocument();
  });

  it("seeks with the arrow keys and a click: before play where play starts, then in the player", async () => {
    const { user, unmount } = renderPlayer();
    const slider = await screen.findByRole("slider", { name: "Seek in preview of Loop a" });
    slider.focus();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(slider).toHaveAttribute("aria-valuenow", "10");
    expect(audio.playing()).toBeNull();

    await user.click(screen.getByRole("button", { name: "Play preview of Loop a" }));
    expect(audio.playing()!.currentTime).toBe(10);
    slider.focus();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(audio.playing()!.currentTime).toBe(16);
    await waitFor(() => expect(surfers.at(-1)!.time).toBe(16));
    act(() => surfers.at(-1)!.emit("interaction", 4));
    expect(audio.playing()!.currentTime).toBe(4);
    expect(slider).toHaveAttribute("aria-valuenow", "4");
    unmount();
    expect(surfers.every((surfer) => surfer.destroyed)).toBe(true);
  });

  it("says when the preview cannot be played", async () => {
    const { user } = renderPlayer();
    await user.click(await screen.findByRole("button", { name: "Play preview of Loop a" }));
    audio.fail();
    expect(within(screen.getByTestId("waveform-player")).getByText("Preview unavailable")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Play preview of Loop a" })).toBeInTheDocument();
  });
});

describe("cards in a list", () => {
  it("queue the list: play on a card plays it, Next the following card, and each card shows whether it plays", async () => {
    stubPreviews(["a", "b", "c"]);
    const loops = [
      previewLoop("a"),
      makeLoop({ id: "x", title: "Still processing", status: "processing" }),
      previewLoop("b"),
      previewLoop("c"),
    ];
    const { user } = renderWithProviders(<LoopList loops={loops} />);

    await user.click(await screen.findByRole("button", { name: "Play preview of Loop b" }));
    expect(getPlayerState().queue.map((track) => track.id)).toEqual(["a", "b", "c"]);
    expect(screen.getByRole("button", { name: "Pause preview of Loop b" })).toBeInTheDocument();

    act(() => next());
    expect(screen.getByRole("button", { name: "Pause preview of Loop c" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Play preview of Loop b" })).toBeInTheDocument();
    expect(audio.playing()).toHaveAttribute("src", "/api/loops/c/preview");

    // Another card: the player moves to it; pressing it again pauses.
    await user.click(screen.getByRole("button", { name: "Play preview of Loop a" }));
    expect(screen.getByRole("button", { name: "Pause preview of Loop a" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Play preview of Loop c" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Pause preview of Loop a" }));
    expect(getPlayerState().playing).toBe(false);
  });
});
