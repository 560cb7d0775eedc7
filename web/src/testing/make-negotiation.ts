/** An offer for tests (pending $10.00 MP3 offer on a $12.50 loop; buyer "buyer-1", seller "seller-1"): the loops and negotiations tests use it. */
import type { Negotiation } from "@loop/rules/schemas/negotiations";

let counter = 0;

export function makeNegotiation(overrides: Partial<Negotiation> = {}): Negotiation {
  counter += 1;
  return {
    id: overrides.id ?? `negotiation-${counter}`,
    status: "pending",
    format: "mp3",
    offerAmount: "10.00",
    counterOffer: null,
    amount: "10.00",
    fee: "0.20",
    heldLoop: "5100.00000000",
    message: null,
    responseMessage: null,
    version: 1,
    expiresAt: "2026-12-02T10:00:00.000Z",
    createdAt: "2026-11-25T10:00:00.000Z",
    updatedAt: "2026-11-25T10:00:00.000Z",
    purchaseId: null,
    funding: "app",
    settling: null,
    chainOfferId: null,
    loop: { id: "loop-1", title: "Deep Night", price: "12.50", user: { id: "seller-1", username: "beatsmith" } },
    buyer: { id: "buyer-1", username: "crate_digger" },
    ...overrides,
  };
}
