import { LEVEL_BANDS, xpForNextLevel } from "@loop/rules/levels";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatCount } from "@/lib/format";
import { ExperienceGuideCard } from "./experience-guide-card";
import { expectTexts } from "@/testing/expect-texts";

function xpOf(action: string): string {
  const table = screen.getByRole("table", { name: "How XP is earned" });
  const header = within(table).getByRole("rowheader", { name: new RegExp(`^${action} ?(Buyer|Seller)`) });
  const cell = header.closest("tr")!.querySelector("td")!;
  return Array.from(cell.children, (line) => line.textContent).join(" ");
}

describe("Experience Guide", () => {
  it("lists how XP is earned (docs/product.md#xp)", () => {
    render(<ExperienceGuideCard />);
    expect(xpOf("Buy a paid loop")).toBe("5 XP + 1 XP per $1 of the price");
    expect(xpOf("Sell a loop")).toBe("10 XP + 1 XP per $1 of the price");
    expect(xpOf("Buy a loop on chain")).toBe("7 XP + 1 XP per $1 of the price");
    expect(xpOf("Sell a loop on chain")).toBe("12 XP + 1 XP per $1 of the price");
    expect(xpOf("Make an offer")).toBe("5 XP");
    expect(xpOf("Accept an offer")).toBe("15 XP");
    expect(xpOf("Counter an offer")).toBe("8 XP");
    // Issue 18: a reject earns nothing (an offer that ends without a sale).
    expect(screen.queryByRole("rowheader", { name: /^Reject an offer/ })).not.toBeInTheDocument();
  });

  it("states the offer rule: answers count only when the offer ends in a paid sale, and one counterpart at most once a day", () => {
    render(<ExperienceGuideCard />);
    expect(screen.getByRole("rowheader", { name: /^Accept an offer/ })).toHaveTextContent("Seller, when it ends in a sale");
    expect(screen.getByRole("rowheader", { name: /^Counter an offer/ })).toHaveTextContent("Seller, when the buyer accepts it");
    expect(screen.getByRole("rowheader", { name: /^Make an offer/ })).toHaveTextContent("Buyer, once a day per seller");
    expect(screen.getByTestId("offer-xp-rule")).toHaveTextContent(
      "Offers: answering one (accept, counter) earns XP only when the offer ends in a paid sale, and offer actions (making, countering, accepting) earn you XP from the same member at most once every 24 hours.",
    );
    const list = within(screen.getByRole("list", { name: "No XP for" }));
    expect(list.getByText("Rejecting an offer")).toBeInTheDocument();
    expect(list.getByText("Answering an offer that does not end in a paid sale")).toBeInTheDocument();
    expect(screen.getByText(/Level rewards are promotional LOOP/)).toBeInTheDocument();
  });

  it("says what earns no XP", () => {
    render(<ExperienceGuideCard />);
    const list = within(screen.getByRole("list", { name: "No XP for" }));
    expect(list.getByText("Free downloads")).toBeInTheDocument();
    expect(list.getByText("Buying your own loop")).toBeInTheDocument();
    expect(list.getByText("A second offer on the same loop")).toBeInTheDocument();
  });

  it("shows the XP each level band needs", () => {
    render(<ExperienceGuideCard />);
    expect(LEVEL_BANDS).toHaveLength(4);
    expectTexts(screen.getByTestId("xp-band-1"), ["Levels 1–10", "100 × level"]);
    expect(screen.getByTestId("xp-band-11")).toHaveTextContent("150 × level");
    expect(screen.getByTestId("xp-band-21")).toHaveTextContent("200 × level");
    expectTexts(screen.getByTestId("xp-band-31"), ["Level 31+", "300 × level"]);
    expect(screen.getByTestId("xp-band-11")).toHaveTextContent(`level 11 → 12: ${formatCount(xpForNextLevel(11))} XP`);
  });
});
