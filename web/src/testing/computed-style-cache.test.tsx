import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

// setup-tests.ts installs the cache (computed-style-cache.ts) for every file.
describe("computed styles kept between document changes", () => {
  it("answers the same style until the document changes", () => {
    render(<p data-testid="text">Hello</p>);
    const text = screen.getByTestId("text");
    expect(getComputedStyle(text)).toBe(getComputedStyle(text));
  });

  it("sees a change made in the same task, with no wait in between", () => {
    render(
      <div data-testid="box">
        <button type="button">Play</button>
      </div>,
    );
    const box = screen.getByTestId("box");
    expect(screen.getByRole("button", { name: "Play" })).toBeInTheDocument();
    expect(getComputedStyle(box).display).toBe("block");

    box.style.display = "none";
    expect(getComputedStyle(box).display).toBe("none");
    expect(screen.queryByRole("button", { name: "Play" })).toBeNull();

    box.removeAttribute("style");
    expect(screen.getByRole("button", { name: "Play" })).toBeInTheDocument();
    box.hidden = true;
    expect(screen.queryByRole("button", { name: "Play" })).toBeNull();
    box.hidden = false;
    box.setAttribute("aria-hidden", "true");
    expect(screen.queryByRole("button", { name: "Play" })).toBeNull();
  });

  it("tells apart an element's style and its pseudo-elements'", () => {
    render(<span data-testid="mark">x</span>);
    const mark = screen.getByTestId("mark");
    expect(getComputedStyle(mark, "::before")).not.toBe(getComputedStyle(mark));
  });
});
