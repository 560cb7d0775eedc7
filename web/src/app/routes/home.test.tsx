import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeLoop, page } from "@/testing/make-loop";
import { json, stubApi } from "@/testing/stub-api";
import { makeUser, renderApp } from "@/testing/test-utils";

const GENRES = [{ id: 1, name: "House" }];

describe("home route", () => {
  it("signed in, / shows the hero and the catalog; Start Browsing scrolls to it", async () => {
    stubApi({
      "GET /api/auth/user": () => json(makeUser({ username: "nightowl" })),
      "GET /api/genres": () => json(GENRES),
      "GET /api/loops": () => json(page([makeLoop({ title: "Deep Night" })], 1)),
    });
    const scrollIntoView = vi.spyOn(Element.prototype, "scrollIntoView");
    const { user } = renderApp("/");
    expect(await screen.findByTestId("home-welcome")).toHaveTextContent("Hi, nightowl");
    const browser = await screen.findByRole("region", { name: "Browse loops" });
    expect(await within(browser).findByText("1 loop found")).toBeInTheDocument();
    expect(within(browser).getByRole("article", { name: "Deep Night" })).toBeInTheDocument();

    expect(screen.getByRole("button", { name: "Upload Your Loops" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Buy LOOP Tokens" })).toHaveAttribute("href", "/tokens");
    await user.click(screen.getByRole("button", { name: "Start Browsing" }));
    expect(scrollIntoView.mock.instances.at(-1)).toBe(browser);
    expect(browser).toHaveFocus();
  });

  it("/home is browsable signed out (docs/product.md#visitors): previews and the catalog, login to download", async () => {
    stubApi({
      "GET /api/auth/user": () => json({ message: "Unauthorized" }, 401),
      "GET /api/genres": () => json(GENRES),
      "GET /api/loops": () => json(page([makeLoop({ title: "Free Swing", isFree: true })], 1)),
    });
    const { user } = renderApp("/home");
    expect(await screen.findByRole("heading", { level: 1, name: "Find your next loop" })).toBeInTheDocument();
    const card = await screen.findByRole("article", { name: "Free Swing" });
    const download = within(card).getByRole("button", { name: "Download Free Swing" });
    await waitFor(() => expect(download).toBeEnabled());
    await user.click(download);
    expect(await screen.findByText("Login Required")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Sign Up / Login" }));
    expect(await screen.findByRole("dialog", { name: "Join" })).toBeInTheDocument();
  });

  it("/home/following: the Following tab lists new loops of followed creators, newest first, with Load More by cursor", async () => {
    const api = stubApi({
      "GET /api/auth/user": () => json(makeUser({ username: "nightowl" })),
      "GET /api/genres": () => json(GENRES),
      "GET /api/loops": () => json(page([makeLoop({ title: "Catalog Loop" })], 1)),
      "GET /api/loops?following=true&sortBy=recent&limit=24": () => json(page([makeLoop({ title: "Fresh From Mia" })], 2, "cursor-1")),
      "GET /api/loops?following=true&sortBy=recent&limit=24&after=cursor-1": () => json(page([makeLoop({ title: "Older From Mia" })], 2)),
    });
    const { user } = renderApp("/home/following");
    const tab = await screen.findByRole("tab", { name: "Following" });
    expect(tab).toHaveAttribute("aria-selected", "true");
    const panel = screen.getByRole("tabpanel", { name: "Following" });
    expect(await within(panel).findByRole("article", { name: "Fresh From Mia" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Browse loops" })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Load More Loops" }));
    expect(await within(panel).findByRole("article", { name: "Older From Mia" })).toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: "Load More Loops" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "All loops" }));
    expect(await screen.findByRole("region", { name: "Browse loops" })).toBeInTheDocument();
    expect(api.calls("GET /api/loops?following=true&sortBy=recent&limit=24")).toHaveLength(1);
  });

  it("Following with nobody followed says how to fill it; visitors get no tabs", async () => {
    stubApi({
      "GET /api/auth/user": () => json(makeUser({ username: "nightowl" })),
      "GET /api/genres": () => json(GENRES),
      "GET /api/loops": () => json(page([], 0)),
    });
    const { user, unmount } = renderApp("/");
    await user.click(await screen.findByRole("tab", { name: "Following" }));
    expect(await screen.findByText("Follow creators to see their new loops here.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Browse all loops" }));
    expect(await screen.findByRole("region", { name: "Browse loops" })).toBeInTheDocument();
    unmount();

    stubApi({
      "GET /api/auth/user": () => json({ message: "Unauthorized" }, 401),
      "GET /api/genres": () => json(GENRES),
      "GET /api/loops": () => json(page([], 0)),
    });
    renderApp("/home/following");
    expect(await screen.findByText(/Sign in to follow creators/)).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Following" })).not.toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Browse loops" })).toBeInTheDocument();
  });
});
