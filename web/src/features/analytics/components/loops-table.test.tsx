import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { makeAnalyticsLoop } from "../testing/make-creator-analytics";
import { LoopsTable } from "./loops-table";

const LOOPS = [
  makeAnalyticsLoop({ id: "a", title: "Alpha", plays: 10, sales: 1, earningsLoop: "900.00000000", earningsUsd: "1.80", conversion: 0.1 }),
  makeAnalyticsLoop({ id: "b", title: "Bravo", plays: 40, sales: 2, earningsLoop: "1000.00000001", earningsUsd: "2.00", conversion: 0.05 }),
  makeAnalyticsLoop({
    id: "c",
    title: "Charlie",
    plays: 0,
    sales: 3,
    earningsLoop: "1000.00000000",
    earningsUsd: "2.00",
    conversion: null,
  }),
];

const titles = () =>
  within(screen.getByRole("table"))
    .getAllByRole("rowheader")
    .map((cell) => cell.textContent);

describe("LoopsTable", () => {
  it("opens sorted by earnings, compared exactly, and shows each loop's figures", () => {
    render(<LoopsTable loops={LOOPS} range="30d" />);
    expect(titles()).toEqual(["Bravo", "Charlie", "Alpha"]);
    expect(screen.getByRole("columnheader", { name: /Earnings/ })).toHaveAttribute("aria-sort", "descending");
    const bravo = screen.getByRole("row", { name: /Bravo/ });
    expect(bravo).toHaveTextContent("1,000.00000001 LOOP$2.00");
    expect(screen.getByRole("row", { name: /Charlie/ })).toHaveTextContent("—");
  });

  it("sorts by plays, sales and conversion (most first, again for least first); loops without plays last", async () => {
    const user = userEvent.setup();
    render(<LoopsTable loops={LOOPS} range="30d" />);
    await user.click(screen.getByRole("button", { name: "Plays" }));
    expect(titles()).toEqual(["Bravo", "Alpha", "Charlie"]);
    expect(screen.getByRole("columnheader", { name: /Plays/ })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByRole("columnheader", { name: /Earnings/ })).not.toHaveAttribute("aria-sort");
    await user.click(screen.getByRole("button", { name: "Plays" }));
    expect(titles()).toEqual(["Charlie", "Alpha", "Bravo"]);
    expect(screen.getByRole("columnheader", { name: /Plays/ })).toHaveAttribute("aria-sort", "ascending");

    await user.click(screen.getByRole("button", { name: "Sales" }));
    expect(titles()).toEqual(["Charlie", "Bravo", "Alpha"]);

    await user.click(screen.getByRole("button", { name: "Conversion" }));
    expect(titles()).toEqual(["Alpha", "Bravo", "Charlie"]);
    await user.click(screen.getByRole("button", { name: "Conversion" }));
    expect(titles()).toEqual(["Bravo", "Alpha", "Charlie"]);
  });

  it("on a phone, lists the loops as cards sorted with the menu", async () => {
    const user = userEvent.setup();
    render(<LoopsTable loops={LOOPS} range="30d" />);
    const cards = (key: string) =>
      within(screen.getByRole("list", { name: `Your loops, sorted by ${key}` }))
        .getAllByRole("listitem")
        .map((item) => item.firstChild?.textContent);
    expect(cards("earnings")).toEqual(["Bravo", "Charlie", "Alpha"]);
    await user.selectOptions(screen.getByLabelText("Sort by"), "Plays");
    expect(cards("plays")).toEqual(["Bravo", "Alpha", "Charlie"]);
    await user.click(screen.getByRole("button", { name: "Most first" }));
    expect(cards("plays")).toEqual(["Charlie", "Alpha", "Bravo"]);
    expect(screen.getByRole("button", { name: "Least first" })).toBeInTheDocument();
    const alpha = screen.getAllByRole("listitem").find((item) => item.firstChild?.textContent === "Alpha")!;
    expect(alpha).toHaveTextContent("900 LOOP $1.80");
    expect(within(alpha).getByText("Conversion").nextElementSibling).toHaveTextContent("10.00%");
  });
});
