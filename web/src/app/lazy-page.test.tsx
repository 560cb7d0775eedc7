import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { holdLazyCodeUntilFirstPaint, notePaintAfterNextFrame } from "@/lib/first-paint";
import { lazyPage } from "./lazy-page";

function Loading() {
  return <p>Loading the page</p>;
}

describe("a lazily loaded page", () => {
  it("on the app's first load asks for its code only after the first screen is painted, showing its loading state meanwhile", async () => {
    holdLazyCodeUntilFirstPaint();
    let asked = 0;
    const Page = lazyPage(async () => {
      asked += 1;
      return ({ name }: { name: string }) => <h1>Hello {name}</h1>;
    }, Loading);
    render(<Page name="Maya" />);
    expect(screen.getByText("Loading the page")).toBeInTheDocument();
    expect(asked).toBe(0);

    await act(async () => notePaintAfterNextFrame());
    expect(await screen.findByRole("heading", { name: "Hello Maya" })).toBeInTheDocument();
    expect(asked).toBe(1);
  });

  it("later (and without the entry's hold) loads at once", async () => {
    const Page = lazyPage(async () => () => <h1>Right away</h1>);
    render(<Page />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(await screen.findByRole("heading", { name: "Right away" })).toBeInTheDocument();
  });
});
