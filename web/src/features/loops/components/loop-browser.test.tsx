import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/testing/test-utils";
import { makeLoop } from "@/testing/make-loop";
import { json, loopListCalls, page, stubApi } from "../testing/loop-fixtures";
import { LoopBrowser } from "./loop-browser";

const GENRES = [
  { id: 1, name: "House" },
  { id: 2, name: "Techno" },
  { id: 3, name: "Trap" },
];
const signedOut = () => json({ message: "Unauthorized" }, 401);

describe("LoopBrowser", () => {
  it("shows 'Loading loops...', then the count and the cards", async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi({
      "GET /api/auth/user": signedOut,
      "GET /api/genres": () => json(GENRES),
      "GET /api/loops": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<LoopBrowser />);
    expect(await screen.findByText("Loading loops...")).toBeInTheDocument();
    answer(json(page([makeLoop({ title: "Deep Night" }), makeLoop({ title: "Acid Rain" })], 2)));
    expect(await screen.findByText("2 loops found")).toBeInTheDocument();
    expect(screen.queryByText("Loading loops...")).not.toBeInTheDocument();
    expect(screen.getAllByRole("article").map((card) => within(card).getByRole("heading").textContent)).toEqual(["Deep Night", "Acid Rain"]);
    expect(screen.queryByRole("button", { name: "Load More Loops" })).not.toBeInTheDocument();
  });

  it("a count at the API's cap reads as a lower bound: '10,000+ loops found'", async () => {
    stubApi({ "GET /api/auth/user": signedOut, "GET /api/genres": () => json(GENRES), "GET /api/loops": () => json(page([makeLoop({ title: "One Of Many" })], 10_000)) });
    renderWithProviders(<LoopBrowser />);
    expect(await screen.findByText("10,000+ loops found")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Load More Loops" })).toBeInTheDocument();
  });

  it("says so when nothing matches", async () => {
    stubApi({ "GET /api/auth/user": signedOut, "GET /api/genres": () => json(GENRES), "GET /api/loops": () => json(page([], 0)) });
    renderWithProviders(<LoopBrowser />);
    expect(await screen.findByText("No loops found. Try adjusting your filters.")).toBeInTheDocument();
    expect(screen.getByText("0 loops found")).toBeInTheDocument();
  });

  it("sends the filters and sorts as the query of GET /api/loops", { timeout: 30_000 }, async () => {
    const fetchMock = stubApi({
      "GET /api/auth/user": signedOut,
      "GET /api/genres": () => json(GENRES),
      "GET /api/loops": () => json(page([makeLoop()], 1)),
    });
    const { user } = renderWithProviders(<LoopBrowser />);
    await screen.findByText("1 loop found");
    const last = () => loopListCalls(fetchMock).at(-1)!;
    expect(last().search).toBe("?sortBy=popular&limit=24&offset=0");

    const filters = screen.getByRole("complementary", { name: "Filters" });
    await user.click(await within(filters).findByRole("checkbox", { name: "Trap" }));
    await user.click(within(filters).getByRole("checkbox", { name: "House" }));
    await user.click(within(filters).getByRole("radio", { name: "$5 - $20" }));
    await user.click(within(filters).getByRole("radio", { name: "Short (under 30s)" }));
    await screen.findByText("1 loop found");
    expect(last().searchParams.getAll("genreId")).toEqual(["1", "3"]);
    expect(last().searchParams.get("isFree")).toBe("false");
    expect(last().searchParams.get("priceMin")).toBe("5.01");
    expect(last().searchParams.get("priceMax")).toBe("20.00");
    expect(last().searchParams.get("duration")).toBe("short");

    await user.click(within(filters).getByRole("checkbox", { name: "Trap" }));
    await user.click(within(filters).getByRole("radio", { name: "Free" }));
    await screen.findByText("1 loop found");
    expect(last().searchParams.getAll("genreId")).toEqual(["1"]);
    expect(last().searchParams.get("isFree")).toBe("true");
    expect(last().searchParams.has("priceMin")).toBe(false);

    const sorts = screen.getByRole("group", { name: "Sort loops" });
    await user.click(within(sorts).getByRole("button", { name: "Price" }));
    await screen.findByText("1 loop found");
    expect(last().searchParams.get("sortBy")).toBe("price_asc");
    await user.click(within(sorts).getByRole("button", { name: "Price: low to high" }));
    await screen.findByText("1 loop found");
    expect(last().searchParams.get("sortBy")).toBe("price_desc");
    expect(within(sorts).getByRole("button", { name: "Price: high to low" })).toHaveAttribute("aria-pressed", "true");
    await user.click(within(sorts).getByRole("button", { name: "Rating" }));
    await screen.findByText("1 loop found");
    expect(last().searchParams.get("sortBy")).toBe("rating");
    await user.click(within(sorts).getByRole("button", { name: "Recent" }));
    await screen.findByText("1 loop found");
    expect(last().searchParams.get("sortBy")).toBe("recent");

    await user.click(within(filters).getByRole("button", { name: "Clear all" }));
    await screen.findByText("1 loop found");
    expect(last().search).toBe("?sortBy=recent&limit=24&offset=0");
  });

  it("'Load More Loops' appends the next page of 24 until the total is shown", { timeout: 30_000 }, async () => {
    const all = Array.from({ length: 30 }, (_, i) => makeLoop({ title: `Loop #${i + 1}` }));
    const fetchMock = stubApi({
      "GET /api/auth/user": signedOut,
      "GET /api/genres": () => json(GENRES),
      "GET /api/loops": (url) => {
        const offset = Number(url.searchParams.get("offset"));
        const limit = Number(url.searchParams.get("limit"));
        return json(page(all.slice(offset, offset + limit), all.length));
      },
    });
    const { user } = renderWithProviders(<LoopBrowser />);
    expect(await screen.findByText("30 loops found")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(24);

    await user.click(screen.getByRole("button", { name: "Load More Loops" }));
    await screen.findByRole("heading", { name: "Loop #30" }, { timeout: 10_000 });
    const titles = screen.getAllByRole("article").map((card) => within(card).getByRole("heading").textContent);
    expect(titles).toHaveLength(30);
    expect(titles[0]).toBe("Loop #1");
    expect(titles[24]).toBe("Loop #25");
    expect(loopListCalls(fetchMock).map((url) => url.searchParams.get("offset"))).toEqual(["0", "24"]);
    expect(screen.queryByRole("button", { name: "Load More Loops" })).not.toBeInTheDocument();
  });

  it("switches between grid and list", async () => {
    stubApi({ "GET /api/auth/user": signedOut, "GET /api/genres": () => json(GENRES), "GET /api/loops": () => json(page([makeLoop()], 1)) });
    const { user } = renderWithProviders(<LoopBrowser />);
    const list = await screen.findByRole("list", { name: "Loops" });
    expect(list).toHaveAttribute("data-layout", "grid");
    await user.click(screen.getByRole("button", { name: "List view" }));
    expect(screen.getByRole("list", { name: "Loops" })).toHaveAttribute("data-layout", "list");
    expect(screen.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
  });

  it("shows the server's message when loops cannot be loaded", async () => {
    stubApi({
      "GET /api/auth/user": signedOut,
      "GET /api/genres": () => json(GENRES),
      "GET /api/loops": () => json({ message: "Invalid sortBy: use popular, recent." }, 400),
    });
    renderWithProviders(<LoopBrowser />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Loops could not be loaded");
    expect(alert).toHaveTextContent("Invalid sortBy: use popular, recent.");
  });
});
