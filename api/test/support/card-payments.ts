// Card payment steps the card and reversal tests share, against the fake Stripe (fakes/fake-stripe.ts).
import { fiatPurchaseStatusSchema, paymentMethodSchema } from "@loop/rules/schemas/fiat-payments";
import { expect } from "vitest";
import type { FakeStripe } from "../fakes/fake-stripe";
import type { Browser } from "./siwe";

/** Saves a Stripe test card (e.g. pm_card_visa) as the member's payment method (201). */
export async function saveCard(member: { browser: Browser }, testCard: string, extra: object = {}) {
  const response = await member.browser.post("/api/payment-methods").send({ stripePaymentMethodId: testCard, type: "card", ...extra });
  expect(response.status).toBe(201);
  return paymentMethodSchema.parse(response.body);
}

/** POST /api/create-payment-intent with `body` (the caller checks the answer). */
export function requestPaymentIntent(buyer: { browser: Browser }, body: object) {
  return buyer.browser.post("/api/create-payment-intent").send(body);
}

/** POST /api/create-payment-intent with `body` (201), parsed. */
export async function openPaymentIntent(buyer: { browser: Browser }, body: object) {
  return fiatPurchaseStatusSchema.parse((await requestPaymentIntent(buyer, body).expect(201)).body);
}

/**
 * Two tabs: two intents for the loop's WAV are made before either is paid, then both are paid in
 * the browser. Reporting the first records the purchase (201); returns the second intent and the
 * answer to reporting it (the caller checks it).
 */
export async function payWavInTwoTabs(stripe: FakeStripe, buyer: { browser: Browser }, loopId: string) {
  const first = await openPaymentIntent(buyer, { loopId, format: "wav" });
  const second = await openPaymentIntent(buyer, { loopId, format: "wav" });
  stripe.confirmInBrowser(first.paymentIntentId!, "pm_card_visa");
  stripe.confirmInBrowser(second.paymentIntentId!, "pm_card_visa");
  await buyer.browser.post("/api/purchases").send({ loopId, format: "wav", paymentIntentId: first.paymentIntentId }).expect(201);
  const answer = await buyer.browser.post("/api/purchases").send({ loopId, format: "wav", paymentIntentId: second.paymentIntentId });
  return { second, answer };
}
