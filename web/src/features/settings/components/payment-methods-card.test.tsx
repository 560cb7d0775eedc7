import type { PaymentMethod } from "@loop/rules/schemas/fiat-payments";
import { screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeClientConfig } from "@/testing/make-client-config";
import { type ApiRoutes, json, stubApi } from "@/testing/stub-api";
import { makeUser, renderApp } from "@/testing/test-utils";

// Stripe.js is a script from js.stripe.com: the tests fake it and its React bindings at the module
// boundary, so the flow (setup intent → confirmCardSetup → POST) runs without a network.
const stripeFake = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmCardSetup: vi.fn(),
  card: { element: "card" },
}));

vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe: stripeFake.loadStripe }));
vi.mock("@stripe/react-stripe-js", () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  CardElement: () => <div>card field</div>,
  useStripe: () => ({ confirmCardSetup: stripeFake.confirmCardSetup }),
  useElements: () => ({ getElement: () => stripeFake.card }),
}));

const CONFIG = makeClientConfig({ stripe: { publishableKey: "pk_test_123" } });

function makeCard(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: "pm-row-1",
    stripePaymentMethodId: "pm_visa",
    type: "card",
    brand: "visa",
    last4: "4242",
    expMonth: 4,
    expYear: 2031,
    isDefault: true,
    createdAt: "2026-03-04T10:00:00.000Z",
    ...overrides,
  };
}

const VISA = makeCard();
const AMEX = makeCard({
  id: "pm-row-2",
  stripePaymentMethodId: "pm_amex",
  brand: "amex",
  last4: "0005",
  expMonth: 12,
  expYear: 2029,
  isDefault: false,
});

function setup(routes: ApiRoutes = {}, config: typeof CONFIG | (Omit<typeof CONFIG, "stripe"> & { stripe: null }) = CONFIG) {
  const api = stubApi({
    "/api/auth/user": () => json(makeUser()),
    "/api/config": () => json(config),
    "/api/payment-methods": () => json([VISA, AMEX]),
    ...routes,
  });
  const rendered = renderApp("/settings");
  const card = () => screen.getByRole("region", { name: "Payment Methods" });
  return { ...rendered, api, card };
}

beforeEach(() => {
  stripeFake.loadStripe.mockReset();
  stripeFake.confirmCardSetup.mockReset();
});
describe("Payment Methods card", () => {
  it("lists saved cards with brand, last 4, expiry and the Default badge", async () => {
    const { card } = setup();
    const visa = await screen.findByRole("listitem", { name: "Visa ending in 4242" });
    expect(visa).toHaveTextContent("Visa •••• 4242");
    expect(visa).toHaveTextContent("Expires 04/31");
    expect(within(visa).getByText("Default")).toBeInTheDocument();
    expect(within(visa).queryByRole("button", { name: /set as default/i })).not.toBeInTheDocument();

    const amex = within(card()).getByRole("listitem", { name: "American Express ending in 0005" });
    expect(amex).toHaveTextContent("Expires 12/29");
    expect(within(amex).queryByText("Default")).not.toBeInTheDocument();
    expect(within(amex).getByRole("button", { name: /set as default/i })).toBeInTheDocument();
    expect(within(amex).getByRole("button", { name: /remove/i })).toBeInTheDocument();
  });

  it("says so when there are no saved cards", async () => {
    const { card } = setup({ "/api/payment-methods": () => json([]) });
    expect(
      await within(await screen.findByRole("region", { name: "Payment Methods" })).findByText("No payment methods yet."),
    ).toBeInTheDocument();
    expect(within(card()).queryByRole("list")).not.toBeInTheDocument();
  });

  it("shows a load error with Retry when the list cannot be loaded", async () => {
    let fail = true;
    const { user, card } = setup({ "/api/payment-methods": () => (fail ? json({ message: "boom" }, 500) : json([VISA])) });
    expect(await within(await screen.findByRole("region", { name: "Payment Methods" })).findByRole("alert")).toHaveTextContent(
      "Payment methods could not be loaded.",
    );
    fail = false;
    await user.click(within(card()).getByRole("button", { name: "Retry" }));
    expect(await within(card()).findByRole("listitem", { name: "Visa ending in 4242" })).toBeInTheDocument();
  });

  it("Remove sends DELETE, toasts 'Payment method removed' and refetches the list", async () => {
    let list = [VISA, AMEX];
    const { user, api } = setup({
      "/api/payment-methods": () => json(list),
      "DELETE /api/payment-methods/pm-row-2": () => {
        list = [VISA];
        return new Response(null, { status: 204 });
      },
    });
    const amex = await screen.findByRole("listitem", { name: "American Express ending in 0005" });
    await user.click(within(amex).getByRole("button", { name: /remove/i }));
    expect(await screen.findByText("Payment method removed")).toBeInTheDocument();
    expect(api.calls("DELETE /api/payment-methods/pm-row-2")).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "American Express ending in 0005" })).not.toBeInTheDocument());
  });

  it("a failed remove shows the spec's error toast and keeps the card", async () => {
    const { user } = setup({ "DELETE /api/payment-methods/pm-row-2": () => json({ message: "nope" }, 500) });
    const amex = await screen.findByRole("listitem", { name: "American Express ending in 0005" });
    await user.click(within(amex).getByRole("button", { name: /remove/i }));
    expect(await screen.findByText("Failed to remove payment method. Please try again.")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(screen.getByRole("listitem", { name: "American Express ending in 0005" })).toBeInTheDocument();
  });

  it("Set as default sends PUT, toasts 'Default payment method updated' and shows the new default", async () => {
    let list = [VISA, AMEX];
    const { user, api } = setup({
      "/api/payment-methods": () => json(list),
      "PUT /api/payment-methods/pm-row-2/default": () => {
        list = [
          { ...AMEX, isDefault: true },
          { ...VISA, isDefault: false },
        ];
        return json(list[0]);
      },
    });
    const amex = await screen.findByRole("listitem", { name: "American Express ending in 0005" });
    await user.click(within(amex).getByRole("button", { name: /set as default/i }));
    expect(await screen.findByText("Default payment method updated")).toBeInTheDocument();
    expect(api.calls("PUT /api/payment-methods/pm-row-2/default")).toHaveLength(1);
    await waitFor(() =>
      expect(within(screen.getByRole("listitem", { name: "American Express ending in 0005" })).getByText("Default")).toBeInTheDocument(),
    );
    expect(
      within(screen.getByRole("listitem", { name: "Visa ending in 4242" })).getByRole("button", { name: /set as default/i }),
    ).toBeInTheDocument();
  });

  it("a failed set-default shows the spec's error toast", async () => {
    const { user } = setup({ "PUT /api/payment-methods/pm-row-2/default": () => json({ message: "nope" }, 404) });
    const amex = await screen.findByRole("listitem", { name: "American Express ending in 0005" });
    await user.click(within(amex).getByRole("button", { name: /set as default/i }));
    expect(await screen.findByText("Failed to update default payment method.")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
  });

  it("Add card is disabled with a note when Stripe is not configured", async () => {
    const { card } = setup({}, { ...CONFIG, stripe: null });
    expect(
      await within(await screen.findByRole("region", { name: "Payment Methods" })).findByText(
        "Card payments are not configured on this marketplace.",
      ),
    ).toBeInTheDocument();
    expect(within(card()).getByRole("button", { name: "Add card" })).toBeDisabled();
    expect(stripeFake.loadStripe).not.toHaveBeenCalled();
  });

  it("the other methods toast 'Coming Soon'", async () => {
    const { user, card } = setup();
    await screen.findByRole("listitem", { name: "Visa ending in 4242" });
    expect(within(card()).getByRole("heading", { name: "Other methods" })).toBeInTheDocument();
    for (const name of ["PayPal", "$LOOP tokens", "Wise", "Revolut", "Skrill"]) {
      await user.click(within(card()).getByRole("button", { name }));
      expect(await screen.findByText(`${name} payments are coming soon.`)).toBeInTheDocument();
      expect(screen.getByText("Coming Soon")).toBeInTheDocument();
    }
  });

  it("Add card: setup intent → confirmCardSetup → POST /api/payment-methods (default when it is the first card), toast, refetch", async () => {
    stripeFake.loadStripe.mockResolvedValue({ fake: "stripe" });
    stripeFake.confirmCardSetup.mockResolvedValue({ setupIntent: { id: "seti_1", payment_method: "pm_new" } });
    let list: PaymentMethod[] = [];
    const { user, api, card } = setup({
      "/api/payment-methods": () => json(list),
      "POST /api/stripe/setup-intent": () => json({ client_secret: "seti_1_secret_abc" }, 201),
      "POST /api/payment-methods": () => {
        list = [makeCard({ id: "pm-row-9", stripePaymentMethodId: "pm_new", brand: "mastercard", last4: "4444" })];
        return json(list[0], 201);
      },
    });
    await within(await screen.findByRole("region", { name: "Payment Methods" })).findByText("No payment methods yet.");
    await user.click(within(card()).getByRole("button", { name: "Add card" }));
    const dialog = await screen.findByRole("dialog", { name: "Add card" });
    expect(stripeFake.loadStripe).toHaveBeenCalledWith("pk_test_123");
    await user.click(await within(dialog).findByRole("button", { name: "Save card" }));

    expect(await screen.findByText("Card Added")).toBeInTheDocument();
    expect(stripeFake.confirmCardSetup).toHaveBeenCalledWith("seti_1_secret_abc", { payment_method: { card: stripeFake.card } });
    const [post] = api.calls("POST /api/payment-methods");
    expect(post?.body).toEqual({ stripePaymentMethodId: "pm_new", type: "card", isDefault: true });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add card" })).not.toBeInTheDocument());
    expect(await screen.findByRole("listitem", { name: "Mastercard ending in 4444" })).toBeInTheDocument();
  });

  it("Add card: a later card is not sent as default", async () => {
    stripeFake.loadStripe.mockResolvedValue({ fake: "stripe" });
    stripeFake.confirmCardSetup.mockResolvedValue({ setupIntent: { id: "seti_1", payment_method: { id: "pm_obj" } } });
    const { user, api, card } = setup({
      "POST /api/stripe/setup-intent": () => json({ client_secret: "seti_1_secret_abc" }, 201),
      "POST /api/payment-methods": () => json(makeCard({ id: "pm-row-9", isDefault: false }), 201),
    });
    await screen.findByRole("listitem", { name: "Visa ending in 4242" });
    await user.click(within(card()).getByRole("button", { name: "Add card" }));
    await user.click(await within(await screen.findByRole("dialog", { name: "Add card" })).findByRole("button", { name: "Save card" }));
    expect(await screen.findByText("Card Added")).toBeInTheDocument();
    const [post] = api.calls("POST /api/payment-methods");
    expect(post?.body).toEqual({ stripePaymentMethodId: "pm_obj", type: "card", isDefault: false });
  });

  it("Add card: Stripe's decline message, then the server's message, in an 'Error' toast; the dialog stays open", async () => {
    stripeFake.loadStripe.mockResolvedValue({ fake: "stripe" });
    stripeFake.confirmCardSetup.mockResolvedValueOnce({ error: { type: "card_error", message: "Your card was declined." } });
    const { user, api, card } = setup({
      "POST /api/stripe/setup-intent": () => json({ client_secret: "seti_1_secret_abc" }, 201),
      "POST /api/payment-methods": () => json({ message: "Already Added: This card is already saved" }, 409),
    });
    await screen.findByRole("listitem", { name: "Visa ending in 4242" });
    await user.click(within(card()).getByRole("button", { name: "Add card" }));
    const dialog = await screen.findByRole("dialog", { name: "Add card" });
    await user.click(await within(dialog).findByRole("button", { name: "Save card" }));
    expect(await screen.findByText("Your card was declined.")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(api.calls("POST /api/payment-methods")).toHaveLength(0);

    stripeFake.confirmCardSetup.mockResolvedValueOnce({ setupIntent: { id: "seti_1", payment_method: "pm_dup" } });
    await user.click(within(dialog).getByRole("button", { name: "Save card" }));
    expect(await screen.findByText("Already Added: This card is already saved")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Add card" })).toBeInTheDocument();
  });

  it("Add card: 'Failed to add payment method.' when the setup intent fails without a message", async () => {
    stripeFake.loadStripe.mockResolvedValue({ fake: "stripe" });
    const { user, card } = setup({ "POST /api/stripe/setup-intent": () => new Response("", { status: 502 }) });
    await screen.findByRole("listitem", { name: "Visa ending in 4242" });
    await user.click(within(card()).getByRole("button", { name: "Add card" }));
    await user.click(await within(await screen.findByRole("dialog", { name: "Add card" })).findByRole("button", { name: "Save card" }));
    expect(await screen.findByText("Failed to add payment method.")).toBeInTheDocument();
    expect(stripeFake.confirmCardSetup).not.toHaveBeenCalled();
  });

  it("Add card: says so in the dialog when Stripe.js cannot load", async () => {
    stripeFake.loadStripe.mockRejectedValue(new Error("Failed to load Stripe.js"));
    const { user, card } = setup();
    await screen.findByRole("listitem", { name: "Visa ending in 4242" });
    await user.click(within(card()).getByRole("button", { name: "Add card" }));
    const dialog = await screen.findByRole("dialog", { name: "Add card" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The card form (Stripe.js) could not be loaded.");
    expect(within(dialog).queryByRole("button", { name: "Save card" })).not.toBeInTheDocument();
  });
});
