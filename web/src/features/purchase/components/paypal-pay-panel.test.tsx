import type { ClientConfig } from "@loop/rules/chains";
import type { FiatPurchaseStatus, PaypalSetup } from "@loop/rules/schemas/fiat-payments";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import type { PayPalButtonsComponentProps } from "@paypal/react-paypal-js";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fullPageNavigate } from "@/lib/navigation";
import { makeLoop } from "@/testing/make-loop";
import { type ApiHandler, type ApiRoutes, json } from "@/testing/stub-api";
import { PAYPAL_FAILED_FALLBACK, PAYPAL_TEXTS } from "../lib/paypal-checkout";
import { openPaymentTab } from "../testing/payment-tab";
import { fiatPurchase } from "../testing/purchase-fixtures";
import { renderPurchaseForViewer } from "../testing/render-purchase";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  fullPageNavigate: vi.fn(),
}));

/**
 * PayPal's buttons live in an iframe from paypal.com that jsdom cannot load: a stand-in provider
 * records the SDK options and reports the script state the test sets; the stand-in button runs
 * what the SDK runs on a click (createOrder, then onApprove with the order id, onError on a failure).
 */
const sdk = vi.hoisted(() => ({ state: "resolved" as "pending" | "resolved" | "rejected", options: null as unknown }));
vi.mock("@paypal/react-paypal-js", () => ({
  PayPalScriptProvider: ({ options, children }: { options: unknown; children: React.ReactNode }) => {
    sdk.options = options;
    return children;
  },
  usePayPalScriptReducer: () => [
    {
      isInitial: false,
      isPending: sdk.state === "pending",
      isRejected: sdk.state === "rejected",
      isResolved: sdk.state === "resolved",
      options: sdk.options,
    },
    () => undefined,
  ],
  PayPalButtons: (props: PayPalButtonsComponentProps) => (
    <button
      type="button"
      disabled={props.disabled}
      onClick={async () => {
        try {
          const orderID = await props.createOrder!({ paymentSource: "paypal" }, {} as never);
          await props.onApprove!({ orderID }, {} as never);
        } catch (error) {
          props.onError?.({ error });
        }
      }}
    >
      PayPal
    </button>
  ),
}));

const SETUP: PaypalSetup = { configured: true, clientId: "client-abc", clientToken: "token-xyz", currency: "USD" };

function renderPanel(
  loop: PublicLoop,
  { paypal = { clientId: "client-abc" }, routes = {} }: { paypal?: ClientConfig["paypal"]; routes?: ApiRoutes } = {},
) {
  const setup = vi.fn<ApiHandler>(() => json(SETUP));
  const result = renderPurchaseForViewer(
    loop,
    { paypal },
    {
      "GET /paypal/setup": setup,
      "POST /paypal/order": () => json({ id: "ORDER-1", amount: "5.09", currency: "USD" }, 201),
      ...routes,
    },
  );
  return { ...result, setup };
}

beforeEach(() => {
  sdk.state = "resolved";
  sdk.options = null;
  vi.mocked(fullPageNavigate).mockClear();
});
describe("PayPal tab", () => {
  it("says PayPal is not configured, without asking for the setup", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const { user, setup } = renderPanel(loop, { paypal: null });
    const { panel } = await openPaymentTab(user, "Deep Night", "PayPal");
    expect(await within(panel).findByText(PAYPAL_TEXTS.notConfigured)).toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: "PayPal" })).not.toBeInTheDocument();
    expect(setup).not.toHaveBeenCalled();
  });

  it("says PayPal is not configured when the setup says so", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const { user } = renderPanel(loop, {
      routes: { "GET /paypal/setup": () => json({ ...SETUP, configured: false, clientId: null, clientToken: null }) },
    });
    const { panel } = await openPaymentTab(user, "Deep Night", "PayPal");
    expect(await within(panel).findByText(PAYPAL_TEXTS.notConfigured)).toBeInTheDocument();
    expect(sdk.options).toBeNull();
  });

  it("creates an order for the total shown, captures it and completes the purchase", async () => {
    const loop = makeLoop({ id: "loop-1", title: "Deep Night", price: "4.99" });
    const capture = vi.fn<ApiHandler>(() =>
      json({
        status: "completed",
        purchase: fiatPurchase(loop, "paypal"),
        paymentIntentId: null,
        clientSecret: null,
      } satisfies FiatPurchaseStatus),
    );
    const { user, api, queryClient } = renderPanel(loop, { routes: { "POST /paypal/order/ORDER-1/capture": capture } });
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    const { panel } = await openPaymentTab(user, "Deep Night", "PayPal");
    await user.click(await within(panel).findByRole("button", { name: "PayPal" }));

    expect(await screen.findByText("Purchase Successful")).toBeInTheDocument();
    expect(sdk.options).toEqual({ clientId: "client-abc", currency: "USD", intent: "capture" });
    expect(api.bodies("POST /paypal/order")).toEqual([
      { loopId: "loop-1", format: "mp3", amount: "5.09", currency: "USD", intent: "CAPTURE" },
    ]);
    expect(capture).toHaveBeenCalledOnce();
    expect(api.bodies("POST /paypal/order/ORDER-1/capture")).toEqual([undefined]);
    expect(fullPageNavigate).toHaveBeenCalledExactlyOnceWith("/api/downloads/signed-mp3");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["loops"] });
  });

  it("a declined capture shows 'PayPal Payment Failed' with the server's message and keeps the dialog open", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const { user } = renderPanel(loop, {
      routes: { "POST /paypal/order/ORDER-1/capture": () => json({ message: "Payment Declined: PayPal declined the payment." }, 402) },
    });
    const { panel } = await openPaymentTab(user, "Deep Night", "PayPal");
    await user.click(await within(panel).findByRole("button", { name: "PayPal" }));

    expect(await screen.findByText("PayPal Payment Failed")).toBeInTheDocument();
    expect(screen.getByText("Payment Declined: PayPal declined the payment.")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Buy Deep Night" })).toBeInTheDocument();
    expect(fullPageNavigate).not.toHaveBeenCalled();
  });

  it("a refused order keeps the server's reason (the SDK's onError that follows does not replace it)", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const { user, api } = renderPanel(loop, {
      routes: { "POST /paypal/order": () => json({ message: "Price Changed: Reopen the dialog and try again." }, 400) },
    });
    const { panel } = await openPaymentTab(user, "Deep Night", "PayPal");
    await user.click(await within(panel).findByRole("button", { name: "PayPal" }));

    expect(await screen.findByText("Price Changed: Reopen the dialog and try again.")).toBeInTheDocument();
    expect(screen.getByText("PayPal Payment Failed")).toBeInTheDocument();
    expect(screen.queryByText(PAYPAL_FAILED_FALLBACK)).not.toBeInTheDocument();
    expect(api.bodies("POST /paypal/order/ORDER-1/capture")).toHaveLength(0);
  });

  it("a capture PayPal still holds says the files arrive by e-mail and removes the buttons", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const { user } = renderPanel(loop, {
      routes: {
        "POST /paypal/order/ORDER-1/capture": () =>
          json({ status: "pending", purchase: null, paymentIntentId: null, clientSecret: null }, 202),
      },
    });
    const { panel } = await openPaymentTab(user, "Deep Night", "PayPal");
    await user.click(await within(panel).findByRole("button", { name: "PayPal" }));

    expect(await within(panel).findByText(PAYPAL_TEXTS.pending)).toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: "PayPal" })).not.toBeInTheDocument();
    expect(screen.queryByText("Purchase Successful")).not.toBeInTheDocument();
  });

  it("says so when PayPal's script cannot be loaded", async () => {
    sdk.state = "rejected";
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const { user } = renderPanel(loop);
    const { panel } = await openPaymentTab(user, "Deep Night", "PayPal");
    expect(await within(panel).findByRole("alert")).toHaveTextContent(PAYPAL_TEXTS.loadFailed);
    expect(within(panel).queryByRole("button", { name: "PayPal" })).not.toBeInTheDocument();
  });
});
