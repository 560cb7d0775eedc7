import { screen, waitFor, within } from "@testing-library/react";
import { useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { makeLoop, page } from "@/testing/make-loop";
import { type ApiHandler, json, stubApi } from "@/testing/stub-api";
import { renderWithProviders } from "@/testing/test-utils";
import { signedOut } from "@/testing/viewer";
import { plainCard } from "../testing/plain-card";
import { LoopBrowser } from "./loop-browser";

const GENRES = [
  { id: 1, name: "House" },
  { id: 2, name: "Techno" },
  { id: 3, name: "Trap" },
];

/** The catalog's API for a visitor: the genres, and `loops` answering GET /api/loops. */
function stubCatalog(loops: ApiHandler) {
  return stubApi({ "GET /api/auth/user": signedOut, "GET /api/genres": () => json(GENRES), "GET /api/loops": loops });
}

/** The address's query, as the page has it. */
function AddressProbe() {
  return <output data-testid="address">{useLocation().search}</output>;
}

describe("LoopBrowser", () => {
  it("shows 'Loading loops...', then the count and the cards", async () => {
    let answer: (response: Response) => void = () => undefined;
    stubCatalog(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<LoopBrowser renderCard={plainCard} />);
    expect(await screen.findByText("Loading loops...")).toBeInTheDocument();
    answer(json(page([makeLoop({ title: "Deep Night" }), makeLoop({ title: "Acid Rain" })], 2)));
    expect(await screen.findByText("2 loops found")).toBeInTheDocument();
    expect(screen.queryByText("Loading loops...")).not.toBeInTheDocument();
    expect(screen.getAllByRole("article").map((card) => within(card).getByRole("heading").textContent)).toEqual([
      "Deep Night",
      "Acid Rain",
    ]);
    expect(screen.queryByRole("button", { name: "Load More Loops" })).not.toBeInTheDocument();
  });

  it("a count at the API's cap (1,000) reads as a lower bound: '1,000+ loops found'; below it, exact", async () => {
    stubCatalog(() => json(page([makeLoop({ title: "One Of Many" })], 1_000, "next")));
    renderWithProviders(<LoopBrowser renderCard={plainCard} />);
    expect(await screen.findByText("1,000+ loops found")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Load More Loops" })).toBeInTheDocument();
  });

  it("an exact count under the cap shows as '{n} loops found'", async () => {
    stubCatalog(() => json(page([makeLoop({ title: "One Of Many" })], 999, "next")));
    renderWithProviders(<LoopBrowser renderCard={plainCard} />);
    expect(await screen.findByText("999 loops found")).toBeInTheDocument();
  });

  it("says so when nothing matches", async () => {
    stubCatalog(() => json(page([], 0)));
    renderWithProviders(<LoopBrowser renderCard={plainCard} />);
    expect(await screen.findByText("No loops found. Try adjusting your filters.")).toBeInTheDocument();
    expect(screen.getByText("0 loops found")).toBeInTheDocument();
  });

  it("sends the filters and sorts as the query of GET /api/loops, and keeps them in the address", async () => {
    const api = stubCatalog(() => json(page([makeLoop()], 1)));
    const { user } = renderWithProviders(
      <>
        <LoopBrowser renderCard={plainCard} />
        <AddressProbe />
      </>,
      "/home",
    );
    await screen.findByText("1 loop found");
    const last = () => api.calls("/api/loops").at(-1)!.url;
    const address = () => new URLSearchParams(screen.getByTestId("address").textContent!);
    expect(last().search).toBe("?sortBy=popular&limit=24&offset=0");

    const filters = screen.getByRole("complementary", { name: "Filters" });
    await user.click(await within(filters).findByRole("checkbox", { name: "Trap" }));
    await user.click(within(filters).getByRole("checkbox", { name: "House" }));
    await user.click(within(filters).getByRole("radio", { name: "Paid" }));
    await user.type(within(filters).getByLabelText("Min price ($)"), "5{Enter}");
    await user.type(within(filters).getByLabelText("Max price ($)"), "20");
    await user.click(within(filters).getByRole("radio", { name: "Short (under 30s)" }));
    await user.click(within(filters).getByRole("radio", { name: "Tracks" }));
    await user.type(within(filters).getByLabelText("Min BPM"), "90");
    await user.type(within(filters).getByLabelText("Max BPM"), "100{Enter}");
    await user.selectOptions(within(filters).getByLabelText("Key"), "A minor");
    await user.click(within(filters).getByRole("checkbox", { name: "Include the relative key (C major)" }));
    await user.type(within(filters).getByLabelText("Add a tag"), "Dark{Enter}");
    await user.type(within(filters).getByLabelText("Add a tag"), "trap");
    await user.click(within(filters).getByRole("button", { name: "Add tag" }));
    await screen.findByText("1 loop found");
    const expected = {
      genreId: ["1", "3"],
      isFree: ["false"],
      priceMin: ["5.00"],
      priceMax: ["20.00"],
      duration: ["short"],
      contentType: ["track"],
      bpmMin: ["90"],
      bpmMax: ["100"],
      key: ["A minor"],
      relativeKey: ["true"],
      tags: ["dark,trap"],
    };
    for (const [name, values] of Object.entries(expected)) {
      expect(last().searchParams.getAll(name), name).toEqual(values);
      expect(address().getAll(name), name).toEqual(values);
    }

    await user.click(within(filters).getByRole("checkbox", { name: "Trap" }));
    await user.click(within(filters).getByRole("button", { name: "Remove tag dark" }));
    await user.click(within(filters).getByRole("radio", { name: "Free" }));
    await screen.findByText("1 loop found");
    expect(last().searchParams.getAll("genreId")).toEqual(["1"]);
    expect(last().searchParams.get("isFree")).toBe("true");
    expect(last().searchParams.has("priceMin")).toBe(false);
    expect(last().searchParams.get("tags")).toBe("trap");
    expect(address().get("isFree")).toBe("true");

    const sorts = screen.getByRole("group", { name: "Sort loops" });
    /** Presses the sort button `name`; the list is asked again with `sortBy`. */
    const sortBy = async (name: string, sort: string) => {
      await user.click(within(sorts).getByRole("button", { name }));
      await screen.findByText("1 loop found");
      expect(last().searchParams.get("sortBy")).toBe(sort);
    };
    await sortBy("Price", "price_asc");
    await sortBy("Price: low to high", "price_desc");
    expect(within(sorts).getByRole("button", { name: "Price: high to low" })).toHaveAttribute("aria-pressed", "true");
    await sortBy("Rating", "rating");
    await sortBy("Recent", "recent");
    expect(address().get("sortBy")).toBe("recent");

    await user.click(within(filters).getByRole("button", { name: "Clear all" }));
    await screen.findByText("1 loop found");
    expect(last().search).toBe("?sortBy=recent&limit=24&offset=0");
    expect(address().toString()).toBe("sortBy=recent");
  });

  it("opened from an address with filters (a reload, a shared link): the same filters, shown and sent", async () => {
    const api = stubCatalog(() => json(page([makeLoop()], 1)));
    renderWithProviders(
      <LoopBrowser renderCard={plainCard} />,
      "/home?genreId=2&bpmMin=120&key=F%23+minor&relativeKey=true&contentType=loop&tags=chill&isFree=false&priceMax=9.99&duration=long&sortBy=likes",
    );
    await screen.findByText("1 loop found");
    expect(api.calls("/api/loops")[0]!.url.search).toBe(
      "?genreId=2&bpmMin=120&key=F%23+minor&relativeKey=true&contentType=loop&tags=chill&isFree=false&priceMax=9.99&duration=long&sortBy=likes&limit=24&offset=0",
    );
    const filters = screen.getByRole("complementary", { name: "Filters" });
    expect(await within(filters).findByRole("checkbox", { name: "Techno" })).toBeChecked();
    expect(within(filters).getByLabelText("Min BPM")).toHaveValue("120");
    expect(within(filters).getByLabelText("Key")).toHaveValue("F# minor");
    expect(within(filters).getByRole("checkbox", { name: "Include the relative key (A major)" })).toBeChecked();
    expect(within(filters).getByRole("radio", { name: "Loops" })).toBeChecked();
    expect(within(filters).getByRole("button", { name: "Remove tag chill" })).toBeInTheDocument();
    expect(within(filters).getByRole("radio", { name: "Paid" })).toBeChecked();
    expect(within(filters).getByLabelText("Max price ($)")).toHaveValue("9.99");
    expect(within(filters).getByRole("radio", { name: "Long (over 1min)" })).toBeChecked();
    expect(within(screen.getByRole("group", { name: "Sort loops" })).getByRole("button", { name: "Most liked" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });

  it("an address with values it cannot read shows the catalog without them (no error)", async () => {
    const api = stubCatalog(() => json(page([makeLoop({ title: "Still Here" })], 1)));
    renderWithProviders(
      <LoopBrowser renderCard={plainCard} />,
      "/home?genreId=abc&bpmMin=fast&key=H+minor&contentType=album&isFree=maybe&priceMin=-1&duration=huge&sortBy=best&duration=short",
    );
    expect(await screen.findByRole("heading", { name: "Still Here" })).toBeInTheDocument();
    expect(api.calls("/api/loops")[0]!.url.search).toBe("?sortBy=popular&limit=24&offset=0");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("on a phone the filters open in a drawer, and change the loops from there", async () => {
    const api = stubCatalog(() => json(page([makeLoop()], 1)));
    const { user } = renderWithProviders(<LoopBrowser renderCard={plainCard} />, "/home?duration=short");
    await screen.findByText("1 loop found");
    // The sidebar is hidden below the lg breakpoint (CSS); the button opens the drawer.
    expect(screen.getByRole("complementary", { name: "Filters" })).toHaveClass("hidden", "lg:block");
    const open = screen.getByRole("button", { name: "Filters 1 active" });
    expect(open).toHaveClass("lg:hidden");
    await user.click(open);
    const drawer = await screen.findByRole("dialog", { name: "Filters" });
    await user.click(await within(drawer).findByRole("checkbox", { name: "House" }));
    // (aria-hidden behind the open drawer: its label is read, not its computed name)
    await waitFor(() => expect(open).toHaveAttribute("aria-label", "Filters 2 active"));
    await waitFor(() => expect(api.calls("/api/loops").at(-1)!.url.searchParams.getAll("genreId")).toEqual(["1"]));
    await user.click(within(drawer).getByRole("button", { name: "Show loops" }));
    expect(screen.queryByRole("dialog", { name: "Filters" })).not.toBeInTheDocument();
  });

  it("with a search text (the search page), asks for the loops containing it", async () => {
    const api = stubCatalog(() => json(page([makeLoop({ title: "Deep Night" })], 1)));
    renderWithProviders(<LoopBrowser renderCard={plainCard} search="deep" title="Loops" />, "/search?q=deep&isFree=true");
    expect(await screen.findByRole("heading", { name: "Loops", level: 2 })).toBeInTheDocument();
    await screen.findByText("1 loop found");
    expect(api.calls("/api/loops")[0]!.url.search).toBe("?isFree=true&search=deep&sortBy=popular&limit=24&offset=0");
  });

  it("'Load More Loops' asks for the page after the last page's cursor, until there is none", async () => {
    const all = Array.from({ length: 30 }, (_, i) => makeLoop({ title: `Loop #${i + 1}` }));
    // The server's cursor is opaque: here, the index of the next loop.
    const api = stubCatalog(({ url }) => {
      const start = url.searchParams.has("after") ? Number(url.searchParams.get("after")!.slice(1)) : 0;
      const limit = Number(url.searchParams.get("limit"));
      const end = start + limit;
      return json(page(all.slice(start, end), all.length, end < all.length ? `c${end}` : null));
    });
    const { user } = renderWithProviders(<LoopBrowser renderCard={plainCard} />);
    expect(await screen.findByText("30 loops found")).toBeInTheDocument();
    // A screen's worth of cards first, the rest a moment later (LoopList).
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(24));

    await user.click(screen.getByRole("button", { name: "Load More Loops" }));
    await screen.findByRole("heading", { name: "Loop #30" });
    const titles = screen.getAllByRole("article").map((card) => within(card).getByRole("heading").textContent);
    expect(titles).toHaveLength(30);
    expect(titles[0]).toBe("Loop #1");
    expect(titles[24]).toBe("Loop #25");
    const calls = api.calls("/api/loops");
    expect(calls.map(({ url }) => [url.searchParams.get("offset"), url.searchParams.get("after")])).toEqual([
      ["0", null],
      [null, "c24"],
    ]);
    expect(calls[1]!.url.searchParams.get("sortBy")).toBe("popular");
    expect(screen.getByText("30 loops found")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load More Loops" })).not.toBeInTheDocument();
  });

  it("past the cap: Load More keeps going by cursor while the count says '1,000+ loops found'", async () => {
    const api = stubCatalog(({ url }) => {
      const pageNo = url.searchParams.has("after") ? Number(url.searchParams.get("after")!.slice(1)) : 0;
      return json(page([makeLoop({ title: `Page ${pageNo}` })], 1_000, pageNo < 2 ? `p${pageNo + 1}` : null));
    });
    const { user } = renderWithProviders(<LoopBrowser renderCard={plainCard} />);
    expect(await screen.findByText("1,000+ loops found")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Load More Loops" }));
    await screen.findByRole("heading", { name: "Page 1" });
    await user.click(screen.getByRole("button", { name: "Load More Loops" }));
    await screen.findByRole("heading", { name: "Page 2" });
    expect(screen.queryByRole("button", { name: "Load More Loops" })).not.toBeInTheDocument();
    expect(api.calls("/api/loops").map(({ url }) => url.searchParams.get("after"))).toEqual([null, "p1", "p2"]);
    expect(screen.getByText("1,000+ loops found")).toBeInTheDocument();
  });

  it("switches between grid and list", async () => {
    stubCatalog(() => json(page([makeLoop()], 1)));
    const { user } = renderWithProviders(<LoopBrowser renderCard={plainCard} />);
    const list = await screen.findByRole("list", { name: "Loops" });
    expect(list).toHaveAttribute("data-layout", "grid");
    await user.click(screen.getByRole("button", { name: "List view" }));
    expect(screen.getByRole("list", { name: "Loops" })).toHaveAttribute("data-layout", "list");
    expect(screen.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
  });

  it("shows the server's message when loops cannot be loaded", async () => {
    stubCatalog(() => json({ message: "Invalid sortBy: use popular, recent." }, 400));
    renderWithProviders(<LoopBrowser renderCard={plainCard} />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Loops could not be loaded");
    expect(alert).toHaveTextContent("Invalid sortBy: use popular, recent.");
  });
});
