import type { LibraryEntry } from "@loop/rules/schemas/library";
import { LIBRARY_MESSAGES, LIBRARY_REFUND_REASONS } from "@loop/rules/schemas/library";
import { screen, waitFor, within } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fullPageNavigate } from "@/lib/navigation";
import { resetPlayer } from "@/lib/player/player";
import { currentTrack, getPlayerState } from "@/lib/player/player-store";
import { expectSignInRequired } from "@/testing/expect-sign-in-required";
import { installFakeAudio } from "@/testing/fake-audio";
import { type ApiRoutes, json, SIGNED_OUT, stubApi } from "@/testing/stub-api";
import { makeUser, renderApp, renderWithToasts } from "@/testing/test-utils";
import { libraryPage, makeLibraryEntry } from "../testing/make-library-entry";
import { LibraryPage } from "./library-page";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  fullPageNavigate: vi.fn(),
}));

beforeEach(() => vi.mocked(fullPageNavigate).mockClear());
afterEach(() => resetPlayer());

const MEMBER = makeUser({ id: "buyer-1", username: "crate_digger", email: "beats@example.com" });

/** The address's query, as the page has it. */
function AddressProbe() {
  return <output data-testid="address">{useLocation().search}</output>;
}

function renderLibrary(entries: LibraryEntry[] | ((url: URL) => Response), routes: ApiRoutes = {}, path = "/library") {
  const api = stubApi({
    "GET /api/library": ({ url }) => (typeof entries === "function" ? entries(url) : json(libraryPage(entries))),
    ...routes,
  });
  const result = renderWithToasts(
    <>
      <LibraryPage user={MEMBER} isLoading={false} onSignIn={vi.fn()} />
      <AddressProbe />
    </>,
    path,
  );
  return { ...result, api };
}

const card = (title: string) => screen.findByRole("article", { name: title });
const listRequests = (api: ReturnType<typeof stubApi>) => api.calls("GET /api/library").map((request) => request.url.search);

describe("Library page", () => {
  it("signed out: 'Sign In Required' and a sign-in button, nothing fetched", async () => {
    await expectSignInRequired(LibraryPage, "Please sign in to see your library");
  });

  it("is routed at /library (signed out: the sign-in prompt)", async () => {
    stubApi(SIGNED_OUT);
    renderApp("/library");
    expect(await screen.findByRole("heading", { name: "Sign In Required" })).toBeInTheDocument();
  });

  it("lists the entries newest first with their facts and links", async () => {
    const { api } = renderLibrary([
      makeLibraryEntry({
        id: "8a1c0000-0000-4000-8000-0000000000a1",
        method: "loop",
        format: "wav",
        total: "10.40",
        loopAmount: "5200.00000000",
        acquiredAt: "2026-11-25T10:00:00.000Z",
        seller: { id: "seller-1", username: "beatsmith", name: "Mia Park" },
      }),
      makeLibraryEntry({
        id: "8a1c0000-0000-4000-8000-0000000000a2",
        kind: "free",
        method: "free",
        total: "0.00",
        price: "0.00",
        fee: "0.00",
        purchaseId: null,
        loop: { id: "loop-2", title: "Acid Rain", titleAtPurchase: "Acid Rain (demo)", listed: false, audioFileUrl: null },
      }),
    ]);
    const bought = await card("Deep Night");
    expect(listRequests(api)).toEqual(["?kind=all"]);
    expect(screen.getByRole("heading", { level: 1, name: "Library" })).toBeInTheDocument();
    expect(screen.getAllByRole("article").map((article) => within(article).getByRole("heading").textContent)).toEqual([
      "Deep Night",
      "Acid Rain",
    ]);
    expect(within(screen.getByRole("list", { name: "Your library" })).getAllByRole("listitem")).toHaveLength(2);

    expect(within(bought).getByRole("link", { name: "Deep Night" })).toHaveAttribute("href", "/loops/7c000000-0000-4000-8000-000000000001");
    expect(within(bought).getByRole("link", { name: "Mia Park" })).toHaveAttribute("href", "/profile/seller-1");
    expect(bought).toHaveTextContent("FormatWAV");
    expect(bought).toHaveTextContent(/Bought\s*Nov 25, 2026, \d{1,2}:00 (AM|PM)/);
    expect(bought).toHaveTextContent("Paid withLOOP balance (in app)");
    expect(bought).toHaveTextContent("Total$10.40 (5,200 LOOP)");
    expect(bought).toHaveTextContent("LicenceValid");
    expect(within(bought).getByRole("link", { name: "View licence of Deep Night (WAV)" })).toHaveAttribute(
      "href",
      "/licences/8a1c0000-0000-4000-8000-0000000000a1",
    );
    const pdf = within(bought).getByRole("link", { name: "Licence PDF of Deep Night (WAV)" });
    expect(pdf).toHaveAttribute("href", "/api/licences/8a1c0000-0000-4000-8000-0000000000a1/pdf");
    expect(pdf).toHaveAttribute("download");
    expect(within(bought).getByRole("button", { name: "Download again Deep Night (WAV)" })).toBeEnabled();
    expect(within(bought).getByRole("button", { name: "E-mail receipt for Deep Night (WAV)" })).toBeEnabled();
    expect(within(bought).getByRole("button", { name: "Play preview of Deep Night" })).toBeInTheDocument();
    expect(within(bought).queryByText("No longer listed")).not.toBeInTheDocument();

    // A free download of a loop no longer listed: its title is no link, no total, no receipt, no preview.
    const free = await card("Acid Rain");
    expect(within(free).queryByRole("link", { name: "Acid Rain" })).not.toBeInTheDocument();
    expect(within(free).getByText("No longer listed")).toBeInTheDocument();
    expect(free).toHaveTextContent("Downloaded as “Acid Rain (demo)”");
    expect(free).toHaveTextContent("by @beatsmith");
    expect(free).toHaveTextContent("Paid withFree download");
    expect(free).not.toHaveTextContent("Total");
    expect(within(free).queryByRole("button", { name: /E-mail receipt/ })).not.toBeInTheDocument();
    expect(within(free).queryByRole("button", { name: /Play preview/ })).not.toBeInTheDocument();
    expect(within(free).getByRole("button", { name: "Download again Acid Rain (MP3)" })).toBeInTheDocument();
  });

  it("a refunded purchase: 'Refunded', its reason, the licence revoked, no download and no receipt", async () => {
    renderLibrary([
      makeLibraryEntry({
        refund: { at: "2026-11-27T09:00:00.000Z", reason: "dispute", message: LIBRARY_REFUND_REASONS.dispute },
        licence: { status: "revoked" },
        canDownload: false,
      }),
    ]);
    const refunded = await card("Deep Night");
    expect(within(refunded).getByText("Refunded")).toBeInTheDocument();
    expect(within(refunded).getByTestId("refund-note")).toHaveTextContent(LIBRARY_REFUND_REASONS.dispute);
    expect(refunded).toHaveTextContent("LicenceRevoked");
    expect(within(refunded).queryByRole("button", { name: /Download again/ })).not.toBeInTheDocument();
    expect(within(refunded).queryByRole("button", { name: /E-mail receipt/ })).not.toBeInTheDocument();
    expect(within(refunded).getByRole("link", { name: /View licence/ })).toBeInTheDocument();
  });

  it("'Load more' asks for the page after the last cursor, until there is none", async () => {
    const { user, api } = renderLibrary((url) =>
      url.searchParams.get("after") === "cursor-2"
        ? json(libraryPage([makeLibraryEntry({ loop: { id: "loop-3", title: "Older" } })]))
        : json(libraryPage([makeLibraryEntry({ loop: { id: "loop-1", title: "Newer" } })], "cursor-2")),
    );
    await card("Newer");
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await card("Older");
    expect(listRequests(api)).toEqual(["?kind=all", "?kind=all&after=cursor-2"]);
    expect(screen.getAllByRole("article").map((article) => within(article).getByRole("heading").textContent)).toEqual(["Newer", "Older"]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("the filters go into the address and the request", async () => {
    const { user, api } = renderLibrary([makeLibraryEntry()], {}, "/library?entry=none");
    await card("Deep Night");

    await user.click(screen.getByRole("tab", { name: "Free downloads" }));
    await waitFor(() => expect(listRequests(api)).toContain("?kind=free"));
    expect(screen.getByRole("tab", { name: "Free downloads" })).toHaveAttribute("aria-selected", "true");

    await user.selectOptions(screen.getByRole("combobox", { name: "Format" }), "WAV");
    await waitFor(() => expect(listRequests(api)).toContain("?kind=free&format=wav"));

    await user.type(screen.getByRole("searchbox", { name: "Search your library" }), "deep");
    await waitFor(() => expect(listRequests(api)).toContain("?kind=free&format=wav&search=deep"));
    // Debounced: one search, not one per letter.
    expect(listRequests(api).filter((search) => search.includes("search="))).toEqual(["?kind=free&format=wav&search=deep"]);
    expect(screen.getByTestId("address")).toHaveTextContent("?entry=none&kind=free&format=wav&q=deep");
  });

  it("a shared link's filters are read back", async () => {
    const { api } = renderLibrary([makeLibraryEntry()], {}, "/library?kind=purchased&format=mp3&q=night");
    await card("Deep Night");
    expect(listRequests(api)).toEqual(["?kind=purchased&format=mp3&search=night"]);
    expect(screen.getByRole("tab", { name: "Purchased" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("combobox", { name: "Format" })).toHaveValue("mp3");
    expect(screen.getByRole("searchbox", { name: "Search your library" })).toHaveValue("night");
  });

  it("an empty library: 'Nothing in your library yet' and a link to the catalog", async () => {
    renderLibrary([]);
    expect(await screen.findByRole("heading", { name: "Nothing in your library yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse loops" })).toHaveAttribute("href", "/home");
    expect(screen.queryByRole("list", { name: "Your library" })).not.toBeInTheDocument();
  });

  it("filters that match nothing: 'Nothing matches these filters'; Clear filters shows everything again", async () => {
    const { user, api } = renderLibrary(
      (url) => json(libraryPage(url.searchParams.get("kind") === "free" ? [] : [makeLibraryEntry()])),
      {},
      "/library?kind=free&q=zzz",
    );
    expect(await screen.findByRole("heading", { name: "Nothing matches these filters" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await card("Deep Night");
    expect(listRequests(api)).toEqual(["?kind=free&search=zzz", "?kind=all"]);
    expect(screen.getByTestId("address")).toBeEmptyDOMElement();
    expect(screen.getByRole("searchbox", { name: "Search your library" })).toHaveValue("");
    expect(screen.getByRole("tab", { name: "All" })).toHaveAttribute("aria-selected", "true");
  });

  it("Download again asks for a link in the format owned and opens it", async () => {
    const entry = makeLibraryEntry({ format: "wav" });
    const { user, api } = renderLibrary([entry], {
      "GET /api/loops/:id/download": () => json({ downloadUrl: "/api/downloads/token-1", filename: "deep-night.wav" }),
    });
    await user.click(within(await card("Deep Night")).getByRole("button", { name: "Download again Deep Night (WAV)" }));
    await waitFor(() => expect(fullPageNavigate).toHaveBeenCalledWith("/api/downloads/token-1"));
    const [request] = api.calls("GET /api/loops/:id/download");
    expect(request!.path).toBe(`/api/loops/${entry.loop.id}/download`);
    expect(request!.url.search).toBe("?format=wav");
    expect(await screen.findByText("Download Started")).toBeInTheDocument();
    expect(screen.getByText("deep-night.wav")).toBeInTheDocument();
  });

  it("a refused download shows the server's message", async () => {
    const { user } = renderLibrary([makeLibraryEntry()], {
      "GET /api/loops/:id/download": () => json({ message: "Download Not Available: This loop is still being processed." }, 409),
    });
    await user.click(within(await card("Deep Night")).getByRole("button", { name: /Download again/ }));
    expect(await screen.findByText("Download Failed")).toBeInTheDocument();
    expect(screen.getByText("Download Not Available: This loop is still being processed.")).toBeInTheDocument();
    expect(fullPageNavigate).not.toHaveBeenCalled();
  });

  it("E-mail receipt sends it again and says where", async () => {
    const entry = makeLibraryEntry();
    const { user, api } = renderLibrary([entry], {
      "POST /api/library/:id/receipt": () => json({ sentTo: "beats@example.com" }),
    });
    await user.click(within(await card("Deep Night")).getByRole("button", { name: "E-mail receipt for Deep Night (MP3)" }));
    expect(await screen.findByText("Receipt sent to beats@example.com")).toBeInTheDocument();
    expect(api.calls("POST /api/library/:id/receipt").map((request) => request.path)).toEqual([`/api/library/${entry.id}/receipt`]);
  });

  it("a refused receipt shows the API's message", async () => {
    const { user } = renderLibrary([makeLibraryEntry()], {
      "POST /api/library/:id/receipt": () => json({ message: LIBRARY_MESSAGES.tooManyReceipts }, 429),
    });
    await user.click(within(await card("Deep Night")).getByRole("button", { name: /E-mail receipt/ }));
    expect(await screen.findByText("Too Many Receipts")).toBeInTheDocument();
    expect(screen.getByText("At most 10 receipts an hour. Try again later.")).toBeInTheDocument();
  });

  it("?entry= (from an e-mail) shows that entry first, highlighted, even when it is not on the first page", async () => {
    const linked = makeLibraryEntry({ id: "8a1c0000-0000-4000-8000-0000000000f1", loop: { id: "loop-9", title: "Old Purchase" } });
    const { api } = renderLibrary(
      [makeLibraryEntry({ loop: { id: "loop-1", title: "Newest" } }), { ...linked }],
      { [`GET /api/library/${linked.id}`]: () => json(linked) },
      `/library?entry=${linked.id}`,
    );
    const first = await card("Old Purchase");
    expect(first).toHaveTextContent("From your e-mail");
    // Shown once, first.
    expect(screen.getAllByRole("article").map((article) => within(article).getByRole("heading").textContent)).toEqual([
      "Old Purchase",
      "Newest",
    ]);
    expect(api.calls(`GET /api/library/${linked.id}`)).toHaveLength(1);
  });

  it("?entry= that is not the member's (404): the list alone", async () => {
    const { api } = renderLibrary(
      [makeLibraryEntry()],
      {
        "GET /api/library/:id": () => json({ message: LIBRARY_MESSAGES.notFound }, 404),
      },
      "/library?entry=8a1c0000-0000-4000-8000-0000000000ff",
    );
    await card("Deep Night");
    await waitFor(() => expect(api.calls("GET /api/library/:id")).toHaveLength(1));
    expect(screen.queryByText("From your e-mail")).not.toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(1);
  });

  it("play queues the page's previews in the app's player", async () => {
    installFakeAudio();
    const { user } = renderLibrary(
      [
        makeLibraryEntry({ loop: { id: "loop-1", title: "First" } }),
        makeLibraryEntry({ loop: { id: "loop-2", title: "Silent", audioFileUrl: null } }),
        makeLibraryEntry({ loop: { id: "loop-3", title: "Third" } }),
      ],
      { "POST /api/loops/:id/plays": () => json({ counted: true }, 202) },
    );
    await user.click(within(await card("Third")).getByRole("button", { name: "Play preview of Third" }));
    expect(getPlayerState().queue.map((track) => track.id)).toEqual(["loop-1", "loop-3"]);
    expect(currentTrack(getPlayerState())).toMatchObject({
      id: "loop-3",
      title: "Third",
      previewUrl: "/api/loops/loop-3/preview",
      creator: { id: "5e000000-0000-4000-8000-000000000001", name: "@beatsmith" },
    });
    expect(await within(await card("Third")).findByRole("button", { name: "Pause preview of Third" })).toBeInTheDocument();
  });
});

describe("Library in the app", () => {
  it("a signed-in member reaches it from the menu", async () => {
    stubApi({
      "GET /api/auth/user": () => json(MEMBER),
      "GET /api/library": () => json(libraryPage([makeLibraryEntry()])),
    });
    const { user } = renderApp("/library");
    expect(await screen.findByRole("article", { name: "Deep Night" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    expect(await screen.findByRole("menuitem", { name: "Library" })).toHaveAttribute("href", "/library");
  });
});
