import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LoopAmount } from "./loop-amount";

describe("LoopAmount", () => {
  it("shows the amount people read, the full 8 decimals in its tooltip, in tabular figures", () => {
    render(<LoopAmount value="367720.00000000" />);
    const amount = screen.getByText("367,720 LOOP");
    expect(amount).toHaveAttribute("title", "367,720.00000000 LOOP");
    expect(amount).toHaveClass("tabular-nums");
  });

  it("takes ledger units, a + for credits, and leaves the unit to the caller when asked", () => {
    const { container } = render(
      <>
        <LoopAmount value={25_000_000n} plus className="font-semibold" />
        <LoopAmount value="-260.00000000" plus />
        <LoopAmount value="0.00000001" unit={false} />
      </>,
    );
    const [credit, debit, tiny] = Array.from(container.querySelectorAll("span"));
    expect(credit).toHaveTextContent("+0.25 LOOP");
    expect(credit).toHaveAttribute("title", "+0.25000000 LOOP");
    expect(credit).toHaveClass("font-semibold", "tabular-nums");
    expect(debit).toHaveTextContent("-260 LOOP");
    expect(tiny?.textContent).toBe("0.00000001");
    expect(tiny).toHaveAttribute("title", "0.00000001 LOOP");
  });
});
