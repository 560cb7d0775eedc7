import type { FiatPurchaseStatus } from "@loop/rules/schemas/fiat-payments";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api-client";
import { makeLoop } from "@/testing/make-loop";
import { fiatPurchase } from "../testing/purchase-fixtures";
import { PAYPAL_FAILED_FALLBACK, paypalCheckoutHandlers } from "./paypal-checkout";

describe("paypalCheckoutHandlers", () => {
  function handlers(capture: (orderId: string) => Promise<FiatPurchaseStatus>) {
    const deps = { onPurchased: vi.fn(), onPending: vi.fn(), onUnauthorized: vi.fn() };
    const built = paypalCheckoutHandlers({
      loopId: "loop-1",
      format: "wav",
      totalCents: 519n,
      capture,
      reported: { current: false },
      ...deps,
    });
    return { ...built, ...deps };
  }

  it("onApprove hands a completed capture's purchase on; a 401 goes to the dialog's rule instead of a toast", async () => {
    render(<Toaster />);
    const purchase = { ...fiatPurchase(makeLoop({ id: "loop-1" }), "paypal"), format: "wav" as const };
    const ok = handlers(async () => ({ status: "completed", purchase, paymentIntentId: null, clientSecret: null }));
    await ok.onApprove({ orderID: "ORDER-9" }, {} as never);
    expect(ok.onPurchased).toHaveBeenCalledExactlyOnceWith(purchase);

    const unauthorized = new ApiError(401, JSON.stringify({ message: "Unauthorized" }), "Unauthorized");
    const loggedOut = handlers(async () => Promise.reject(unauthorized));
    await loggedOut.onApprove({ orderID: "ORDER-9" }, {} as never);
    expect(loggedOut.onUnauthorized).toHaveBeenCalledExactlyOnceWith(unauthorized);
    expect(loggedOut.onPurchased).not.toHaveBeenCalled();
    expect(screen.queryByText("PayPal Payment Failed")).not.toBeInTheDocument();
  });

  it("an SDK error with no failure shown yet gets the spec's generic text", async () => {
    render(<Toaster />);
    handlers(async () => Promise.reject(new Error("unused"))).onError({ message: "Window closed" });
    expect(await screen.findByText("PayPal Payment Failed")).toBeInTheDocument();
    expect(screen.getByText(PAYPAL_FAILED_FALLBACK)).toBeInTheDocument();
  });
});
