import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { BarListChart } from "./bar-list-chart";
import { ChartFrame } from "./chart-frame";
import { formatCompact, formatDay, formatDayWithYear, spreadTicks } from "./chart-format";
import { type ChartDatum, type ChartKey, fieldSeries } from "./chart-types";
import { LineChart } from "./line-chart";
import { SeriesTable } from "./series-table";
import { StackedBarChart } from "./stacked-bar-chart";

type Key = "a" | "b";
const KEYS: readonly ChartKey<Key>[] = [
  { key: "a", label: "Alpha", color: "red" },
  { key: "b", label: "Beta", color: "blue" },
];
const DATA: ChartDatum<Key>[] = [
  { date: "2026-03-02", values: { a: 1, b: 3 }, display: { a: "1.00 X", b: "3.00 X", total: "4.00 X" } },
  { date: "2026-03-03", values: { a: 0, b: 0 } },
  { date: "2026-03-04", values: { a: 2, b: 6 } },
];
const format = (value: number) => `${value} u`;

const height = (element: Element) => Number(element.getAttribute("height"));

/** Focuses the chart named `name`, presses `keys` and gives the tooltip's text. */
async function readWithKeys(name: string, keys: string) {
  const user = userEvent.setup();
  act(() => screen.getByRole("group", { name }).focus());
  await user.keyboard(keys);
  return screen.getByRole("status");
}

describe("chart text", () => {
  it("formats UTC days, compact ticks and spreads the date ticks with the last day kept", () => {
    expect(formatDay("2026-03-04")).toBe("Mar 4");
    expect(formatDayWithYear("2026-01-01")).toBe("Jan 1, 2026");
    expect(formatDay("not a day")).toBe("not a day");
    expect(formatCompact(1500)).toBe("1,500");
    expect(formatCompact(0.5)).toBe("0.5");
    expect(formatCompact(12_500)).toBe("12.5K");
    expect(spreadTicks([1, 2, 3], 5)).toEqual([1, 2, 3]);
    expect(spreadTicks([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4)).toEqual([1, 4, 7, 10]);
  });
});

describe("fieldSeries", () => {
  it("reads each key's value off the day's field of the same name", () => {
    const days = [
      { date: "2026-03-02", a: 1, b: 3, other: 9 },
      { date: "2026-03-03", a: 0, b: 2, other: 9 },
    ];
    expect(fieldSeries(days, KEYS)).toEqual([
      { date: "2026-03-02", values: { a: 1, b: 3 } },
      { date: "2026-03-03", values: { a: 0, b: 2 } },
    ]);
  });
});

describe("StackedBarChart", () => {
  it("stacks each day's keys, bars in proportion, nothing drawn for zero", () => {
    render(<StackedBarChart data={DATA} keys={KEYS} label="Things per day" formatValue={format} />);
    expect(screen.getByRole("group", { name: "Things per day" })).toBeInTheDocument();
    const a4 = screen.getByTestId("bar-a-2026-03-04");
    const b4 = screen.getByTestId("bar-b-2026-03-04");
    const b2 = screen.getByTestId("bar-b-2026-03-02");
    expect(height(b4) / height(a4)).toBeCloseTo(3, 5);
    expect(height(b4) / height(b2)).toBeCloseTo(2, 5);
    // Stacked: b sits on a.
    expect(Number(b4.getAttribute("y")) + height(b4)).toBeCloseTo(Number(a4.getAttribute("y")), 5);
    expect(screen.queryByTestId("bar-a-2026-03-03")).not.toBeInTheDocument();
    // The legend is text.
    expect(screen.getByText("Alpha")).toBeInTheDocument();
    expect(screen.getByText("Beta")).toBeInTheDocument();
  });

  it("shows a day's figures with the arrow keys, exact texts first, then the formatter", async () => {
    const user = userEvent.setup();
    render(<StackedBarChart data={DATA} keys={KEYS} label="Things per day" formatValue={format} />);
    const chart = screen.getByRole("group", { name: "Things per day" });
    act(() => chart.focus());
    await user.keyboard("{ArrowRight}");
    let tip = screen.getByRole("status");
    expect(tip).toHaveTextContent("Mar 2, 2026");
    expect(tip).toHaveTextContent("Alpha1.00 X");
    expect(tip).toHaveTextContent("Total4.00 X");
    await user.keyboard("{End}");
    tip = screen.getByRole("status");
    expect(tip).toHaveTextContent("Mar 4, 2026");
    expect(tip).toHaveTextContent("Beta6 u");
    expect(tip).toHaveTextContent("Total8 u");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });
});

describe("LineChart", () => {
  it("draws one line per key and shows a day's figures", async () => {
    render(<LineChart data={DATA} keys={KEYS} label="Lines per day" formatValue={format} />);
    expect(screen.getByTestId("line-a").getAttribute("d")).toMatch(/^M/);
    expect(screen.getByTestId("line-b").getAttribute("d")).toMatch(/^M/);
    const tip = await readWithKeys("Lines per day", "{ArrowLeft}");
    expect(tip).toHaveTextContent("Mar 4, 2026");
    expect(tip).toHaveTextContent("Alpha2 u");
    expect(tip).toHaveTextContent("Beta6 u");
  });
});

describe("LineChart with a band", () => {
  type Band = "up" | "down" | "gap";
  const keys: readonly ChartKey<Band>[] = [
    { key: "up", label: "Up", color: "blue" },
    { key: "down", label: "Down", color: "green" },
    { key: "gap", label: "Gap", color: "red" },
  ];
  const data: ChartDatum<Band>[] = [
    { date: "2026-03-02T10:00:00.000Z", values: { up: 10, down: 10, gap: 0 } },
    { date: "2026-03-02T11:00:00.000Z", values: { up: 8, down: 10, gap: -2 }, display: { gap: "-2 exactly" } },
    { date: "2026-03-02T12:00:00.000Z", values: { up: 9, down: 10, gap: -1 } },
  ];

  it("fills between two lines where the band's key is not zero, marks those points, and names the band in text", async () => {
    render(
      <LineChart
        data={data}
        keys={keys}
        band={{ key: "gap", between: ["up", "down"] }}
        label="Up and down"
        formatValue={format}
        formatTitle={(date) => `At ${date.slice(11, 16)}`}
      />,
    );
    expect(screen.getByTestId("line-up").getAttribute("d")).toMatch(/^M/);
    expect(screen.getByTestId("line-down").getAttribute("d")).toMatch(/^M/);
    expect(screen.queryByTestId("line-gap")).not.toBeInTheDocument();
    expect(screen.getByTestId("band-area").getAttribute("d")).toMatch(/^M/);
    expect(screen.queryByTestId("band-2026-03-02T10:00:00.000Z")).not.toBeInTheDocument();
    expect(screen.getByTestId("band-2026-03-02T11:00:00.000Z")).toHaveStyle({ fill: "red" });
    expect(screen.getByTestId("band-2026-03-02T12:00:00.000Z")).toBeInTheDocument();
    // A run of two points is an area; only a point that differs alone gets a line.
    expect(screen.queryByTestId(/^band-line-/)).not.toBeInTheDocument();
    expect(screen.getByText("Gap")).toBeInTheDocument();
    const tip = await readWithKeys("Up and down", "{ArrowRight}{ArrowRight}");
    expect(tip).toHaveTextContent("At 11:00");
    expect(tip).toHaveTextContent("Up8 u");
    expect(tip).toHaveTextContent("Gap-2 exactly");
  });
});

describe("ChartFrame", () => {
  function frame(empty?: string) {
    return render(
      <ChartFrame
        id="things-title"
        title="Things"
        summary="Four things on Mar 2."
        empty={empty}
        table={<SeriesTable caption="Things per day" data={DATA} keys={KEYS} formatValue={format} totalLabel="Total" />}
      >
        <StackedBarChart data={DATA} keys={KEYS} label="Things per day" formatValue={format} />
      </ChartFrame>,
    );
  }

  it("shows the chart with its summary, and the exact figures as a table on demand", async () => {
    const user = userEvent.setup();
    frame();
    const card = screen.getByRole("region", { name: "Things" });
    expect(within(card).getByRole("group", { name: "Things per day" })).toHaveAccessibleDescription(/Four things on Mar 2\./);
    await user.click(within(card).getByRole("button", { name: "Show as table" }));
    const table = within(card).getByRole("table", { name: "Things per day" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "DateAlphaBetaTotal",
      "Mar 2, 20261.00 X3.00 X4.00 X",
      "Mar 3, 20260 u0 u0 u",
      "Mar 4, 20262 u6 u8 u",
    ]);
    expect(within(card).queryByRole("group", { name: "Things per day" })).not.toBeInTheDocument();
    expect(screen.getByText("Four things on Mar 2.")).toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: "Show as chart" }));
    expect(within(card).getByRole("group", { name: "Things per day" })).toBeInTheDocument();
  });

  it("says what will appear and when in place of an empty chart", () => {
    frame("Things appear here once there are things.");
    const card = screen.getByRole("region", { name: "Things" });
    expect(within(card).getByText("Things appear here once there are things.")).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Show as table" })).not.toBeInTheDocument();
    expect(within(card).queryByRole("group")).not.toBeInTheDocument();
  });
});

describe("BarListChart", () => {
  it("ranks items as a list, bars relative to the largest", () => {
    render(
      <BarListChart
        label="Ranking"
        color="green"
        items={[
          { id: "x", label: "Ex", value: 0.2, display: "20.00%", detail: "1 of 5" },
          { id: "y", label: "Why", value: 0.05, display: "5.00%" },
        ]}
      />,
    );
    const items = within(screen.getByRole("list", { name: "Ranking" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["Ex20.00%1 of 5", "Why5.00%"]);
    expect(screen.getByTestId("bar-x")).toHaveStyle({ width: "100.00%" });
    expect(screen.getByTestId("bar-y")).toHaveStyle({ width: "25.00%" });
  });
});
