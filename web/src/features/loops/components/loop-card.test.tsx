import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fullPageNavigate } from "@/lib/navigation";
import { type ApiHandler, json, stubApi } from "@/testing/stub-api";
import { renderWithProviders } from "@/testing/test-utils";
import { makeLoop } from "@/testing/make-loop";
import { LoopCard } from "./loop-card";

import { expectLoginRedirectAfter401 } from "../testing/expect-login-redirect";
import { renderCard, signedIn, signedOut, VIEWER } from "../testing/render-loop-card";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  fullPageNavigate: vi.fn(),
}));

beforeEach(() => vi.mocked(fullPageNavigate).mockClear());
describe("LoopCard", () => {
  it("shows title, artist, genre, m:ss, BPM, key and the exact price; no rating without ratings; Buy, not Download, on a paid loop", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "12.50", duration: 75.4, bpm: 124, key: "F# minor" });
    renderCard(loop, { "GET /api/auth/user": signedOut });
    const card = screen.getByRole("article", { name: "Deep Night" });
    // The title opens the loop's page (issue 36).
    expect(within(card).getByRole("link", { name: "Deep Night" })).toHaveAttribute("href", `/loops/${loop.id}`);
    expect(card).toHaveTextContent("by Mia");
    expect(card).toHaveTextContent("House");
    expect(card).toHaveTextContent("1:15");
    expect(card).toHaveTextContent("124 BPM");
    expect(card).toHaveTextContent("F# minor");
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

describe("download flow", () => {
  it("signed out: 'Login Required', nothing requested", async () => {
    const { user, api } = renderCard(makeLoop({ title: "Free Swing", isFree: true }), { "GET /api/auth/user": signedOut });
    const button = screen.getByRole("button", { name: "Download Free Swing" });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText("Login Required")).toBeInTheDocument();
    expect(api.requests.some(({ path }) => path.includes("/download"))).toBe(false);
    expect(fullPageNavigate).not.toHaveBeenCalled();
  });

  it("signed in: asks the format, gets a signed link and opens it", async () => {
    const loop = makeLoop({ title: "Free Swing", isFree: true });
    const download = vi.fn<ApiHandler>(({ url }) =>
      json({ downloadUrl: `/api/downloads/signed-${url.searchParams.get("format")}`, filename: "free-swing.wav" }),
    );
    const { user } = renderCard(loop, { "GET /api/auth/user": signedIn, [`GET /api/loops/${loop.id}/download`]: download });
    await user.click(await screen.findByRole("button", { name: "Download Free Swing", expanded: false }));
    await user.click(await screen.findByRole("menuitem", { name: /WAV/ }));
    await waitFor(() => expect(fullPageNavigate).toHaveBeenCalledWith("/api/downloads/signed-wav"));
    expect(download).toHaveBeenCalledOnce();
    expect(await screen.findByText("Download Started")).toBeInTheDocument();
  });

  it("a 401 says 'You are logged out. Logging in again...' and goes to login after 500 ms", async () => {
    const loop = makeLoop({ title: "Bought", isPurchased: true, purchasedFormats: ["mp3", "wav"] });
    let answer: ((response: Response) => void) | null = null;
    const { user } = renderCard(loop, {
      "GET /api/auth/user": signedIn,
      [`GET /api/loops/${loop.id}/download`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await user.click(await screen.findByRole("button", { name: "Download Bought", expanded: false }));
    await user.click(await screen.findByRole("menuitem", { name: /MP3/ }));
    await waitFor(() => expect(answer).not.toBeNull());

    await expectLoginRedirectAfter401(() => answer!(json({ message: "Unauthorized" }, 401)));
  });

  it("other failures: 'Download Failed' with the server's message", async () => {
    const loop = makeLoop({ title: "Free Swing", isFree: true });
    const { user } = renderCard(loop, {
      "GET /api/auth/user": signedIn,
      [`GET /api/loops/${loop.id}/download`]: () => json({ message: "Download Not Available: This loop is still being processed." }, 409),
    });
    await user.click(await screen.findByRole("button", { name: "Download Free Swing", expanded: false }));
    await user.click(await screen.findByRole("menuitem", { name: /MP3/ }));
    expect(await screen.findByText("Download Failed")).toBeInTheDocument();
    expect(screen.getByText("Download Not Available: This loop is still being processed.")).toBeInTheDocument();
    expect(fullPageNavigate).not.toHaveBeenCalled();
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

  it("shows the server's refusal", async () => {
    const loop = makeLoop({ title: "Free Swing", isFree: true, canRate: true });
    const { user } = renderCard(loop, {
      "GET /api/auth/user": signedIn,
      [`POST /api/loops/${loop.id}/ratings`]: () =>
        json({ message: "Rating Not Allowed: Only listeners who bought or downloaded this loop can rate it." }, 403),
    });
    await user.click(within(await screen.findByRole("radiogroup")).getByRole("radio", { name: "5 stars" }));
    expect(await screen.findByText("Rating Not Allowed")).toBeInTheDocument();
    expect(screen.getByText("Only listeners who bought or downloaded this loop can rate it.")).toBeInTheDocument();
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
