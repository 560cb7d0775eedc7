import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Waveform, waveformBarsPath } from "./waveform";

const CHANNELS: [number[], number[]] = [
  [0.4, 0.9, 1, 0.1],
  [-0.5, -0.2, -1, -0.1],
];

/** The slider as laid out: 300 px wide, 100 px from the left of the page. */
const BOX = { left: 100, top: 0, right: 400, bottom: 44, width: 300, height: 44, x: 100, y: 0 };

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ ...BOX, toJSON: () => BOX } as DOMRect);
});
afterEach(() => vi.restoreAllMocks());

/** A waveform of 16 s whose position follows its seeks, as the player does. */
function Seekable({
  channels = CHANNELS,
  start = 0,
  onSeek,
}: {
  channels?: [number[], number[]] | null;
  start?: number;
  onSeek: (to: number) => void;
}) {
  const [time, setTime] = useState(start);
  return (
    <Waveform
      channels={channels}
      duration={16}
      time={time}
      label="Seek in preview of Deep Night"
      valueText={`${time} s of 16 s`}
      onSeek={(to) => {
        onSeek(to);
        setTime(to);
      }}
    />
  );
}

const bars = (path: string | null | undefined) => path?.match(/M/g)?.length ?? 0;
const drawn = () => document.querySelector("svg path")?.getAttribute("d");

describe("Waveform", () => {
  it("is a slider with the position, and a pulsing line until the peaks come; then 2 px bars every 3 px across its width", async () => {
    const props = { duration: 16, time: 7.75, label: "Seek in preview of Deep Night", valueText: "0:07 of 0:16", onSeek: vi.fn() };
    const { rerender } = render(<Waveform channels={null} {...props} />);
    const slider = screen.getByRole("slider", { name: "Seek in preview of Deep Night" });
    expect(slider).toHaveAttribute("aria-valuemin", "0");
    expect(slider).toHaveAttribute("aria-valuemax", "16");
    expect(slider).toHaveAttribute("aria-valuenow", "7");
    expect(slider).toHaveAttribute("aria-valuetext", "0:07 of 0:16");
    expect(slider).toHaveAttribute("tabindex", "0");
    expect(screen.getByTestId("waveform-placeholder")).toBeInTheDocument();
    expect(document.querySelector("svg")).toBeNull();

    rerender(<Waveform channels={CHANNELS} {...props} />);
    expect(screen.queryByTestId("waveform-placeholder")).not.toBeInTheDocument();
    // 300 px (once the element's size is reported): 100 bars, drawn twice (the rest, and the played copy above it).
    await waitFor(() => expect(bars(document.querySelector("svg path")?.getAttribute("d") ?? null)).toBe(100));
    const paths = document.querySelectorAll("svg path");
    expect(paths).toHaveLength(2);
    expect(paths[0]).toHaveAttribute("stroke", "rgba(163, 160, 194, 0.45)");
    expect(paths[1]).toHaveAttribute("stroke", "#a78bfa");
    expect(paths[1]!.getAttribute("d")).toBe(paths[0]!.getAttribute("d"));
  });

  it("shows the played part up to `time`, with the cursor at its edge", () => {
    const props = { channels: CHANNELS, duration: 16, label: "Seek", valueText: "", onSeek: vi.fn() };
    const { rerender } = render(<Waveform time={0} {...props} />);
    expect(screen.getByTestId("waveform-played")).toHaveStyle({ width: "0%" });
    const path = drawn();

    rerender(<Waveform time={4} {...props} />);
    expect(screen.getByTestId("waveform-played")).toHaveStyle({ width: "25%" });
    expect(screen.getByTestId("waveform-cursor").style.left).toBe("calc(25% - 0.25px)");
    rerender(<Waveform time={12} {...props} />);
    expect(screen.getByTestId("waveform-played")).toHaveStyle({ width: "75%" });
    expect(screen.getByRole("slider")).toHaveAttribute("aria-valuenow", "12");
    // The bars stay as drawn: only the played part's edge moves.
    expect(drawn()).toBe(path);
    rerender(<Waveform time={20} {...props} />);
    expect(screen.getByTestId("waveform-played")).toHaveStyle({ width: "100%" });
  });

  it("a click at 25 % of its width seeks to 25 % of the duration; a drag follows the pointer; another button does nothing", async () => {
    const onSeek = vi.fn();
    const user = userEvent.setup();
    render(<Seekable onSeek={onSeek} />);
    const slider = screen.getByRole("slider");

    await user.pointer({ keys: "[MouseLeft]", target: slider, coords: { clientX: 175, clientY: 20 } });
    expect(onSeek).toHaveBeenLastCalledWith(4);
    expect(slider).toHaveAttribute("aria-valuenow", "4");
    expect(screen.getByTestId("waveform-played")).toHaveStyle({ width: "25%" });

    onSeek.mockClear();
    await user.pointer([
      { keys: "[MouseLeft>]", target: slider, coords: { clientX: 100, clientY: 20 } },
      { target: slider, coords: { clientX: 250, clientY: 20 } },
      { target: slider, coords: { clientX: 520, clientY: 20 } },
      { keys: "[/MouseLeft]", target: slider, coords: { clientX: 520, clientY: 20 } },
      { target: slider, coords: { clientX: 130, clientY: 20 } },
    ]);
    expect(onSeek.mock.calls.map(([to]) => to)).toEqual([0, 8, 16]);
    expect(slider).toHaveAttribute("aria-valuenow", "16");

    onSeek.mockClear();
    await user.pointer({ keys: "[MouseRight]", target: slider, coords: { clientX: 175, clientY: 20 } });
    expect(onSeek).not.toHaveBeenCalled();
  });

  it("moves 5 s with ←/→, to the start with Home and to the end with End, within the duration", async () => {
    const onSeek = vi.fn();
    const user = userEvent.setup();
    render(<Seekable start={7} onSeek={onSeek} />);
    const slider = screen.getByRole("slider");
    slider.focus();

    await user.keyboard("{ArrowRight}");
    expect(slider).toHaveAttribute("aria-valuenow", "12");
    await user.keyboard("{ArrowRight}");
    expect(slider).toHaveAttribute("aria-valuenow", "16");
    await user.keyboard("{ArrowLeft}");
    expect(slider).toHaveAttribute("aria-valuenow", "11");
    await user.keyboard("{Home}");
    expect(slider).toHaveAttribute("aria-valuenow", "0");
    await user.keyboard("{ArrowLeft}{End}");
    expect(onSeek.mock.calls.map(([to]) => to)).toEqual([12, 16, 11, 0, 0, 16]);
    expect(slider).toHaveAttribute("aria-valuenow", "16");
  });
});

describe("waveformBarsPath", () => {
  it("draws maxima above the centre line and minima below, normalized to the loudest peak", () => {
    // 5 px: two bars of 2 px (x 0–2 and 3–5), 40 px high; the loudest peak (0.5) reaches the edge.
    const path = waveformBarsPath(
      [
        [0.25, 0.5],
        [-0.125, -0.5],
      ],
      5,
      40,
    );
    // Bar 1: 10 px up and 5 down from 20; bar 2: the full height. Round ends take 1 px each.
    expect(path).toBe("M1 11V24M4 1V39");
  });

  it("keeps the loudest peak of those a bar covers, and draws silence as dots on the centre line", () => {
    expect(
      waveformBarsPath(
        [
          [0.2, 1, 0, 0],
          [-1, -0.1, 0, 0],
        ],
        5,
        40,
      ),
    ).toBe("M1 1V39M4 20V20");
  });
});
