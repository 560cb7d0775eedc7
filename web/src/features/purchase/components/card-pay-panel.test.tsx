import type { ClientConfig } from "@loop/rules/chains";
import type { FiatPurchaseStatus, PaymentMethod } from "@loop/rules/schemas/fiat-payments";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import type { Purchase } from "@loop/rules/schemas/purchases";
import { loadStripe } from "@stripe/stripe-js/pure";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fullPageNavigate } from "@/lib/navigation";
import { makeLoop } from "@/testing/make-loop";
import { type ApiHandler, type ApiRoutes, json } from "@/testing/stub-api";
import { CARD_TEXTS } from "../lib/card-payment";
import { openPaymentTab } from "../testing/payment-tab";
import { fiatPurchase, savedCard } from "../testing/purchase-fixtures";
import { renderPurchaseForViewer } from "../testing/render-purchase";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  fullPageNavigate: vi.fn(),
}));
// Stripe.js comes from js.stripe.com: the tests stand in for it.
vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe: vi.fn() }));

const VISA = savedCard({
  id: "pm-row-2",
  stripePaymentMethodId: "pm_2",
  brand: "visa",
  last4: "4242",
  expMonth: 12,
  expYear: 2034,
  isDefault: true,
});

const completed = (purchase: Purchase): FiatPurchaseStatus => ({
  status: "completed",
  purchase,
  paymentIntentId: "pi_1",
  clientSecret: "pi_1_secret",
});

function renderPanel(
  loop: PublicLoop,
  {
    stripe = { publishableKey: "pk_test_123" },
    cards = [savedCard(), VISA],
    routes = {},
  }: { stripe?: ClientConfig["stripe"]; cards?: PaymentMethod[]; routes?: ApiRoutes } = {},
) {
  const methods = vi.fn<ApiHandler>(() => json(cards));
  const result = renderPurchaseForViewer(loop, { stripe }, { "GET /api/payment-methods": methods, ...routes });
  return { ...result, methods };
}

beforeEach(() => vi.mocked(fullPageNavigate).mockClear());

describe("Card tab", () => {
  it("says card payments are not configured, and asks for no cards", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const { user, methods } = renderPanel(loop, { stripe: null });
    const { panel } = await openPaymentTab(user, "Deep Night", "Card");
    expect(await within(panel).findByText(CARD_TEXTS.notConfigured)).toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: /^Pay/ })).not.toBeInTheDocument();
    expect(methods).not.toHaveBeenCalled();
  });

  it("pays with the default saved card: sends the total in cents and the card's id, then downloads", async () => {
    const loop = makeLoop({ id: "loop-1", title: "Deep Night", price: "4.99" });
    const intent = vi.fn<ApiHandler>(() => json(completed(fiatPurchase(loop, "card")), 201));
    const { user, api, methods } = renderPanel(loop, { routes: { "POST /api/create-payment-intent": intent } });
    const { panel } = await openPaymentTab(user, "Deep Night", "Card");

    const visa = await within(panel).findByRole("radio", { name: /Visa •••• 4242 · 12\/34/ });
    expect(visa).toBeChecked();
    expect(within(panel).getByRole("radio", { name: /Mastercard •••• 4444 · 03\/31/ })).not.toBeChecked();
    await user.click(within(panel).getByRole("button", { name: "Pay $5.09" }));

    expect(await screen.findByText("Purchase Successful")).toBeInTheDocument();
    expect(api.bodies("POST /api/create-payment-intent")).toEqual([
      { loopId: "loop-1", format: "mp3", amount: 509, paymentMethodId: "pm-row-2" },
    ]);
    expect(fullPageNavigate).toHaveBeenCalledExactlyOnceWith("/api/downloads/signed-mp3");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // The saved cards are fetched again (the server may have updated them).
    await waitFor(() => expect(methods).toHaveBeenCalledTimes(2));
  });

  it("pays with the card picked and the WAV total", async () => {
    const loop = makeLoop({ id: "loop-1", title: "Deep Night", price: "4.99" });
    const { user, api } = renderPanel(loop, {
      routes: { "POST /api/create-payment-intent": () => json(completed({ ...fiatPurchase(loop, "card"), format: "wav" }), 201) },
    });
    const { dialog, panel } = await openPaymentTab(user, "Deep Night", "Card");
    await user.click(await within(panel).findByRole("radio", { name: /Mastercard/ }));
    await user.click(within(dialog).getByRole("radio", { name: /WAV/ }));
    await user.click(within(panel).getByRole("button", { name: "Pay $5.19" }));
    expect(await screen.findByText("Purchase Successful")).toBeInTheDocument();
    expect(api.bodies("POST /api/create-payment-intent")).toEqual([
      { loopId: "loop-1", format: "wav", amount: 519, paymentMethodId: "pm-row-1" },
    ]);
  });

  it("a declined card (402) shows 'Purchase Failed' with the decline message and keeps the dialog open", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const decline = "Payment Declined: Your card has insufficient funds.";
    const { user } = renderPanel(loop, { routes: { "POST /api/create-payment-intent": () => json({ message: decline }, 402) } });
    const { panel } = await openPaymentTab(user, "Deep Night", "Card");
    await user.click(await within(panel).findByRole("button", { name: "Pay $5.09" }));

    expect(await screen.findByText("Purchase Failed")).toBeInTheDocument();
    expect(screen.getByText(decline)).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Buy Deep Night" })).toBeInTheDocument();
    expect(fullPageNavigate).not.toHaveBeenCalled();
    await waitFor(() => expect(within(panel).getByRole("button", { name: "Pay $5.09" })).toBeEnabled());
  });

  it("without a saved card says so and links to Settings", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const { user } = renderPanel(loop, { cards: [] });
    const { panel } = await openPaymentTab(user, "Deep Night", "Card");
    expect(await within(panel).findByText(CARD_TEXTS.noCard)).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: "Add a card in Settings" })).toHaveAttribute("href", "/settings");
    expect(within(panel).queryByRole("button", { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it("3-D Secure: runs Stripe's next action, then records the purchase with the PaymentIntent id", async () => {
    const loop = makeLoop({ id: "loop-1", title: "Deep Night", price: "4.99" });
    const handleNextAction = vi.fn(async () => ({ paymentIntent: { id: "pi_3ds", status: "succeeded" } }));
    vi.mocked(loadStripe).mockResolvedValue({ handleNextAction } as unknown as Awaited<ReturnType<typeof loadStripe>>);
    const { user, api } = renderPanel(loop, {
      routes: {
        "POST /api/create-payment-intent": () =>
          json({ status: "requires_action", purchase: null, paymentIntentId: "pi_3ds", clientSecret: "pi_3ds_secret" }),
        "POST /api/purchases": () => json(completed(fiatPurchase(loop, "card")), 201),
      },
    });
    const { panel } = await openPaymentTab(user, "Deep Night", "Card");
    await user.click(await within(panel).findByRole("button", { name: "Pay $5.09" }));

    expect(await screen.findByText("Purchase Successful")).toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith("pk_test_123");
    expect(handleNextAction).toHaveBeenCalledExactlyOnceWith({ clientSecret: "pi_3ds_secret" });
    expect(api.bodies("POST /api/purchases")).toEqual([{ loopId: "loop-1", format: "mp3", paymentIntentId: "pi_3ds" }]);
  });

  it("a payment the bank is still confirming says the files arrive by e-mail, and Pay stays off", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const { user } = renderPanel(loop, {
      routes: {
        "POST /api/create-payment-intent": () =>
          json({ status: "pending", purchase: null, paymentIntentId: "pi_1", clientSecret: null }, 202),
      },
    });
    const { panel } = await openPaymentTab(user, "Deep Night", "Card");
    await user.click(await within(panel).findByRole("button", { name: "Pay $5.09" }));
    expect(await within(panel).findByText(CARD_TEXTS.pending)).toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: "Pay $5.09" })).toBeDisabled();
    expect(screen.queryByText("Purchase Successful")).not.toBeInTheDocument();
    expect(fullPageNavigate).not.toHaveBeenCalled();
  });
});
