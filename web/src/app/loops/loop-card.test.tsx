import type { PublicLoop } from "@loop/rules/schemas/loops";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { LoopBrowser } from "@/features/catalog/components/loop-browser";
import { loopPurchase } from "@/features/purchase/testing/purchase-fixtures";
import { fullPageNavigate } from "@/lib/navigation";
import { expectTexts } from "@/testing/expect-texts";
import { makeLoop, page } from "@/testing/make-loop";
import { renderWithApi } from "@/testing/render-with-api";
import { type ApiHandler, type ApiRoutes, json, stubApi } from "@/testing/stub-api";
import { renderWithProviders } from "@/testing/test-utils";
import { signedIn, signedOut, VIEWER } from "@/testing/viewer";
import { LoopCard, renderLoopCard } from "./loop-card";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  fullPageNavigate: vi.fn(),
}));

beforeEach(() => vi.mocked(fullPageNavigate).mockClear());

/** The card with the toaster, its API calls answered by `routes`. */
function renderCard(loop: PublicLoop, routes: ApiRoutes, onSignInRequired?: () => void) {
  return renderWithApi(<LoopCard loop={loop} onSignInRequired={onSignInRequired} />, routes);
}

async function openPurchase(user: ReturnType<typeof renderWithProviders>["user"], title: string) {
  const button = await screen.findByRole("button", { name: `Buy ${title}` });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  return screen.findByRole("dialog", { name: `Buy ${title}` });
}

const balance = () => json({ balance: "10000.00000000", available: "10000.00000000", held: "0.00000000" });

/** The card for a signed-in member with LOOP, whose purchase is answered as one of `format`. */
function renderBuyerCard(loop: PublicLoop, format: "mp3" | "wav") {
  return renderCard(loop, {
    "GET /api/auth/user": signedIn,
    "GET /api/tokens/balance": balance,
    "POST /api/purchases": () => json(loopPurchase(loop, format), 201),
  });
}

/** Pays with LOOP in the open Purchase dialog once it may, until 'Purchase Successful'. */
async function payWithLoop(user: ReturnType<typeof renderWithProviders>["user"], dialog: HTMLElement) {
  const pay = within(dialog).getByRole("button", { name: "Pay with LOOP" });
  await waitFor(() => expect(pay).toBeEnabled());
  await user.click(pay);
  expect(await screen.findByText("Purchase Successful")).toBeInTheDocument();
}
describe("LoopCard", () => {
  it("shows title, artist, genre, m:ss, BPM, key and the exact price; no rating without ratings; Buy, not Download, on a paid loop", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "12.50", duration: 75.4, bpm: 124, key: "F# minor" });
    renderCard(loop, { "GET /api/auth/user": signedOut });
    const card = screen.getByRole("article", { name: "Deep Night" });
    // The title opens the loop's page (issue 36).
    expect(within(card).getByRole("link", { name: "Deep Night" })).toHaveAttribute("href", `/loops/${loop.id}`);
    expectTexts(card, ["by Mia", "House", "1:15", "124 BPM", "F# minor"]);
    expect(within(card).getByTestId("loop-price")).toHaveTextContent("$12.50");
    expect(within(card).queryByTestId("loop-rating")).not.toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: /download/i })).not.toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Buy Deep Night" })).toBeInTheDocument();
    expect(card).toHaveTextContent("Preview available once processing finishes");
  });

  it("shows the average rating with its count when ratings exist, and FREE for free loops", () => {
    renderCard(makeLoop({ title: "Free Swing", isFree: true, price: "0.00", averageRating: 4.5, totalRatings: 12 }), {
      "GET /api/auth/user": signedOut,
    });
    const card = screen.getByRole("article", { name: "Free Swing" });
    expect(within(card).getByTestId("loop-rating")).toHaveTextContent("4.5(12)");
    expect(within(card).getByTestId("loop-price")).toHaveTextContent("FREE");
  });

  it("the owner sees processing, failed and private states; others do not", async () => {
    const own = { id: VIEWER.id, username: VIEWER.username ?? "me", firstName: null, email: "me@example.com" };
    const { unmount } = renderCard(makeLoop({ title: "Mine", user: own, status: "processing", isPublic: false }), {
      "GET /api/auth/user": signedIn,
    });
    const card = screen.getByRole("article", { name: "Mine" });
    expect(await within(card).findByText("Processing")).toBeInTheDocument();
    expect(within(card).getByText("Private")).toBeInTheDocument();
    expect(card).toHaveTextContent("by me@example.com");
    unmount();

    renderCard(makeLoop({ title: "Broken", user: own, status: "failed" }), { "GET /api/auth/user": signedIn });
    expect(await screen.findByText("Failed")).toBeInTheDocument();
  });

  it("a loop hidden by a moderator: its owner sees why it is gone and may still download it; its buyer may too, nobody may buy it", async () => {
    const own = { id: VIEWER.id, username: "me", firstName: null, email: null };
    const { unmount } = renderCard(makeLoop({ title: "Taken Down", user: own, status: "hidden" }), { "GET /api/auth/user": signedIn });
    expect(await screen.findByText("Hidden by a moderator")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Download Taken Down", expanded: false })).toBeInTheDocument();
    unmount();

    renderCard(makeLoop({ title: "Bought Then Hidden", status: "hidden", isPurchased: true, purchasedFormats: ["wav"] }), {
      "GET /api/auth/user": signedIn,
    });
    expect(await screen.findByRole("button", { name: "Download Bought Then Hidden", expanded: false })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Buy Bought Then Hidden" })).not.toBeInTheDocument();
    expect(screen.queryByText("Hidden by a moderator")).not.toBeInTheDocument();
  });

  it("the owner may download their own paid loop", async () => {
    const own = { id: VIEWER.id, username: "me", firstName: null, email: null };
    renderCard(makeLoop({ title: "Mine", user: own }), { "GET /api/auth/user": signedIn });
    expect(await screen.findByRole("button", { name: "Download Mine", expanded: false })).toBeInTheDocument();
    expect(screen.queryByRole("radiogroup")).not.toBeInTheDocument();
  });
});

describe("Buy or Download", () => {
  const buyButton = (title: string) => screen.queryByRole("button", { name: `Buy ${title}` });

  it("a signed-in listener gets Buy on a ready, paid loop they have not bought", async () => {
    renderCard(makeLoop({ title: "Paid" }), { "GET /api/auth/user": signedIn });
    await waitFor(() => expect(buyButton("Paid")).toBeEnabled());
    expect(screen.queryByRole("button", { name: "Download Paid" })).not.toBeInTheDocument();
  });

  it("no Buy on a bought, free, own or unfinished loop", async () => {
    const own = { id: VIEWER.id, username: "me", firstName: null, email: null };
    const cases = [
      makeLoop({ title: "Bought", isPurchased: true, purchasedFormats: ["mp3", "wav"] }),
      makeLoop({ title: "Free", isFree: true, price: "0.00" }),
      makeLoop({ title: "Mine", user: own }),
      makeLoop({ title: "Mine Processing", user: own, status: "processing" }),
    ];
    for (const loop of cases) {
      const { unmount } = renderCard(loop, { "GET /api/auth/user": signedIn });
      if (loop.status === "ready") expect(await screen.findByRole("button", { name: `Download ${loop.title}` })).toBeInTheDocument();
      else expect(await screen.findByText("Processing")).toBeInTheDocument();
      expect(buyButton(loop.title)).not.toBeInTheDocument();
      unmount();
    }
  });

  it("owning the MP3 only: Download offers the MP3 alone, Buy and Make Offer stay for the WAV", async () => {
    const loop = makeLoop({ title: "Half Bought", isPurchased: true, purchasedFormats: ["mp3"] });
    const { user } = renderCard(loop, { "GET /api/auth/user": signedIn });
    await waitFor(() => expect(buyButton("Half Bought")).toBeEnabled());
    expect(screen.getByRole("button", { name: "Make Offer on Half Bought" })).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Download Half Bought", expanded: false }));
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["MP3320 kbps"]);
  });

  it("free and one's own loops download in both formats; the MP3 shows the loop's own bitrate", async () => {
    const own = { id: VIEWER.id, username: "me", firstName: null, email: null };
    const cases = [
      { loop: makeLoop({ title: "Free", isFree: true, price: "0.00" }), mp3: "MP3320 kbps" },
      // An MP3 upload is delivered as uploaded: its own bitrate (VBR: the average).
      { loop: makeLoop({ title: "Mine", user: own, mp3Kbps: 245 }), mp3: "MP3245 kbps" },
    ];
    for (const { loop, mp3 } of cases) {
      const { user, unmount } = renderCard(loop, { "GET /api/auth/user": signedIn });
      await user.click(await screen.findByRole("button", { name: `Download ${loop.title}`, expanded: false }));
      expect((await screen.findAllByRole("menuitem")).map((item) => item.textContent)).toEqual([mp3, "WAVlossless"]);
      unmount();
    }
  });

  it("signed out, Buy opens the app's sign-in (Join) dialog and no Purchase dialog", async () => {
    const onSignInRequired = vi.fn();
    const api = stubApi({ "GET /api/auth/user": signedOut });
    const { user } = renderWithProviders(<LoopCard loop={makeLoop({ title: "Paid" })} onSignInRequired={onSignInRequired} />);
    const button = screen.getByRole("button", { name: "Buy Paid" });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(onSignInRequired).toHaveBeenCalledOnce();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api.calls("/api/tokens/balance")).toEqual([]);
  });

  it("signed out without a sign-in dialog at hand, Buy says 'Login Required'", async () => {
    const { user } = renderCard(makeLoop({ title: "Paid" }), { "GET /api/auth/user": signedOut });
    const button = screen.getByRole("button", { name: "Buy Paid" });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText("Login Required")).toBeInTheDocument();
    expect(screen.getByText("Please log in to buy loops.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

describe("rating", () => {
  it("a listener rates a loop; the card shows the new average", async () => {
    const loop = makeLoop({ title: "Free Swing", isFree: true, canRate: true });
    const rate = vi.fn<ApiHandler>(() => json({ averageRating: 4, totalRatings: 1, myRating: 4 }));
    const { user } = renderCard(loop, { "GET /api/auth/user": signedIn, [`POST /api/loops/${loop.id}/ratings`]: rate });
    const stars = await screen.findByRole("radiogroup", { name: "Rate this loop" });
    await user.click(within(stars).getByRole("radio", { name: "4 stars" }));
    expect(await screen.findByText("Rating Saved")).toBeInTheDocument();
    expect(rate.mock.calls[0]![0].body).toEqual({ rating: 4 });
    expect(screen.getByTestId("loop-rating")).toHaveTextContent("4.0(1)");
    expect(screen.getByRole("radio", { name: "4 stars" })).toHaveAttribute("aria-checked", "true");
  });

  it("no stars signed out or on a paid loop not bought", async () => {
    renderCard(makeLoop({ title: "Paid" }), { "GET /api/auth/user": signedIn });
    await screen.findByRole("article", { name: "Paid" });
    expect(screen.queryByRole("radiogroup")).not.toBeInTheDocument();
  });

  it("a free loop gets stars once the listener downloads it (not before)", async () => {
    const loop = makeLoop({ title: "Free Swing", isFree: true });
    const { user } = renderCard(loop, {
      "GET /api/auth/user": signedIn,
      [`GET /api/loops/${loop.id}/download`]: () => json({ downloadUrl: "/api/downloads/token", filename: "free-swing.mp3" }),
    });
    await user.click(await screen.findByRole("button", { name: "Download Free Swing", expanded: false }));
    expect(screen.queryByRole("radiogroup")).not.toBeInTheDocument();
    await user.click(await screen.findByRole("menuitem", { name: /MP3/ }));
    expect(await screen.findByRole("radiogroup", { name: "Rate this loop" })).toBeInTheDocument();
    expect(fullPageNavigate).toHaveBeenCalledWith("/api/downloads/token");
  });
});

describe("Make Offer on the loop card", () => {
  it("is offered next to Buy to a signed-in listener on a paid loop they do not own or own already", async () => {
    const own = { id: VIEWER.id, username: "me", firstName: null, email: null };
    const { unmount } = renderCard(makeLoop({ title: "Paid" }), { "GET /api/auth/user": signedIn });
    expect(await screen.findByRole("button", { name: "Make Offer on Paid" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Buy Paid" })).toBeInTheDocument();
    unmount();

    for (const loop of [
      makeLoop({ title: "Bought", isPurchased: true, purchasedFormats: ["mp3", "wav"] }),
      makeLoop({ title: "Free", isFree: true, price: "0.00" }),
      makeLoop({ title: "Mine", user: own }),
    ]) {
      const rendered = renderCard(loop, { "GET /api/auth/user": signedIn });
      expect(await screen.findByRole("button", { name: `Download ${loop.title}` })).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: `Make Offer on ${loop.title}` })).not.toBeInTheDocument();
      rendered.unmount();
    }
  });

  it("signed out: Buy (which opens Join) but no Make Offer", async () => {
    renderCard(makeLoop({ title: "Paid" }), { "GET /api/auth/user": signedOut }, vi.fn());
    const buy = screen.getByRole("button", { name: "Buy Paid" });
    await waitFor(() => expect(buy).toBeEnabled());
    expect(screen.queryByRole("button", { name: "Make Offer on Paid" })).not.toBeInTheDocument();
  });
});

describe("what the card shows once the viewer bought here", () => {
  it("bought the MP3 in this card: Download offers it at once, and Buy reopens on the WAV with the MP3 Owned", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const { user } = renderBuyerCard(loop, "mp3");
    let dialog = await openPurchase(user, "Deep Night");
    await payWithLoop(user, dialog);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(await screen.findByRole("button", { name: "Download Deep Night", expanded: false }));
    expect((await screen.findAllByRole("menuitem")).map((item) => item.textContent)).toEqual(["MP3320 kbps"]);
    await user.keyboard("{Escape}");

    dialog = await openPurchase(user, "Deep Night");
    expect(within(dialog).getByRole("radio", { name: /MP3/ })).toBeDisabled();
    expect(within(dialog).getByRole("radio", { name: /WAV/ })).toBeChecked();
  });

  it("owning the MP3 and buying the WAV: Download offers both, and no Buy", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99", isPurchased: true, purchasedFormats: ["mp3"] });
    const { user } = renderBuyerCard(loop, "wav");
    await payWithLoop(user, await openPurchase(user, "Deep Night"));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Buy Deep Night" })).not.toBeInTheDocument());
    expect(screen.queryByRole("button", { name: "Make Offer on Deep Night" })).not.toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Download Deep Night", expanded: false }));
    expect((await screen.findAllByRole("menuitem")).map((item) => item.textContent)).toEqual(["MP3320 kbps", "WAVlossless"]);
  });

  it("in the catalog: the list is fetched again and the card offers Download of the format bought, Buy for the other", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    let bought = false;
    const api = stubApi({
      "GET /api/auth/user": signedIn,
      "GET /api/genres": () => json([{ id: 1, name: "House" }]),
      "GET /api/loops": () => json(page([{ ...loop, isPurchased: bought, purchasedFormats: bought ? ["wav"] : [] }], 1)),
      "GET /api/tokens/balance": balance,
      "POST /api/purchases": () => {
        bought = true;
        return json(loopPurchase(loop, "wav"), 201);
      },
    });
    const { user } = renderWithProviders(
      <>
        <LoopBrowser renderCard={renderLoopCard} />
        <Toaster />
      </>,
    );
    const dialog = await openPurchase(user, "Deep Night");
    await user.click(within(dialog).getByRole("radio", { name: /WAV/ }));
    const pay = within(dialog).getByRole("button", { name: "Pay with LOOP" });
    await waitFor(() => expect(pay).toBeEnabled());
    expect(api.calls("/api/loops")).toHaveLength(1);
    await user.click(pay);
    expect(await screen.findByText("Purchase Successful")).toBeInTheDocument();
    await waitFor(() => expect(api.calls("/api/loops")).toHaveLength(2));
    expect(await screen.findByRole("button", { name: "Download Deep Night", expanded: false })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Buy Deep Night" })).toBeInTheDocument();
  });
});

describe("Add to collection on the card", () => {
  it("visitors get no collection menu", async () => {
    renderCard(makeLoop({ title: "Warm Pads" }), { "GET /api/auth/user": signedOut });
    await waitFor(() => expect(screen.getByRole("button", { name: /^Like, / })).toBeEnabled());
    expect(screen.queryByRole("button", { name: "Add Warm Pads to a collection" })).not.toBeInTheDocument();
  });
});
