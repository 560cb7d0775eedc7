import { LOOP_DATA_ELEMENT_ID } from "@loop/rules/page-data";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { JoinDialogProvider } from "@/features/auth/components/join-dialog-provider";
import { embedLoopInHtml, removeEmbeddedLoop } from "@/features/loop-page/testing/embed-loop";
import { fakeIntersectionObserver } from "@/testing/fake-intersection-observer";
import { makeLoop } from "@/testing/make-loop";
import { type ApiRoutes, json, SIGNED_OUT, stubApi } from "@/testing/stub-api";
import { makeUser, renderApp, renderWithToasts } from "@/testing/test-utils";
import { LoopRoute } from "./loop";

const CREATOR = { id: "c0000000-0000-4000-8000-000000000001", username: "miabeats", firstName: "Mia", email: null };

const TRACK = makeLoop({
  id: "10000000-0000-4000-8000-000000000001",
  title: "Neon Avenue",
  contentType: "track",
  description: "A late-night drive through the city.",
  tags: "synthwave, night,retro",
  artistName: "Mia Loop",
  albumName: "City Lights",
  releaseDate: "2026-10-02",
  lyrics: "Neon on the avenue\nAll night long",
  genre: { id: 4, name: "Synthwave" },
  genreId: 4,
  bpm: 98,
  key: "F# minor",
  duration: 185,
  price: "4.99",
  mp3Kbps: 320,
  averageRating: 4.5,
  totalRatings: 12,
  user: CREATOR,
});

const OTHER = (n: number, overrides: Partial<PublicLoop> = {}) =>
  makeLoop({ id: `20000000-0000-4000-8000-00000000000${n}`, title: `Other ${n}`, user: CREATOR, ...overrides });

/** The side of the page that sells the loop (the cards below have buttons of their own). */
const actions = () => within(screen.getByRole("region", { name: "Buy and share" }));

/** The page at /loops/:id, its API answered by `routes` (the loop, its creator's loops and similar loops by default). */
function renderPage(loop: PublicLoop, routes: ApiRoutes = {}) {
  const api = stubApi({
    ...SIGNED_OUT,
    [`GET /api/loops/${loop.id}`]: () => json(loop),
    "GET /api/loops": () => json({ loops: [loop, OTHER(1)], total: 2, nextCursor: null }),
    [`GET /api/loops/${loop.id}/similar`]: () => json({ loops: [OTHER(1), OTHER(2, { title: "Close Cousin" })] }),
    ...routes,
  });
  const rendered = renderWithToasts(
    <JoinDialogProvider>
      <Routes>
        <Route path="/loops/:loopId" element={<LoopRoute />} />
        <Route path="/home" element={<p>The catalog</p>} />
      </Routes>
    </JoinDialogProvider>,
    `/loops/${loop.id}`,
  );
  return { ...rendered, api };
}

afterEach(removeEmbeddedLoop);

describe("a loop's page", () => {
  it("a track: title, creator, every field, lyrics, formats with prices, licence, rating, and Buy, Like, Share for a visitor", async () => {
    renderPage(TRACK);
    expect(await screen.findByRole("heading", { level: 1, name: "Neon Avenue" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Mia" })).toHaveAttribute("href", `/profile/${CREATOR.id}`);
    const facts = screen.getByTestId("loop-facts");
    const shown: [string, string][] = [
      ["Genre", "Synthwave"],
      ["BPM", "98"],
      ["Key", "F# minor"],
      ["Duration", "3:05"],
      ["Type", "Track"],
      ["Artist", "Mia Loop"],
      ["Album", "City Lights"],
      ["Release date", "Oct 2, 2026"],
    ];
    for (const [label, value] of shown) expect(within(facts).getByText(label).nextElementSibling).toHaveTextContent(value);
    expect(screen.getByRole("list", { name: "Tags" })).toHaveTextContent("#synthwave#night#retro");
    expect(screen.getByTestId("loop-description")).toHaveTextContent("A late-night drive through the city.");
    expect(screen.getByRole("heading", { name: "Lyrics" })).toBeInTheDocument();
    expect(screen.getByTestId("loop-lyrics").textContent).toBe("Neon on the avenue\nAll night long");

    // The formats with what they cost: the price plus the format's fee (MP3 2%, WAV 4%).
    const formats = within(screen.getByTestId("loop-formats")).getAllByRole("listitem");
    expect(formats[0]).toHaveTextContent("MP3 · 320 kbps$5.09$4.99 + 2% fee");
    expect(formats[1]).toHaveTextContent("WAV · lossless$5.19$4.99 + 4% fee");
    expect(screen.getByTestId("loop-page-price")).toHaveTextContent("$4.99");
    expect(screen.getByTestId("loop-page-rating")).toHaveTextContent("4.5 out of 5 (12 ratings)");

    // The licence in brief, and its full text.
    expect(screen.getByText(/No resale or redistribution of the loop as a sample/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Read the full licence" })).toHaveAttribute("href", "/licence");

    // A visitor: Buy (opens sign-in), the heart and Share; Make Offer and Download need an account or a purchase.
    expect(actions().getByRole("button", { name: "Buy Neon Avenue" })).toBeInTheDocument();
    expect(actions().getByTestId("like-button")).toBeInTheDocument();
    expect(actions().getByRole("button", { name: "Share" })).toBeInTheDocument();
    expect(actions().queryByRole("button", { name: /Make Offer/ })).not.toBeInTheDocument();
    expect(actions().queryByRole("button", { name: /Download/ })).not.toBeInTheDocument();
    expect(document.title).toBe("Neon Avenue by Mia · LOOP");
  });

  it("a free loop for a member: Download, Add to collection, Share; no track fields; More from this creator and Similar loops as cards", async () => {
    const loop = makeLoop({ id: "10000000-0000-4000-8000-000000000002", title: "Dusty Break", isFree: true, price: "0.00", user: CREATOR });
    const { api } = renderPage(loop, { "GET /api/auth/user": () => json(makeUser({ id: "viewer-1" })) });
    expect(await screen.findByRole("heading", { level: 1, name: "Dusty Break" })).toBeInTheDocument();
    expect(await actions().findByRole("button", { name: /Download/, expanded: false })).toBeInTheDocument();
    expect(await actions().findByRole("button", { name: "Add Dusty Break to a collection" })).toBeInTheDocument();
    expect(actions().getByRole("button", { name: "Share" })).toBeInTheDocument();
    expect(actions().queryByRole("button", { name: /^Buy/ })).not.toBeInTheDocument();
    expect(within(screen.getByTestId("loop-facts")).getByText("Type").nextElementSibling).toHaveTextContent("Loop");
    expect(screen.queryByText("Artist")).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Lyrics" })).not.toBeInTheDocument();
    for (const item of within(screen.getByTestId("loop-formats")).getAllByRole("listitem")) expect(item).toHaveTextContent("Free");

    // The creator's other loops (the page's own left out) and the similar ones (each loop once).
    // The region comes with the answer; its cards in the list's background render after it.
    const more = await screen.findByRole("region", { name: "More from this creator" });
    expect((await within(more).findAllByRole("article")).map((card) => card.getAttribute("aria-labelledby"))).toEqual([
      `loop-${OTHER(1).id}-title`,
    ]);
    const similar = screen.getByRole("region", { name: "Similar loops" });
    await within(similar).findByRole("article", { name: "Close Cousin" });
    expect(within(similar).getAllByRole("article")).toHaveLength(1);
    expect(within(similar).getByRole("link", { name: "Close Cousin" })).toHaveAttribute("href", `/loops/${OTHER(2).id}`);
    expect(api.calls("GET /api/loops")[0]!.url.searchParams.get("userId")).toBe(CREATOR.id);
  });

  it("makes the related loops' cards only once their section comes near the screen (they are fetched at once, for the player's queue)", async () => {
    const { show, restore } = fakeIntersectionObserver();
    try {
      const { api } = renderPage(TRACK);
      const similar = await screen.findByRole("region", { name: "Similar loops" });
      const placeholder = within(similar).getByTestId("related-loops-placeholder");
      await waitFor(() => expect(api.calls(`GET /api/loops/${TRACK.id}/similar`)).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(within(similar).queryByRole("article")).not.toBeInTheDocument();

      show(placeholder);
      expect(await within(similar).findByRole("article", { name: "Close Cousin" })).toBeInTheDocument();
      expect(within(screen.getByRole("region", { name: "More from this creator" })).queryByRole("article")).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it("a paid loop for a member: Buy and Make Offer", async () => {
    renderPage(TRACK, { "GET /api/auth/user": () => json(makeUser({ id: "viewer-1" })) });
    expect(await screen.findByRole("button", { name: "Make Offer on Neon Avenue" })).toBeInTheDocument();
    await waitFor(() => expect(actions().getByRole("button", { name: "Buy Neon Avenue" })).toBeEnabled());
  });

  it("a hidden, private or deleted loop (404): 'This loop is no longer available', with a way back to the catalog", async () => {
    const { user } = renderPage(TRACK, { [`GET /api/loops/${TRACK.id}`]: () => json({ message: "Loop Not Found" }, 404) });
    expect(await screen.findByRole("heading", { level: 1, name: "This loop is no longer available" })).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Browse loops" }));
    expect(await screen.findByText("The catalog")).toBeInTheDocument();
  });

  it("Share copies the page's absolute link and says 'Link Copied'", async () => {
    const { user } = renderPage(TRACK);
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    await screen.findByRole("heading", { level: 1, name: "Neon Avenue" });
    await user.click(actions().getByRole("button", { name: "Share" }));
    const url = `${window.location.origin}/loops/${TRACK.id}`;
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText("Link Copied")).toBeInTheDocument();
    expect(screen.getByText(url)).toBeInTheDocument();
  });

  it("starts from the loop the HTML carries: no request for it, and the element is gone", async () => {
    const embedded = { ...TRACK, title: "Neon Avenue (from the HTML)" };
    embedLoopInHtml(embedded);
    const { api } = renderPage(TRACK);
    expect(await screen.findByRole("heading", { level: 1, name: "Neon Avenue (from the HTML)" })).toBeInTheDocument();
    expect(document.getElementById(LOOP_DATA_ELEMENT_ID)).toBeNull();
    await screen.findByRole("region", { name: "Similar loops" });
    expect(api.calls(`GET /api/loops/${TRACK.id}`)).toHaveLength(0);
  });

  it("a member starting from the HTML's copy (a visitor's) asks for their own: what they bought shows", async () => {
    embedLoopInHtml(TRACK);
    const { api } = renderPage(TRACK, {
      "GET /api/auth/user": () => json(makeUser({ id: "viewer-1" })),
      [`GET /api/loops/${TRACK.id}`]: () => json({ ...TRACK, isPurchased: true, purchasedFormats: ["mp3", "wav"] }),
    });
    await waitFor(() => expect(actions().getByRole("button", { name: /Download/ })).toBeInTheDocument());
    expect(actions().queryByRole("button", { name: "Buy Neon Avenue" })).not.toBeInTheDocument();
    expect(api.calls(`GET /api/loops/${TRACK.id}`)).toHaveLength(1);
  });

  it("a member whose own copy equals the HTML's (nothing bought, nothing liked) can buy once it came", async () => {
    embedLoopInHtml(TRACK);
    const { api } = renderPage(TRACK, {
      "GET /api/auth/user": () => json(makeUser({ id: "viewer-1" })),
      [`GET /api/loops/${TRACK.id}`]: () => json(TRACK),
    });
    await waitFor(() => expect(actions().getByRole("button", { name: "Buy Neon Avenue" })).toBeEnabled());
    expect(api.calls(`GET /api/loops/${TRACK.id}`)).toHaveLength(1);
  });

  it("is the app's route /loops/:loopId", async () => {
    stubApi({
      ...SIGNED_OUT,
      [`GET /api/loops/${TRACK.id}`]: () => json(TRACK),
      [`GET /api/loops/${TRACK.id}/similar`]: () => json({ loops: [] }),
      "GET /api/loops": () => json({ loops: [TRACK], total: 1, nextCursor: null }),
    });
    renderApp(`/loops/${TRACK.id}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Neon Avenue" })).toBeInTheDocument();
    expect(await screen.findByText("No similar loops yet: none of the same genre, tempo and key.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "More from this creator" })).not.toBeInTheDocument();
  });
});
