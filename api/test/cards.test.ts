// Card payments and saved cards (docs/product.md#card, spec's /api/payment-methods and Stripe calls) against a
// local server speaking Stripe's API through Stripe's own client: the intent carries the server's
// amount; a purchase is recorded only for an intent Stripe says succeeded for it; declined cards,
// tampered amounts, someone else's intent or card and forged webhooks record nothing.
import { FIAT_PAYMENT_MESSAGES, fiatPurchaseStatusSchema } from "@loop/rules/schemas/fiat-payments";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { startFakeStripe, stripeEnv, type FakeStripe } from "./fakes/fake-stripe";
import { openPaymentIntent, payWavInTwoTabs, requestPaymentIntent, saveCard } from "./support/card-payments";
import { createListedLoop } from "./support/listed-loop";
import { signInMember } from "./support/members";
import { ledgerCheckedApp, suiteFake } from "./support/suite-app";
import type { TestApp } from "./support/test-app";

describe("cards", () => {
  let t: TestApp;
  let stripe: FakeStripe;
  const LOOP = 10n ** 8n;

  /** A seller's $4.99 loop (MP3 total 509 cents) and a buyer. */
  async function sale() {
    const seller = await signInMember(t);
    const buyer = await signInMember(t);
    const loopId = await createListedLoop(t.db.prisma, seller.id, "Card Loop", 499);
    return { seller, buyer, loopId };
  }
  const purchasesOf = (buyerId: string) => t.db.prisma.purchase.findMany({ where: { buyerId } });
  // Both of the member's accounts (withdrawable and promotional: the welcome bonus).
  const balanceOf = async (userId: string) =>
    (await t.db.prisma.ledgerAccount.aggregate({ where: { userId }, _sum: { balance: true } }))._sum.balance ?? 0n;
  const deliver = (type: string, object: unknown, forge = false) => {
    const delivery = stripe.webhookDelivery(type, object, { forge });
    return request(t.app).post("/api/webhooks/stripe").set(delivery.headers).send(delivery.body);
  };

  const stripeOptions = suiteFake(startFakeStripe, stripeEnv, (fake) => (stripe = fake));
  ledgerCheckedApp((app) => (t = app), stripeOptions);

  it("saved cards: details from Stripe, one default, only one's own; removing the default promotes another", async () => {
    const member = await signInMember(t);
    const other = await signInMember(t);
    expect((await member.browser.get("/api/payment-methods").expect(200)).body).toEqual([]);
    const setup = await member.browser.post("/api/stripe/setup-intent").expect(201);
    expect(setup.body.client_secret).toMatch(/^seti_.+_secret_/);

    // The page's brand and last4 are ignored: Stripe's are kept. The first card becomes the default.
    const visa = await saveCard(member, "pm_card_visa", { brand: "amex", last4: "0000", isDefault: false });
    expect(visa).toMatchObject({ brand: "visa", last4: "4242", type: "card", isDefault: true });
    expect(stripe.paymentMethods.get(visa.stripePaymentMethodId)!.customer).toMatch(/^cus_/);
    const mastercard = await saveCard(member, "pm_card_mastercard");
    expect(mastercard.isDefault).toBe(false);
    const duplicate = await member.browser.post("/api/payment-methods").send({ stripePaymentMethodId: visa.stripePaymentMethodId });
    expect(duplicate.status).toBe(409);
    // A card attached to someone else's customer cannot be taken over.
    const theft = await other.browser.post("/api/payment-methods").send({ stripePaymentMethodId: visa.stripePaymentMethodId });
    expect(theft.status).toBe(404);
    expect((await other.browser.post("/api/payment-methods").send({ stripePaymentMethodId: "card_123" })).status).toBe(400);

    const made = await member.browser.put(`/api/payment-methods/${mastercard.id}/default`).expect(200);
    expect(made.body.isDefault).toBe(true);
    const listed = (await member.browser.get("/api/payment-methods").expect(200)).body as { id: string; isDefault: boolean }[];
    expect(listed.map((card) => [card.id, card.isDefault])).toEqual([
      [mastercard.id, true],
      [visa.id, false],
    ]);
    expect((await other.browser.put(`/api/payment-methods/${visa.id}/default`)).status).toBe(404);
    expect((await other.browser.delete(`/api/payment-methods/${visa.id}`)).status).toBe(404);
    expect((await other.browser.get("/api/payment-methods").expect(200)).body).toEqual([]);

    await member.browser.delete(`/api/payment-methods/${mastercard.id}`).expect(204);
    expect(stripe.paymentMethods.get(mastercard.stripePaymentMethodId)!.customer).toBeNull();
    const left = (await member.browser.get("/api/payment-methods").expect(200)).body as { id: string; isDefault: boolean }[];
    expect(left).toEqual([expect.objectContaining({ id: visa.id, isDefault: true })]);
    expect((await request(t.app).get("/api/payment-methods")).status).toBe(401);
  });

  it("paying with a saved card records the purchase once, however the success is reported", async () => {
    const { seller, buyer, loopId } = await sale();
    const card = await saveCard(buyer, "pm_card_visa");
    const paid = await requestPaymentIntent(buyer, { loopId, format: "mp3", amount: 509, paymentMethodId: card.id });
    expect(paid.status).toBe(201);
    const status = fiatPurchaseStatusSchema.parse(paid.body);
    expect(status.status).toBe("completed");
    expect(status.purchase).toMatchObject({ method: "card", price: "4.99", fee: "0.10", total: "5.09" });
    const intent = stripe.intents.get(status.paymentIntentId!)!;
    expect(intent).toMatchObject({ amount: 509, currency: "usd", status: "succeeded" });
    expect(await balanceOf(seller.id)).toBe(500n * LOOP + 2495n * LOOP);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: buyer.id } })).experience).toBe(5 + 4);

    const reported = await buyer.browser.post("/api/purchases").send({ loopId, format: "mp3", paymentIntentId: intent.id });
    expect(reported.status).toBe(201);
    expect(reported.body.purchase.id).toBe(status.purchase!.id);
    await Promise.all([1, 2].map(() => deliver("payment_intent.succeeded", intent).expect(200)));
    expect(await purchasesOf(buyer.id)).toHaveLength(1);
    expect(await balanceOf(seller.id)).toBe(500n * LOOP + 2495n * LOOP);
  });

  it("a declined card, a tampered amount, someone else's card and a forged webhook record nothing", async () => {
    const { seller, buyer, loopId } = await sale();
    const declinedCard = await saveCard(buyer, "pm_card_chargeDeclined");
    const declined = await requestPaymentIntent(buyer, { loopId, format: "mp3", amount: 509, paymentMethodId: declinedCard.id });
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({ message: "Payment Declined: Your card was declined.", code: "PAYMENT_DECLINED" });

    const tampered = await requestPaymentIntent(buyer, { loopId, format: "mp3", amount: 1, paymentMethodId: declinedCard.id });
    expect(tampered.status).toBe(400);
    expect(tampered.body).toEqual({ message: FIAT_PAYMENT_MESSAGES.amountMismatch, code: "CHECKOUT_PRICE_CHANGED" });

    const stranger = await signInMember(t);
    const strangersCard = await saveCard(stranger, "pm_card_visa");
    const borrowed = await requestPaymentIntent(buyer, { loopId, format: "mp3", paymentMethodId: strangersCard.id });
    expect(borrowed.status).toBe(404);

    // A new card in the page: the intent waits for Stripe.js; a forged "succeeded" changes nothing.
    const open = await openPaymentIntent(buyer, { loopId, format: "mp3", amount: 509 });
    expect(open).toMatchObject({ status: "requires_payment_method", purchase: null });
    expect(open.clientSecret).toMatch(/_secret_/);
    const fake = { ...stripe.intents.get(open.paymentIntentId!)!, status: "succeeded", amount_received: 509 };
    const forged = await deliver("payment_intent.succeeded", fake, true);
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ message: FIAT_PAYMENT_MESSAGES.badSignature, code: "WEBHOOK_SIGNATURE_INVALID" });
    // Signed, but Stripe itself says the intent has not succeeded: still nothing.
    await deliver("payment_intent.succeeded", fake).expect(200);
    const early = await buyer.browser.post("/api/purchases").send({ loopId, format: "mp3", paymentIntentId: open.paymentIntentId });
    expect(early.status).toBe(409);
    // Someone else reporting the buyer's intent is answered like a missing one.
    expect(
      (await stranger.browser.post("/api/purchases").send({ loopId, format: "mp3", paymentIntentId: open.paymentIntentId })).status,
    ).toBe(404);

    expect(await purchasesOf(buyer.id)).toHaveLength(0);
    expect(await purchasesOf(stranger.id)).toHaveLength(0);
    expect(await balanceOf(seller.id)).toBe(500n * LOOP);
  });

  it("a new card confirmed in the page is recorded by the signed webhook; 3-D Secure and a processing bank complete later", async () => {
    const { buyer, loopId } = await sale();
    const open = await openPaymentIntent(buyer, { loopId, format: "mp3" });
    const confirmed = stripe.confirmInBrowser(open.paymentIntentId!, "pm_card_visa");
    await deliver("payment_intent.succeeded", confirmed).expect(200);
    expect((await purchasesOf(buyer.id)).map((row) => [row.method, row.format])).toEqual([["card", "mp3"]]);

    const secure = await saveCard(buyer, "pm_card_authenticationRequired");
    const challenged = await requestPaymentIntent(buyer, { loopId, format: "wav", paymentMethodId: secure.id });
    expect(challenged.status).toBe(200);
    expect(challenged.body).toMatchObject({ status: "requires_action", purchase: null });
    expect(challenged.body.clientSecret).toMatch(/_secret_/);
    stripe.succeed(challenged.body.paymentIntentId);
    const after = await buyer.browser
      .post("/api/purchases")
      .send({ loopId, format: "wav", paymentIntentId: challenged.body.paymentIntentId });
    expect(after.status).toBe(201);
    expect(after.body.purchase).toMatchObject({ method: "card", format: "wav", total: "5.19" });

    const { buyer: patient, loopId: other } = await sale();
    const visa = await saveCard(patient, "pm_card_visa");
    stripe.processNextConfirmation();
    const processing = await requestPaymentIntent(patient, { loopId: other, format: "mp3", paymentMethodId: visa.id });
    expect(processing.status).toBe(202);
    expect(processing.body.status).toBe("pending");
    await deliver("payment_intent.succeeded", stripe.succeed(processing.body.paymentIntentId)).expect(200);
    expect(await purchasesOf(patient.id)).toHaveLength(1);
  });

  it("a success for another amount is not recorded; a second payment for a loop already bought is refunded", async () => {
    const { buyer, loopId } = await sale();
    const open = await openPaymentIntent(buyer, { loopId, format: "mp3" });
    stripe.confirmInBrowser(open.paymentIntentId!, "pm_card_visa");
    stripe.setAmountReceived(open.paymentIntentId!, 100);
    const odd = await buyer.browser.post("/api/purchases").send({ loopId, format: "mp3", paymentIntentId: open.paymentIntentId });
    expect(odd.status).toBe(409);
    expect(odd.body).toEqual({ message: FIAT_PAYMENT_MESSAGES.paidAmountMismatch, code: "PAYMENT_MISMATCH" });
    expect(await purchasesOf(buyer.id)).toHaveLength(0);

    // Two tabs: both intents are created before either is paid, then both succeed.
    const { second, answer: twice } = await payWavInTwoTabs(stripe, buyer, loopId);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: "ALREADY_PURCHASED_REFUNDED", message: expect.stringMatching(/refunded/) });
    expect(stripe.refunds).toEqual([expect.objectContaining({ payment_intent: second.paymentIntentId, amount: 519 })]);
    expect((await purchasesOf(buyer.id)).map((row) => row.format)).toEqual(["wav"]);
  });
});
