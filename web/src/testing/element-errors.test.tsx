import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

// setup-tests.ts leaves the document out of a failed query's error while a wait retries; what a
// failing test says must not lose it.
describe("a failed query's error", () => {
  it("a wait that times out still prints the document", async () => {
    render(<p>Hello there</p>);
    const error = await screen.findByText("Nowhere", {}, { timeout: 200 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    const { message } = error as Error;
    expect(message).toContain("Unable to find an element with the text: Nowhere");
    expect(message).toContain("Hello there");
  });

  it("a query that fails outside a wait prints the document", () => {
    render(<p>Hello there</p>);
    expect(() => screen.getByText("Nowhere")).toThrow(/Hello there/);
  });
});
