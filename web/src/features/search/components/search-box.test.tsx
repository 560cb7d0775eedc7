import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, SIGNED_OUT, stubApi } from "@/testing/stub-api";
import { makeLoop, page } from "@/testing/make-loop";
import { renderApp } from "@/testing/test-utils";
import type { SearchLoop, SearchResponse, SearchUser } from "../api/search";

function searchUser(index: number): SearchUser {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    username: `drummer_${index}`,
    profileImageUrl: null,
    firstName: index === 1 ? "Mia" : null,
    lastName: index === 1 ? "Park" : null,
    walletAddress: null,
    level: 3,
    experience: 250,
  };
}

function loop(index: number, overrides: Partial<SearchLoop> = {}): SearchLoop {
  return {
    id: `10000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    title: `Drum Loop ${index}`,
    genre: { id: 1, name: "Hip Hop" },
    bpm: 90 + index,
    price: "4.99",
    isFree: false,
    user: { id: searchUser(1).id, username: "drummer_1" },
    ...overrides,
  };
}

function answer(q: string, url: URL): SearchResponse {
  if (q === "zzzz") return { users: [], loops: [], totalUsers: 0, totalLoops: 0 };
  if (q === "ambient") {
    // A broad word: the API's totals are only lower bounds.
    const loops = Array.from({ length: 4 }, (_, i) => loop(i + 1));
    const users = Array.from({ length: 2 }, (_, i) => searchUser(i + 1));
    return { users, loops, totalUsers: 2, totalLoops: 4, totalUsersCapped: true, totalLoopsCapped: true };
  }
  const limit = Number(url.searchParams.get("limit"));
  const offset = Number(url.searchParams.get("offset"));
  // The top bar's panel shows 3 users; the results page pages through 25.
  const users = Array.from({ length: limit === 20 ? 25 : 3 }, (_, i) => searchUser(i + 1));
  const loops = Array.from({ length: 25 }, (_, i) => loop(i + 1, i === 0 ? { isFree: true, price: "0.00" } : {}));
  return {
    users: users.slice(offset, offset + limit),
    loops: loops.slice(offset, offset + limit),
    totalUsers: users.length,
    totalLoops: loops.length,
  };
}

function setup(path = "/") {
  const api = stubApi({
    ...SIGNED_OUT,
    "/api/stats/public": () => json({ totalUsers: 0, totalCreators: 0, totalLoops: 0, tokensEarned: "0.00000000", leaderboard: [] }),
    "/api/search": ({ url }) => {
      const q = url.searchParams.get("q") ?? "";
      if (q.length < 3) return json({ message: "Type at least 3 characters to search" }, 400);
      return json(answer(q, url));
    },
    // The results page's loops: the catalog's cards (GET /api/loops?search=).
    "/api/genres": () => json([{ id: 1, name: "Hip Hop" }]),
    "/api/loops": ({ url }) => {
      const q = url.searchParams.get("search") ?? "";
      return json(q === "zzzz" ? page([], 0) : page([makeLoop({ title: `Catalog ${q}` })], 1));
    },
  });
  const rendered = renderApp(path);
  return { ...rendered, searches: () => api.calls("/api/search").map(({ url }) => url) };
}

async function searchBox() {
  return within(await screen.findByRole("banner")).findByRole("searchbox", { name: "Search loops and creators" });
}

describe("top bar search", () => {
  it("asks for 3 characters before searching", async () => {
    const { user, searches } = setup();
    await user.type(await searchBox(), "dr");
    const panel = screen.getByRole("region", { name: "Search results" });
    expect(panel).toHaveTextContent("Type at least 3 characters to search");
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(searches()).toHaveLength(0);
  });

  it("shows loading, then users and loops with '10+' above 10: users link to their profile, loops to their page; one debounced call", async () => {
    const { user, searches } = setup();
    await user.type(await searchBox(), "drum");
    const panel = screen.getByRole("region", { name: "Search results" });
    expect(within(panel).getByRole("status")).toHaveTextContent("Searching");

    const users = await within(panel).findByRole("region", { name: /Users/ });
    expect(users).toHaveTextContent("3");
    const loops = within(panel).getByRole("region", { name: /Loops/ });
    expect(within(loops).getByText("10+")).toBeInTheDocument();

    const mia = within(users).getByRole("link", { name: /drummer_1/ });
    expect(mia).toHaveAttribute("href", `/profile/${searchUser(1).id}`);
    expect(mia).toHaveTextContent("Mia Park");
    const first = within(loops).getByRole("link", { name: /Drum Loop 1 by drummer_1, Hip Hop, 91 BPM, FREE/ });
    expect(first).toHaveAttribute("href", `/loops/${loop(1).id}`);
    expect(within(loops).getByRole("link", { name: /Drum Loop 2 by .*\$4\.99/ })).toBeInTheDocument();
    expect(within(loops).getAllByRole("link")).toHaveLength(10);

    // Typing is debounced: one call for "drum", not one per key.
    expect(searches().map((url) => url.searchParams.get("q"))).toEqual(["drum"]);
    expect(searches()[0]!.searchParams.get("limit")).toBe("10");
  });

  it("shows a total that is only a lower bound as '10+'", async () => {
    const { user } = setup();
    await user.type(await searchBox(), "ambient");
    const loops = await screen.findByRole("region", { name: /Loops/ });
    expect(within(loops).getByText("10+")).toBeInTheDocument();
  });

  it("shows 'No results found for \"…\"'", async () => {
    const { user } = setup();
    await user.type(await searchBox(), "zzzz");
    expect(await screen.findByText('No results found for "zzzz"')).toBeInTheDocument();
  });

  it("Escape closes the panel", async () => {
    const { user } = setup();
    await user.type(await searchBox(), "drum");
    await screen.findByRole("region", { name: /Users/ });
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("region", { name: "Search results" })).not.toBeInTheDocument();
    expect(await searchBox()).toHaveFocus();
  });

  it("the arrow keys move through the results", async () => {
    const { user } = setup();
    await user.type(await searchBox(), "drum");
    const users = await screen.findByRole("region", { name: /Users/ });
    await user.keyboard("{ArrowDown}");
    expect(within(users).getByRole("link", { name: /drummer_1/ })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(within(users).getByRole("link", { name: /drummer_2/ })).toHaveFocus();
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(await searchBox()).toHaveFocus();
  });

  it("'View all results' opens the results page, which pages through everything", async () => {
    const { user, searches } = setup();
    await user.type(await searchBox(), "drum");
    await user.click(await screen.findByRole("button", { name: "View all results" }));

    expect(await screen.findByRole("heading", { name: 'Results for "drum"' })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Search results" })).not.toBeInTheDocument();
    const users = await screen.findByRole("region", { name: "Users" });
    await waitFor(() => expect(within(users).getAllByRole("link")).toHaveLength(20));
    expect(users).toHaveTextContent("20 of 25");
    // The loops are the catalog's cards for the text.
    const loops = await screen.findByRole("region", { name: "Loops" });
    expect(await within(loops).findByRole("article", { name: "Catalog drum" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Load more users" }));
    await waitFor(() => expect(within(users).getAllByRole("link")).toHaveLength(25));
    expect(screen.queryByRole("button", { name: "Load more users" })).not.toBeInTheDocument();
    const pageCalls = searches().filter((url) => url.searchParams.get("limit") === "20");
    expect(pageCalls.map((url) => url.searchParams.get("offset"))).toEqual(["0", "20"]);
  });

  it("Enter opens the results page", async () => {
    const { user } = setup();
    await user.type(await searchBox(), "drum{Enter}");
    expect(await screen.findByRole("heading", { name: 'Results for "drum"' })).toBeInTheDocument();
  });
});

describe("search page", () => {
  it("says '+' after a total that is only a lower bound", async () => {
    setup("/search?q=ambient");
    const users = await screen.findByRole("region", { name: "Users" });
    await waitFor(() => expect(users).toHaveTextContent("2 of 2+"));
  });

  it("asks for 3 characters when the query is too short", async () => {
    setup("/search?q=dr");
    expect(await screen.findByText("Type at least 3 characters to search")).toBeInTheDocument();
  });

  it("shows no results, and a new search from its own field", async () => {
    const { user } = setup("/search?q=zzzz");
    expect(await screen.findByText('No users match "zzzz"')).toBeInTheDocument();
    expect(await screen.findByText("No loops found. Try adjusting your filters.")).toBeInTheDocument();
    const main = screen.getByRole("main");
    const pageField = within(main).getByRole("searchbox", { name: "Search loops and creators" });
    await user.clear(pageField);
    await user.type(pageField, "drum{Enter}");
    expect(await screen.findByRole("heading", { name: 'Results for "drum"' })).toBeInTheDocument();
  });
});
