import type { AdminTokenOrder } from "@loop/rules/schemas/token-orders";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubApi } from "@/testing/stub-api";
import { renderWithToasts } from "@/testing/test-utils";
import { USER_ID } from "../testing/admin-fixtures";
import { TokenOrdersQueue } from "./token-orders-queue";

const ORDER: AdminTokenOrder = {
  id: "00000000-0000-4000-8000-0000000000f1",
  userId: USER_ID,
  username: "beatmaker",
  email: "beats@example.com",
  requestedAmount: "5000.00000000",
  usdAmount: "10.00",
  paymentMethod: "paypal",
  paymentDetails: "beats@example.com",
  message: null,
  status: "pending",
  rejectionReason: null,
  createdAt: "2026-11-21T10:00:00.000Z",
  processedAt: null,
};

function setup() {
  const api = stubApi({
    "GET /api/admin/admin-orders": () => json([ORDER]),
    [`POST /api/admin/admin-orders/${ORDER.id}/fulfil`]: () => json({ ...ORDER, status: "fulfilled" }),
    [`POST /api/admin/admin-orders/${ORDER.id}/reject`]: () => json({ ...ORDER, status: "rejected" }),
  });
  return { ...renderWithToasts(<TokenOrdersQueue />), api };
}

describe("Token Orders queue", () => {
  it("shows pending orders first and fulfils one", async () => {
    const { user, api } = setup();
    const row = await screen.findByRole("listitem", { name: "Order of beatmaker" });
    expect(within(row).getByText("5,000 LOOP", { exact: false })).toBeInTheDocument();
    expect(api.calls("GET /api/admin/admin-orders")[0]!.url.searchParams.get("status")).toBe("pending");
    await user.click(within(row).getByRole("button", { name: "Fulfil" }));
    expect(await screen.findByText("Order Fulfilled")).toBeInTheDocument();
    expect(api.calls(`POST /api/admin/admin-orders/${ORDER.id}/fulfil`)).toHaveLength(1);
  });

  it("rejects one with a reason", async () => {
    const { user, api } = setup();
    await user.click(within(await screen.findByRole("listitem", { name: "Order of beatmaker" })).getByRole("button", { name: "Reject" }));
    const dialog = screen.getByRole("dialog", { name: "Reject Order" });
    expect(within(dialog).getByRole("button", { name: "Reject" })).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Reason"), "Payment never arrived");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("Order Rejected")).toBeInTheDocument();
    expect(api.bodies(`POST /api/admin/admin-orders/${ORDER.id}/reject`)[0]).toEqual({ reason: "Payment never arrived" });
  });
});
