import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeLoop, page } from "@/testing/make-loop";
import { json, stubApi } from "@/testing/stub-api";
import { renderApp } from "@/testing/test-utils";

const GENRES = [
  { id: 1, name: "House" },
  { id: 2, name: "Trap" },
];

const USER = {
  id: "00000000-0000-4000-8000-00000000aaaa",
  username: "deepmia",
  profileImageUrl: null,
  firstName: "Mia",
  lastName: null,
  walletAddress: null,
  level: 3,
  experience: 300,
};

describe("search route", () => {
  it("/search?q=: the users found, and the loops as playable, buyable cards with the catalog's filters, kept in the address", async () => {
    const api = stubApi({
      "GET /api/auth/user": () => json({ message: "Unauthorized" }, 401),
      "GET /api/genres": () => json(GENRES),
      "GET /api/search": () => json({ users: [USER], loops: [], totalUsers: 1, totalLoops: 0 }),
      "GET /api/loops": () =>
        json(
          page(
            [
              makeLoop({ title: "Deep Night", audioFileUrl: "/api/loops/x/preview", peaksUrl: "/api/loops/x/peaks" }),
              makeLoop({ title: "Deep Free", isFree: true, price: "0.00" }),
            ],
            2,
          ),
        ),
    });
    const { user } = renderApp("/search?q=deep&genreId=2");
    expect(await screen.findByRole("heading", { level: 1, name: 'Results for "deep"' })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: /deepmia/ })).toHaveAttribute("href", `/profile/${USER.id}`);

    const loops = await screen.findByRole("region", { name: "Loops" });
    const card = await within(loops).findByRole("article", { name: "Deep Night" });
    expect(within(card).getByRole("button", { name: "Play preview of Deep Night" })).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Buy Deep Night" })).toBeInTheDocument();
    expect(within(loops).getByRole("article", { name: "Deep Free" })).toBeInTheDocument();
    expect(within(loops).getByText("2 loops found")).toBeInTheDocument();
    // The catalog's query: the text and the address's filters.
    const first = api.calls("/api/loops")[0]!.url;
    expect(first.searchParams.get("search")).toBe("deep");
    expect(first.searchParams.getAll("genreId")).toEqual(["2"]);

    // A filter changed on the page goes to the address beside q, and to the catalog's query.
    const filters = within(loops).getByRole("complementary", { name: "Filters" });
    await user.click(within(filters).getByRole("radio", { name: "Free" }));
    await waitFor(() => expect(api.calls("/api/loops").at(-1)!.url.searchParams.get("isFree")).toBe("true"));
    expect(api.calls("/api/loops").at(-1)!.url.searchParams.get("search")).toBe("deep");

    // A new search keeps the filters.
    const field = within(screen.getByRole("main")).getByRole("searchbox", { name: "Search loops and creators" });
    await user.clear(field);
    await user.type(field, "night{Enter}");
    expect(await screen.findByRole("heading", { level: 1, name: 'Results for "night"' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls("/api/loops").at(-1)!.url.searchParams.get("search")).toBe("night"));
    expect(api.calls("/api/loops").at(-1)!.url.searchParams.get("isFree")).toBe("true");
    expect(api.calls("/api/loops").at(-1)!.url.searchParams.getAll("genreId")).toEqual(["2"]);
  });
});
