import type { Negotiation } from "@loop/rules/schemas/negotiations";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { LOOPS_QUERY_KEY, NEGOTIATIONS_QUERY_KEY } from "@/lib/query-keys";
import { expectTexts } from "@/testing/expect-texts";
import { expectSignInRequired } from "@/testing/expect-sign-in-required";
import { makeNegotiation } from "@/testing/make-negotiation";
import { type ApiHandler, type ApiRoutes, json, SIGNED_OUT, stubApi } from "@/testing/stub-api";
import { makeUser, renderApp, renderWithProviders } from "@/testing/test-utils";
import { NegotiationsPage } from "./negotiations-page";

const SELLER = makeUser({ id: "seller-1", username: "beatsmith" });
const BUYER = makeUser({ id: "buyer-1", username: "crate_digger" });

function renderPage(viewer: typeof SELLER, lists: { sent?: Negotiation[]; received?: Negotiation[] }, routes: ApiRoutes = {}) {
  const api = stubApi({
    "/api/negotiations?scope=sent": () => json(lists.sent ?? []),
    "/api/negotiations?scope=received": () => json(lists.received ?? []),
    ...routes,
  });
  const onSignIn = vi.fn();
  const result = renderWithProviders(
    <>
      <NegotiationsPage user={viewer} isLoading={false} onSignIn={onSignIn} />
      <Toaster />
    </>,
  );
  return { ...result, api, onSignIn };
}

/**
 * The page with one offer, the seller's (`received`) or the buyer's (`sent`), whose response is answered
 * with the offer changed by `answer`.
 */
function renderResponding(viewer: typeof SELLER, offer: Negotiation, answer: Partial<Negotiation>) {
  const list = viewer === SELLER ? { received: [offer] } : { sent: [offer] };
  return renderPage(viewer, list, { [`PUT /api/negotiations/${offer.id}/respond`]: () => json({ ...offer, ...answer }) });
}

const item = (title: string) => screen.findByRole("article", { name: title });

describe("Negotiations page", () => {
  it("signed out: 'Sign In Required' and a sign-in button, no lists fetched", async () => {
    await expectSignInRequired(NegotiationsPage, "Please sign in to view your negotiations");
  });

  it("is routed at /negotiations and the menu links to it", async () => {
    stubApi(SIGNED_OUT);
    const { user } = renderApp("/negotiations");
    expect(await screen.findByRole("heading", { name: "Sign In Required" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    expect(await screen.findByRole("menuitem", { name: "Negotiations" })).toHaveAttribute("href", "/negotiations");
  });

  it("opens on Sent Offers; both tabs show their empty texts", async () => {
    const { user } = renderPage(BUYER, {});
    expect(screen.getByRole("tab", { name: "Sent Offers" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByText("No sent offers yet")).toBeInTheDocument();
    expect(screen.getByText("Browse loops and make offers to start negotiating")).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Received Offers" }));
    expect(screen.getByRole("tab", { name: "Received Offers" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByText("No received offers yet")).toBeInTheDocument();
    expect(screen.getByText("Upload loops to start receiving offers from buyers")).toBeInTheDocument();
  });

  it("a sent offer shows the seller, status, price, offer, counter, messages and expiry", async () => {
    renderPage(BUYER, {
      sent: [
        makeNegotiation({
          status: "counter",
          counterOffer: "11.50",
          message: "For my EP",
          responseMessage: "Meet me in the middle",
          expiresAt: "2026-12-02T10:00:00.000Z",
        }),
      ],
    });
    const card = await item("Deep Night");
    expect(card).toHaveTextContent("Seller: beatsmith");
    expect(within(card).getByTestId("negotiation-status")).toHaveTextContent("Counter Offer");
    expectTexts(card, [
      "Original price$12.50",
      "Offer$10.00",
      "Counter offer$11.50",
      "Your message: For my EP",
      "Seller's response: Meet me in the middle",
      "Expires Dec 2, 2026",
    ]);
    // The buyer answers a counter.
    expect(within(card).getByRole("button", { name: "Accept offer on Deep Night" })).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Reject offer on Deep Night" })).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: /Counter/ })).not.toBeInTheDocument();
  });

  it("shows every status with its badge; closed offers have no expiry and no buttons", async () => {
    const statuses = ["pending", "counter", "accepted", "rejected", "withdrawn", "expired"] as const;
    const labels = ["Pending", "Counter Offer", "Accepted", "Rejected", "Withdrawn", "Expired"];
    const { user } = renderPage(SELLER, {
      received: statuses.map((status, index) =>
        makeNegotiation({
          status,
          loop: { id: `loop-${index}`, title: `Loop ${status}`, price: "12.50", user: { id: SELLER.id, username: "beatsmith" } },
        }),
      ),
    });
    await user.click(screen.getByRole("tab", { name: "Received Offers" }));
    for (const [index, status] of statuses.entries()) {
      const card = await item(`Loop ${status}`);
      expect(within(card).getByTestId("negotiation-status")).toHaveTextContent(labels[index]!);
      expect(within(card).getByTestId("negotiation-status").querySelector("svg")).not.toBeNull();
      expect(card).toHaveTextContent("Buyer: crate_digger");
      const open = status === "pending" || status === "counter";
      expect(card.textContent?.includes("Expires")).toBe(open);
      // The seller answers only a pending offer.
      expect(within(card).queryAllByRole("button")).toHaveLength(status === "pending" ? 3 : 0);
    }
  });

  it("the seller counters: Send Response needs an amount; PUT {action, counterOffer, message, version}; 'Response Sent'", async () => {
    const offer = makeNegotiation({ id: "n-1", version: 4 });
    const respond = vi.fn<ApiHandler>(() => json({ ...offer, status: "counter", counterOffer: "11.50", version: 5 }));
    const { user, api, queryClient } = renderPage(SELLER, { received: [offer] }, { "PUT /api/negotiations/n-1/respond": respond });
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    await user.click(screen.getByRole("tab", { name: "Received Offers" }));
    const card = await item("Deep Night");
    expect(within(card).getByRole("button", { name: "Accept offer on Deep Night" })).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Reject offer on Deep Night" })).toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: "Counter offer on Deep Night" }));

    const dialog = await screen.findByRole("dialog", { name: "Counter Offer" });
    const amount = within(dialog).getByLabelText("Counter offer (USD)");
    const send = within(dialog).getByRole("button", { name: "Send Response" });
    expect(amount).toHaveAttribute("step", "0.01");
    expect(send).toBeDisabled();
    await user.type(amount, "10");
    expect(send).toBeDisabled(); // the same as the offer
    await user.clear(amount);
    await user.type(amount, "11.5");
    expect(send).toBeEnabled();
    await user.type(within(dialog).getByLabelText("Message (optional)"), "Meet me in the middle");
    await user.click(send);

    expect(await screen.findByText("Response Sent")).toBeInTheDocument();
    expect(screen.getByText("Your response has been sent successfully.")).toBeInTheDocument();
    expect(api.bodies("PUT /api/negotiations/n-1/respond")).toEqual([
      { action: "counter", counterOffer: "11.50", message: "Meet me in the middle", version: 4 },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: NEGOTIATIONS_QUERY_KEY });
    // Only an accept completes a sale.
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: LOOPS_QUERY_KEY });
  });

  it("the seller accepts: PUT {action: accept, version}; the loops and the balance are refreshed", async () => {
    const offer = makeNegotiation({ id: "n-2", version: 2 });
    const { user, api, queryClient } = renderResponding(SELLER, offer, { status: "accepted", purchaseId: "purchase-1", version: 3 });
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    await user.click(screen.getByRole("tab", { name: "Received Offers" }));
    await user.click(within(await item("Deep Night")).getByRole("button", { name: "Accept offer on Deep Night" }));
    const dialog = await screen.findByRole("dialog", { name: "Accept Offer" });
    expect(within(dialog).queryByLabelText("Counter offer (USD)")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Send Response" }));

    expect(await screen.findByText("Response Sent")).toBeInTheDocument();
    expect(api.bodies("PUT /api/negotiations/n-2/respond")).toEqual([{ action: "accept", version: 2 }]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: LOOPS_QUERY_KEY });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: TOKEN_BALANCE_QUERY_KEY });
  });

  it("the seller rejects with a message", async () => {
    const offer = makeNegotiation({ id: "n-3", version: 1 });
    const { user, api } = renderResponding(SELLER, offer, { status: "rejected" });
    await user.click(screen.getByRole("tab", { name: "Received Offers" }));
    await user.click(within(await item("Deep Night")).getByRole("button", { name: "Reject offer on Deep Night" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject Offer" });
    await user.type(within(dialog).getByLabelText("Message (optional)"), "Too low, sorry");
    await user.click(within(dialog).getByRole("button", { name: "Send Response" }));
    expect(await screen.findByText("Response Sent")).toBeInTheDocument();
    expect(api.bodies("PUT /api/negotiations/n-3/respond")).toEqual([{ action: "reject", message: "Too low, sorry", version: 1 }]);
  });

  it("the buyer accepts a counter, seeing what is paid from the LOOP balance", async () => {
    // As the API sends a counter: the amount is the counter, the fee is at the rate the offer was opened with.
    const offer = makeNegotiation({ id: "n-4", status: "counter", counterOffer: "11.50", amount: "11.50", fee: "0.23", version: 7 });
    const { user, api } = renderResponding(BUYER, offer, { status: "accepted", purchaseId: "p-1" });
    await user.click(within(await item("Deep Night")).getByRole("button", { name: "Accept offer on Deep Night" }));
    const dialog = await screen.findByRole("dialog", { name: "Accept Counter Offer" });
    // $11.50 + 2% ($0.23) = $11.73 → 5,865 LOOP.
    expect(within(dialog).getByTestId("respond-held")).toHaveTextContent("Total $11.73");
    expect(within(dialog).getByTestId("respond-held")).toHaveTextContent("5,865 LOOP");
    await user.click(within(dialog).getByRole("button", { name: "Send Response" }));
    expect(await screen.findByText("Response Sent")).toBeInTheDocument();
    expect(api.bodies("PUT /api/negotiations/n-4/respond")).toEqual([{ action: "accept", version: 7 }]);
  });

  it("the buyer accepting a counter pays the fee the offer was opened with, not the fee of the settings now", async () => {
    // Opened at 4% for MP3 (an admin has since set another fee): $11.50 + $0.46 = $11.96 → 5,980 LOOP.
    const offer = makeNegotiation({ id: "n-6", status: "counter", counterOffer: "11.50", amount: "11.50", fee: "0.46", version: 2 });
    const { user } = renderPage(BUYER, { sent: [offer] });
    await user.click(within(await item("Deep Night")).getByRole("button", { name: "Accept offer on Deep Night" }));
    const dialog = await screen.findByRole("dialog", { name: "Accept Counter Offer" });
    expect(within(dialog).getByTestId("respond-held")).toHaveTextContent("Total $11.96");
    expect(within(dialog).getByTestId("respond-held")).toHaveTextContent("5,980 LOOP");
  });

  it("the buyer withdraws a pending offer after confirming", async () => {
    const offer = makeNegotiation({ id: "n-5", version: 1 });
    const { user, api } = renderResponding(BUYER, offer, { status: "withdrawn" });
    const card = await item("Deep Night");
    expect(within(card).queryByRole("button", { name: "Accept offer on Deep Night" })).not.toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: "Withdraw offer on Deep Night" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw Offer" });
    expect(dialog).toHaveTextContent("Withdraw your offer of $10.00 on Deep Night?");
    expect(within(dialog).queryByLabelText("Message (optional)")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Withdraw Offer" }));
    expect(await screen.findByText("Response Sent")).toBeInTheDocument();
    expect(api.bodies("PUT /api/negotiations/n-5/respond")).toEqual([{ action: "withdraw", version: 1 }]);
  });

  it("a 409 shows the server's message; another failure the spec's text", async () => {
    const changed = "Offer Changed: This offer changed since you loaded it. Reload and try again.";
    const offer = makeNegotiation({ id: "n-6" });
    let status = 409;
    const { user } = renderPage(
      SELLER,
      { received: [offer] },
      {
        "PUT /api/negotiations/n-6/respond": () =>
          status === 409 ? json({ message: changed }, 409) : json({ message: "Internal error" }, 500),
      },
    );
    await user.click(screen.getByRole("tab", { name: "Received Offers" }));
    await user.click(within(await item("Deep Night")).getByRole("button", { name: "Accept offer on Deep Night" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Accept Offer" })).getByRole("button", { name: "Send Response" }));
    expect(await screen.findByText("Response Failed")).toBeInTheDocument();
    expect(screen.getByText(changed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    status = 500;
    await user.click(within(await item("Deep Night")).getByRole("button", { name: "Reject offer on Deep Night" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Reject Offer" })).getByRole("button", { name: "Send Response" }));
    expect(await screen.findByText("Failed to send response. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Reject Offer" })).toBeInTheDocument();
  });
});
