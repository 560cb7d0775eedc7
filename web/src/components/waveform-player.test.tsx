import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { currentTrack, getPlayerState } from "@/lib/player/player-store";
import { fakeAudioPerTest } from "@/testing/fake-audio";
import { fakeIntersectionObserver } from "@/testing/fake-intersection-observer";
import { json, stubApi } from "@/testing/stub-api";
import { renderWithProviders } from "@/testing/test-utils";
import { previewWaveform, WaveformPlayer } from "./waveform-player";

const audio = fakeAudioPerTest();

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
    // A waveform 12 px wide: four bars, one per pair of peaks.
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 12, height: 44 }));
    const { user, api } = renderPlayer();
    const player = screen.getByTestId("waveform-player");
    expect(within(player).getByTestId("waveform-placeholder")).toBeInTheDocument();
    await waitFor(() => expect(within(player).queryByTestId("waveform-placeholder")).not.toBeInTheDocument());
    // Maxima up, minima down from the centre (22 px), normalized: the loudest pair (-1, 1) fills the 44 px.
    expect(within(player).getByRole("slider").querySelector("path")).toHaveAttribute("d", "M1 14V32M4 3V25M7 1V43M10 21V23");
    expect(api.calls("GET /api/loops/a/peaks")).toHaveLength(1);
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
    expect(screen.getByTestId("waveform-played").style.width).toBe(`${(7.75 / 16) * 100}%`);

    await user.click(screen.getByRole("button", { name: "Pause preview of Loop a" }));
    expect(audio.playing()!.paused).toBe(true);
    expect(screen.getByRole("button", { name: "Play preview of Loop a" })).toBeInTheDocument();
  });

  it("seeks with the arrow keys and a click: before play where play starts, then in the player", async () => {
    const { user } = renderPlayer();
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
    // A click at a quarter of the waveform's width: a quarter of the 16 s.
    vi.spyOn(slider, "getBoundingClientRect").mockReturnValue(DOMRect.fromRect({ x: 20, y: 0, width: 200, height: 44 }));
    await user.pointer({ keys: "[MouseLeft]", target: slider, coords: { clientX: 70, clientY: 10 } });
    expect(audio.playing()!.currentTime).toBe(4);
    expect(slider).toHaveAttribute("aria-valuenow", "4");
    expect(screen.getByTestId("player-time")).toHaveTextContent("0:04 / 0:16");
  });

  it("before play, a click moves where play starts", async () => {
    const { user } = renderPlayer();
    const slider = await screen.findByRole("slider", { name: "Seek in preview of Loop a" });
    vi.spyOn(slider, "getBoundingClientRect").mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 160, height: 44 }));
    await user.pointer({ keys: "[MouseLeft]", target: slider, coords: { clientX: 120, clientY: 10 } });
    expect(slider).toHaveAttribute("aria-valuenow", "12");
    expect(audio.playing()).toBeNull();
    await user.click(screen.getByRole("button", { name: "Play preview of Loop a" }));
    expect(audio.playing()!.currentTime).toBe(12);
  });

  it("says when the preview cannot be played", async () => {
    const { user } = renderPlayer();
    await user.click(await screen.findByRole("button", { name: "Play preview of Loop a" }));
    audio.fail();
    expect(within(screen.getByTestId("waveform-player")).getByText("Preview unavailable")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Play preview of Loop a" })).toBeInTheDocument();
  });
});

describe("a page of players", () => {
  it("asks for a player's waveform only once it comes near the screen", async () => {
    const { show, restore } = fakeIntersectionObserver();
    try {
      const api = stubPreviews(["a", "b"]);
      renderWithProviders(
        <>
          {["a", "b"].map((id) => (
            <WaveformPlayer
              key={id}
              loopId={id}
              title={`Loop ${id}`}
              previewUrl={`/api/loops/${id}/preview`}
              peaksUrl={`/api/loops/${id}/peaks`}
              duration={16}
            />
          ))}
        </>,
      );
      const [first, second] = await screen.findAllByTestId("waveform-player");

      // Off screen: a flat line, and no request.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(api.calls("GET /api/loops/:id/peaks")).toHaveLength(0);
      expect(within(first!).getByTestId("waveform-placeholder")).toBeInTheDocument();

      show(first!);
      await waitFor(() => expect(within(first!).queryByTestId("waveform-placeholder")).not.toBeInTheDocument());
      expect(api.calls("GET /api/loops/:id/peaks").map((call) => call.url.pathname)).toEqual(["/api/loops/a/peaks"]);
      expect(within(second!).getByTestId("waveform-placeholder")).toBeInTheDocument();

      show(second!);
      await waitFor(() => expect(within(second!).queryByTestId("waveform-placeholder")).not.toBeInTheDocument());
      expect(api.calls("GET /api/loops/:id/peaks")).toHaveLength(2);
    } finally {
      restore();
    }
  });
});
