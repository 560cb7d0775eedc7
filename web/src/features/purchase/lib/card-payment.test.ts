import type { FiatPurchaseStatus } from "@loop/rules/schemas/fiat-payments";
import { loadStripe } from "@stripe/stripe-js/pure";
import { describe, expect, it, vi } from "vitest";
import { makeLoop } from "@/testing/make-loop";
import { type ApiHandler, json, stubApi } from "@/testing/stub-api";
import { fiatPurchase, savedCard } from "../testing/purchase-fixtures";
import { CARD_TEXTS, cardLabel, payWithSavedCard, selectedCard } from "./card-payment";
import { fiatOutcome } from "./fiat-outcome";
import { PaymentFailedError } from "./payment-panels";

// Stripe.js comes from js.stripe.com: the tests stand in for it.
vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe: vi.fn() }));

const PURCHASE = fiatPurchase(makeLoop({ id: "loop-1" }), "card");
const INPUT = { loopId: "loop-1", format: "mp3" as const, totalCents: 509n, paymentMethodId: "pm-row-1", publishableKey: "pk_test_1" };
const requiresAction: FiatPurchaseStatus = {
  status: "requires_action",
  purchase: null,
  paymentIntentId: "pi_3ds",
  clientSecret: "pi_3ds_secret",
};

describe("cardLabel and selectedCard", () => {
  it("labels a saved card with brand, last four digits and expiry", () => {
    expect(cardLabel(savedCard({ brand: "visa", last4: "4242", expMonth: 12, expYear: 2034 }))).toBe("Visa •••• 4242 · 12/34");
    expect(cardLabel(savedCard())).toBe("Mastercard •••• 4444 · 03/31");
    expect(cardLabel(savedCard({ brand: "amex", last4: "0005", expMonth: 1, expYear: 2030 }))).toBe("American Express •••• 0005 · 01/30");
    expect(cardLabel(savedCard({ brand: "elo" }))).toBe("Elo •••• 4444 · 03/31");
  });

  it("selects the viewer's pick while it is saved, else the default card, else the first", () => {
    const plain = savedCard();
    const preferred = savedCard({ id: "pm-row-2", isDefault: true });
    expect(selectedCard([plain, preferred], "pm-row-1")).toBe(plain);
    expect(selectedCard([plain, preferred], "pm-gone")).toBe(preferred);
    expect(selectedCard([plain], null)).toBe(plain);
    expect(selectedCard([], null)).toBeNull();
  });
});

describe("payWithSavedCard", () => {
  it("sends the total in cents and the card: a payment the server completes at once needs no Stripe.js", async () => {
    const intent = vi.fn<ApiHandler>(() =>
      json({ status: "completed", purchase: PURCHASE, paymentIntentId: "pi_1", clientSecret: null }, 201),
    );
    stubApi({ "POST /api/create-payment-intent": intent });
    const status = await payWithSavedCard(INPUT);
    expect(intent.mock.calls[0]![0].body).toEqual({ loopId: "loop-1", format: "mp3", amount: 509, paymentMethodId: "pm-row-1" });
    expect(fiatOutcome(status)).toEqual({ state: "completed", purchase: PURCHASE });
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it("3-D Secure: runs Stripe's next action, then asks the server to record the purchase with the PaymentIntent id", async () => {
    const handleNextAction = vi.fn(async () => ({}));
    vi.mocked(loadStripe).mockResolvedValue({ handleNextAction } as never);
    const confirm = vi.fn<ApiHandler>(() =>
      json({ status: "completed", purchase: PURCHASE, paymentIntentId: "pi_3ds", clientSecret: null }, 201),
    );
    stubApi({ "POST /api/create-payment-intent": () => json(requiresAction), "POST /api/purchases": confirm });
    expect(fiatOutcome(await payWithSavedCard(INPUT))).toEqual({ state: "completed", purchase: PURCHASE });
    expect(handleNextAction).toHaveBeenCalledWith({ clientSecret: "pi_3ds_secret" });
    expect(confirm.mock.calls[0]![0].body).toEqual({ loopId: "loop-1", format: "mp3", paymentIntentId: "pi_3ds" });
  });

  it("a failed authentication is 'Purchase Failed' with Stripe's reason, and nothing is recorded", async () => {
    vi.mocked(loadStripe).mockResolvedValue({
      handleNextAction: vi.fn(async () => ({ error: { message: "Authentication failed." } })),
    } as never);
    const api = stubApi({ "POST /api/create-payment-intent": () => json(requiresAction) });
    // Another key: Stripe.js is loaded once per publishable key.
    const failure = payWithSavedCard({ ...INPUT, publishableKey: "pk_test_2" });
    await expect(failure).rejects.toBeInstanceOf(PaymentFailedError);
    await expect(failure).rejects.toThrow("Authentication failed.");
    expect(api.calls("POST /api/purchases")).toHaveLength(0);
  });

  it("an action without its secret is not completed", async () => {
    stubApi({ "POST /api/create-payment-intent": () => json({ ...requiresAction, clientSecret: null }) });
    await expect(payWithSavedCard(INPUT)).rejects.toThrow(CARD_TEXTS.notCompleted);
  });

  it("a payment the bank is still confirming is pending", async () => {
    stubApi({
      "POST /api/create-payment-intent": () =>
        json({ status: "pending", purchase: null, paymentIntentId: "pi_1", clientSecret: null }, 202),
    });
    expect(fiatOutcome(await payWithSavedCard(INPUT))).toEqual({ state: "pending" });
  });
});
