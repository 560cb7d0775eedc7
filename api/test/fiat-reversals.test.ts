// Money safety of card and PayPal sales (issue 17): the seller's proceeds are credited but held for
// the platform's fiat hold (default 7 days) and cannot be sent, spent or withdrawn meanwhile; the
// release job frees them at their time, once, whatever runs it twice. A chargeback or refund sent by
// the provider (Stripe charge.dispute.created / charge.refunded, PayPal PAYMENT.CAPTURE.REVERSED /
// PAYMENT.CAPTURE.REFUNDED, signed as the providers sign them) revokes the purchase: inside the hold
// the held proceeds and the fee go back to clearing; after it the price is the platform's loss in
// chargeback_losses and the seller keeps the LOOP. Every event is applied once (replays, a dispute
// then a refund). Time is driven by the job's clock argument or by the hold's release time.
import { FIAT_PAYMENT_MESSAGES, fiatPurchaseStatusSchema, paymentMethodSchema, paypalOrderSchema } from "@loop/rules/schemas/fiat-payments";
import { pendingSaleListSchema, promotionalRefusalMessage, tokenBalanceSchema } from "@loop/rules/schemas/tokens";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { platformBalance, type PlatformAccountKind } from "../src/features/ledger/ledger.service";
import { checkLedger } from "../src/features/ledger/ledger-check";
import { releaseDueHolds } from "../src/features/ledger/timed-holds";
import { paypalEnv, startFakePaypal, type FakePaypal, type PaypalDelivery } from "./fakes/fake-paypal";
import { startFakeStripe, stripeEnv, type FakeStripe, type StripeDelivery } from "./fakes/fake-stripe";
import { openPaymentIntent, payWavInTwoTabs, requestPaymentIntent, saveCard } from "./support/card-payments";
import { createListedLoop } from "./support/listed-loop";
import { signInAdmin, signInMember } from "./support/members";
import { createTestApp, type TestApp } from "./support/test-app";

const LOOP = 10n ** 8n;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A $4.99 loop as MP3: the seller's price 2,495 LOOP, the fee $0.10 = 50 LOOP, the total $5.09. */
const PRICE = 2495n * LOOP;
const FEE = 50n * LOOP;
const ETH = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

describe("card and PayPal sale proceeds: hold, release, reversals", () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let paypal: FakePaypal;

  type Member = Awaited<ReturnType<typeof signInMember>>;

  async function listing(seller: Member) {
    const loopId = await createListedLoop(t.db.prisma, seller.id, `Held ${Math.random().toString(36).slice(2, 8)}`, 499);
    // Processed files, so that a buyer can be given a download link.
    await t.db.prisma.loop.update({ where: { id: loopId }, data: { mp3Key: `loops/${loopId}/mp3`, wavKey: `loops/${loopId}/wav` } });
    return loopId;
  }
  /** The buyer pays the loop (MP3) with a saved Visa: the intent succeeds at once. */
  async function cardSale() {
    const seller = await signInMember(t);
    const buyer = await signInMember(t);
    const loopId = await listing(seller);
    const card = await saveCard(buyer, "pm_card_visa");
    const paid = await openPaymentIntent(buyer, { loopId, format: "mp3", paymentMethodId: card.id });
    expect(paid.status).toBe("completed");
    return { seller, buyer, loopId, intentId: paid.paymentIntentId!, purchaseId: paid.purchase!.id };
  }
  /** The buyer pays the loop (MP3) with PayPal: order, approval, capture. */
  async function paypalSale() {
    const seller = await signInMember(t);
    const buyer = await signInMember(t);
    const loopId = await listing(seller);
    const order = paypalOrderSchema.parse((await buyer.browser.post("/paypal/order").send({ loopId, format: "mp3" }).expect(201)).body);
    paypal.approve(order.id);
    const captured = fiatPurchaseStatusSchema.parse((await buyer.browser.post(`/paypal/order/${order.id}/capture`).expect(200)).body);
    return { seller, buyer, loopId, orderId: order.id, purchaseId: captured.purchase!.id };
  }

  const balance = async (member: Member) => ({
    ...tokenBalanceSchema.parse((await member.browser.get("/api/tokens/balance").expect(200)).body),
    pendingSales: pendingSaleListSchema.parse((await member.browser.get("/api/tokens/pending-sales").expect(200)).body),
  });
  const platform = (kind: PlatformAccountKind) => platformBalance(t.db.prisma, kind);
  const platformBooks = async () => ({
    clearing: await platform("clearing"),
    fees: await platform("fees"),
    losses: await platform("chargeback_losses"),
  });
  const notifications = (userId: string, title: string) =>
    t.db.prisma.notification.findMany({ where: { userId, title }, orderBy: { createdAt: "asc" } });
  const owned = async (buyer: Member, loopId: string) =>
    (await t.db.prisma.purchase.count({ where: { buyerId: buyer.id, loopId, refundedAt: null } })) > 0;
  const downloadLink = (buyer: Member, loopId: string) => buyer.browser.get(`/api/loops/${loopId}/download?format=mp3`);
  const deliverStripe = (delivery: StripeDelivery) => request(t.app).post("/api/webhooks/stripe").set(delivery.headers).send(delivery.body);
  const deliverPaypal = (delivery: PaypalDelivery) => request(t.app).post("/api/webhooks/paypal").set(delivery.headers).send(delivery.body);
  const earned = async (member: Member) => (await member.browser.get("/api/user/level").expect(200)).body.totalEarned as string;
  const reversalEntries = () => t.db.prisma.ledgerEntry.count({ where: { kind: { in: ["sale_reversal", "chargeback_loss"] } } });
  /** What a replay must leave alone. */
  const snapshot = async (seller: Member, buyer: Member) => ({
    seller: await balance(seller),
    books: await platformBooks(),
    entries: await reversalEntries(),
    notices: (await notifications(seller.id, "Sale Reversed")).length + (await notifications(buyer.id, "Purchase Cancelled")).length,
  });

  beforeAll(async () => {
    stripe = await startFakeStripe();
    paypal = await startFakePaypal();
    t = await createTestApp({
      env: {
        ...stripeEnv(stripe),
        ...paypalEnv(paypal),
      },
    });
    // Every seller here has the history that gives the normal hold (the longer hold of a new seller is
    // chargeback-risk.test.ts's).
    await t.db.prisma.platformSettings.update({ where: { id: true }, data: { trustedSellerSales: 0 } });
  });
  afterEach(async () => {
    expect(await checkLedger(t.db.prisma)).toEqual([]);
    await t.db.prisma.platformSettings.update({ where: { id: true }, data: { fiatHoldDays: 7 } });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
    await paypal.close();
  });

  it("a card sale's proceeds are credited but held 7 days: pending until then, and not sendable or withdrawable", async () => {
    const before = Date.now();
    const { seller } = await cardSale();
    const after = Date.now();
    const shown = await balance(seller);
    expect(shown).toMatchObject({ balance: "2995.00000000", held: "2495.00000000", available: "500.00000000" });
    expect(shown.pendingSales).toHaveLength(1);
    expect(shown.pendingSales[0]!.amount).toBe("2495.00000000");
    const until = new Date(shown.pendingSales[0]!.availableAt).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(until).toBeLessThanOrEqual(after + 7 * DAY_MS);
    const [sold] = await notifications(seller.id, "New Sale");
    expect(sold!.message).toContain(`The 2495 LOOP are pending until ${new Date(until).toISOString().slice(0, 10)}`);

    await request(t.app).get("/api/tokens/pending-sales").expect(401);
    // Neither a transfer nor a withdrawal can take more than the 500 LOOP available.
    const other = await signInMember(t);
    const sent = await seller.browser.post("/api/tokens/transfer").send({ toUserId: other.id, amount: "501" });
    expect(sent.status).toBe(400);
    const withdrawn = await seller.browser.post("/api/tokens/withdraw").send({ amount: "2000", method: "crypto_eth", destination: ETH });
    expect(withdrawn.status).toBe(400);
    expect(await t.db.prisma.withdrawal.count({ where: { userId: seller.id } })).toBe(0);
    expect(await balance(seller)).toMatchObject({ balance: "2995.00000000", available: "500.00000000" });
    // The welcome bonus stays spendable on loops, but it is promotional: it cannot be sent (issue 18).
    const bonus = await seller.browser.post("/api/tokens/transfer").send({ toUserId: other.id, amount: "500" }).expect(400);
    expect(bonus.body.message).toBe(promotionalRefusalMessage("send", "0"));
    expect(await balance(seller)).toMatchObject({ available: "500.00000000", withdrawable: "0.00000000", promotional: "500.00000000" });
  });

  it("the release job frees proceeds at their time, once, even when two replicas run it at once", async () => {
    const first = await cardSale();
    const second = await paypalSale();
    // Not yet: a minute before the hold ends nothing is released.
    expect(await releaseDueHolds(t.db.prisma, new Date(Date.now() + 7 * DAY_MS - 60_000))).toBe(0);
    expect((await balance(first.seller)).available).toBe("500.00000000");

    const later = new Date(Date.now() + 7 * DAY_MS + 60_000);
    const runs = await Promise.all([releaseDueHolds(t.db.prisma, later), releaseDueHolds(t.db.prisma, later)]);
    expect(runs[0]! + runs[1]!).toBeGreaterThanOrEqual(2);
    expect(await releaseDueHolds(t.db.prisma, later)).toBe(0);
    for (const { seller } of [first, second]) {
      expect(await balance(seller)).toMatchObject({
        balance: "2995.00000000",
        held: "0.00000000",
        available: "2995.00000000",
        pendingSales: [],
      });
    }
    expect(
      await t.db.prisma.ledgerHold.count({ where: { reason: { startsWith: "fiat-sale:" }, state: "open", releaseAt: { lte: later } } }),
    ).toBe(0);

    // The hold's own release time is what counts (here moved into the past): the job's default clock.
    const third = await cardSale();
    const checkout = await t.db.prisma.checkout.findFirstOrThrow({ where: { purchaseId: third.purchaseId } });
    await t.db.prisma.ledgerHold.update({ where: { id: checkout.proceedsHoldId! }, data: { releaseAt: new Date(Date.now() - 1000) } });
    expect(await releaseDueHolds(t.db.prisma)).toBe(1);
    expect((await balance(third.seller)).available).toBe("2995.00000000");
    // Released proceeds can be sent (the welcome bonus cannot: it is promotional).
    await third.seller.browser.post("/api/tokens/transfer").send({ toUserId: first.buyer.id, amount: "2495" }).expect(201);
  });

  it("a card chargeback inside the hold revokes the purchase and returns the held proceeds and the fee; replays and the later refund change nothing", async () => {
    const { seller, buyer, loopId, intentId } = await cardSale();
    await downloadLink(buyer, loopId).expect(200);
    expect(await earned(seller)).toBe("2495.00000000");
    const booksBefore = await platformBooks();

    const dispute = stripe.dispute(intentId);
    await deliverStripe(dispute).expect(200);

    expect(await owned(buyer, loopId)).toBe(false);
    const refused = await downloadLink(buyer, loopId);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^Purchase (Required|Refunded):/);
    const listed = await buyer.browser.get(`/api/loops/${loopId}`).expect(200);
    expect(listed.body.isPurchased).toBe(false);
    // The seller is back to the welcome bonus; the buyer's money went back where it came in.
    expect(await balance(seller)).toMatchObject({
      balance: "500.00000000",
      held: "0.00000000",
      available: "500.00000000",
      pendingSales: [],
    });
    expect(await platformBooks()).toEqual({
      clearing: booksBefore.clearing + PRICE + FEE,
      fees: booksBefore.fees - FEE,
      losses: booksBefore.losses,
    });
    const checkout = await t.db.prisma.checkout.findFirstOrThrow({ where: { providerRef: intentId } });
    expect(checkout).toMatchObject({
      status: "reversed",
      reversalReason: "dispute",
      reversalOutcome: "returned",
      reversalRef: JSON.parse(dispute.body).data.object.id,
    });
    expect((await t.db.prisma.ledgerHold.findUniqueOrThrow({ where: { id: checkout.proceedsHoldId! } })).state).toBe("captured");
    expect((await notifications(buyer.id, "Purchase Cancelled"))[0]!.message).toMatch(/card payment of \$5\.09 .* was disputed/);
    expect((await notifications(seller.id, "Sale Reversed"))[0]!.message).toContain("its 2495 LOOP, still pending, were taken back");
    const history = (await seller.browser.get("/api/tokens/transfers").expect(200)).body as {
      transferType: string;
      direction: string;
      amount: string;
    }[];
    expect(history[0]).toMatchObject({ transferType: "sale", direction: "out", amount: "2495.00000000" });
    // A sale taken back was never earned.
    expect(await earned(seller)).toBe("0.00000000");

    // The same event again (Stripe retries), then the refund of the disputed charge: nothing more.
    const settled = await snapshot(seller, buyer);
    await deliverStripe(dispute).expect(200);
    await Promise.all([deliverStripe(dispute), deliverStripe(dispute)]);
    await deliverStripe(stripe.refundInDashboard(intentId)).expect(200);
    expect(await snapshot(seller, buyer)).toEqual(settled);
    // The page's report and Stripe's success event cannot record it again.
    const reported = await buyer.browser.post("/api/purchases").send({ loopId, format: "mp3", paymentIntentId: intentId });
    expect(reported.status).toBe(409);
    expect(reported.body.message).toBe(FIAT_PAYMENT_MESSAGES.reversed);
    await deliverStripe(stripe.webhookDelivery("payment_intent.succeeded", stripe.intents.get(intentId))).expect(200);
    expect(await owned(buyer, loopId)).toBe(false);
    expect(await snapshot(seller, buyer)).toEqual(settled);
    // The release job finds nothing to release.
    expect(await releaseDueHolds(t.db.prisma, new Date(Date.now() + 8 * DAY_MS))).toBe(0);
    expect(await balance(seller)).toMatchObject({ balance: "500.00000000" });

    // The buyer may buy it again.
    const card = paymentMethodSchema.parse((await buyer.browser.get("/api/payment-methods").expect(200)).body[0]);
    const again = await requestPaymentIntent(buyer, { loopId, format: "mp3", paymentMethodId: card.id });
    expect(again.status).toBe(201);
    expect(await owned(buyer, loopId)).toBe(true);
  });

  it("a card refund after the hold is the platform's loss: the seller keeps the LOOP (maybe spent) and is told; replays and a later dispute change nothing", async () => {
    const { seller, buyer, loopId, intentId } = await cardSale();
    await releaseDueHolds(t.db.prisma, new Date(Date.now() + 7 * DAY_MS + 60_000));
    // Spent at once: the reversal must not need it back (the proceeds, all that can be sent).
    const friend = await signInMember(t);
    await seller.browser.post("/api/tokens/transfer").send({ toUserId: friend.id, amount: "2495" }).expect(201);
    const booksBefore = await platformBooks();

    await deliverStripe(stripe.refundInDashboard(intentId)).expect(200);

    expect(await owned(buyer, loopId)).toBe(false);
    expect((await downloadLink(buyer, loopId)).status).toBe(403);
    expect(await balance(seller)).toMatchObject({ balance: "500.00000000", withdrawable: "0.00000000", promotional: "500.00000000" });
    expect(await balance(friend)).toMatchObject({ balance: "2995.00000000" });
    expect(await platformBooks()).toEqual({
      clearing: booksBefore.clearing + PRICE + FEE,
      fees: booksBefore.fees - FEE,
      losses: booksBefore.losses - PRICE,
    });
    const checkout = await t.db.prisma.checkout.findFirstOrThrow({ where: { providerRef: intentId } });
    expect(checkout).toMatchObject({ status: "reversed", reversalReason: "refund", reversalOutcome: "loss" });
    const entry = await t.db.prisma.ledgerEntry.findUniqueOrThrow({ where: { id: checkout.reversalEntryId! } });
    expect(entry).toMatchObject({ kind: "chargeback_loss", idempotencyKey: `reversal:${checkout.id}` });
    expect((await notifications(seller.id, "Sale Reversed"))[0]!.message).toContain("You keep them (the platform bears the loss)");
    expect(await notifications(buyer.id, "Purchase Cancelled")).toHaveLength(1);
    // Kept after the hold: still earned.
    expect(await earned(seller)).toBe("2495.00000000");

    const settled = await snapshot(seller, buyer);
    await deliverStripe(stripe.events.at(-1)!.delivery).expect(200);
    await deliverStripe(stripe.dispute(intentId)).expect(200);
    expect(await snapshot(seller, buyer)).toEqual(settled);
  });

  it("a partial card refund, a refund of a payment never recorded, and a forged dispute change nothing", async () => {
    const { seller, buyer, loopId, intentId } = await cardSale();
    const booksBefore = await platformBooks();
    await deliverStripe(stripe.refundInDashboard(intentId, 100)).expect(200);
    expect(await owned(buyer, loopId)).toBe(true);
    const forged = stripe.webhookDelivery(
      "charge.dispute.created",
      { id: "dp_forged", object: "dispute", charge: stripe.intents.get(intentId)!.latest_charge, payment_intent: intentId },
      { forge: true },
    );
    const refused = await deliverStripe(forged);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(FIAT_PAYMENT_MESSAGES.badSignature);
    expect(await owned(buyer, loopId)).toBe(true);
    expect(await platformBooks()).toEqual(booksBefore);
    expect((await balance(seller)).held).toBe("2495.00000000");

    // Two tabs paid twice: the second payment is refunded by the app, and Stripe's charge.refunded for it changes nothing.
    expect((await payWavInTwoTabs(stripe, buyer, loopId)).answer.status).toBe(409);
    const ownRefund = stripe.events.at(-1)!;
    expect(ownRefund.type).toBe("charge.refunded");
    const entries = await reversalEntries();
    await deliverStripe(ownRefund.delivery).expect(200);
    expect(await reversalEntries()).toBe(entries);
    expect(await t.db.prisma.purchase.count({ where: { buyerId: buyer.id, loopId, refundedAt: null } })).toBe(2);
  });

  it("a PayPal reversal inside the hold revokes the purchase and returns the proceeds; replays and the refund after it change nothing", async () => {
    const { seller, buyer, loopId, orderId } = await paypalSale();
    const booksBefore = await platformBooks();
    const reversal = paypal.reverse(orderId);
    expect(JSON.parse(reversal.body)).toMatchObject({
      event_type: "PAYMENT.CAPTURE.REVERSED",
      resource_type: "refund",
      resource: { status: "COMPLETED", amount: { value: "5.09" } },
    });

    await deliverPaypal(reversal).expect(200);
    expect(await owned(buyer, loopId)).toBe(false);
    expect((await downloadLink(buyer, loopId)).status).toBe(403);
    expect(await balance(seller)).toMatchObject({ balance: "500.00000000", held: "0.00000000" });
    expect(await platformBooks()).toEqual({
      clearing: booksBefore.clearing + PRICE + FEE,
      fees: booksBefore.fees - FEE,
      losses: booksBefore.losses,
    });
    expect(await t.db.prisma.checkout.findFirstOrThrow({ where: { providerRef: orderId } })).toMatchObject({
      status: "reversed",
      reversalOutcome: "returned",
      reversalReason: "dispute",
    });
    expect((await notifications(buyer.id, "Purchase Cancelled"))[0]!.message).toMatch(/PayPal payment of \$5\.09/);
    expect(await notifications(seller.id, "Sale Reversed")).toHaveLength(1);

    const settled = await snapshot(seller, buyer);
    // PayPal redelivers the same event (a new transmission, the same event).
    const again = paypal.webhookDelivery("PAYMENT.CAPTURE.REVERSED", JSON.parse(reversal.body).resource);
    await Promise.all([deliverPaypal(reversal), deliverPaypal(again)]);
    expect(await snapshot(seller, buyer)).toEqual(settled);
    // Retried captures and reports answer that the payment was reversed.
    const capture = await buyer.browser.post(`/paypal/order/${orderId}/capture`);
    expect({ status: capture.status, message: capture.body.message }).toEqual({ status: 409, message: FIAT_PAYMENT_MESSAGES.reversed });
    const report = await buyer.browser.post("/api/purchases/paypal").send({ loopId, format: "mp3", orderID: orderId });
    expect(report.status).toBe(409);
    expect(await snapshot(seller, buyer)).toEqual(settled);
  });

  it("a PayPal refund after the hold is the platform's loss; a partial refund and a forged event change nothing; replays change nothing", async () => {
    const { seller, buyer, loopId, orderId } = await paypalSale();
    // The partial refund inside the hold: the purchase stands.
    await deliverPaypal(paypal.refundInDashboard(orderId, "1.00")).expect(200);
    expect(await owned(buyer, loopId)).toBe(true);
    const forged = paypal.webhookDelivery("PAYMENT.CAPTURE.REFUNDED", JSON.parse(paypal.events.at(-1)!.delivery.body).resource, {
      forge: true,
    });
    expect((await deliverPaypal(forged)).status).toBe(400);

    await releaseDueHolds(t.db.prisma, new Date(Date.now() + 7 * DAY_MS + 60_000));
    expect((await balance(seller)).available).toBe("2995.00000000");
    const booksBefore = await platformBooks();
    // The rest: the whole capture is refunded now.
    const refund = paypal.refundInDashboard(orderId);
    expect(JSON.parse(refund.body).resource.seller_payable_breakdown.total_refunded_amount.value).toBe("5.09");
    await deliverPaypal(refund).expect(200);

    expect(await owned(buyer, loopId)).toBe(false);
    expect(await balance(seller)).toMatchObject({ balance: "2995.00000000", available: "2995.00000000" });
    expect(await platformBooks()).toEqual({
      clearing: booksBefore.clearing + PRICE + FEE,
      fees: booksBefore.fees - FEE,
      losses: booksBefore.losses - PRICE,
    });
    expect(await t.db.prisma.checkout.findFirstOrThrow({ where: { providerRef: orderId } })).toMatchObject({
      status: "reversed",
      reversalOutcome: "loss",
      reversalReason: "refund",
    });
    expect((await notifications(seller.id, "Sale Reversed"))[0]!.message).toContain("You keep them");

    const settled = await snapshot(seller, buyer);
    await deliverPaypal(refund).expect(200);
    await deliverPaypal(paypal.webhookDelivery("PAYMENT.CAPTURE.REVERSED", JSON.parse(refund.body).resource)).expect(200);
    expect(await snapshot(seller, buyer)).toEqual(settled);
  });

  it("a PayPal capture reversed while pending review is never recorded", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t);
    const loopId = await listing(seller);
    const order = paypalOrderSchema.parse((await buyer.browser.post("/paypal/order").send({ loopId, format: "mp3" }).expect(201)).body);
    paypal.approve(order.id, "PENDING");
    await buyer.browser.post(`/paypal/order/${order.id}/capture`).expect(202);
    paypal.completePendingCapture(order.id);
    await deliverPaypal(paypal.reverse(order.id)).expect(200);
    expect(await t.db.prisma.checkout.findFirstOrThrow({ where: { providerRef: order.id } })).toMatchObject({
      status: "refunded",
      purchaseId: null,
    });
    const capture = paypal.orders.get(order.id)!.purchase_units[0]!.payments!.captures[0]!;
    await deliverPaypal(
      paypal.webhookDelivery("PAYMENT.CAPTURE.COMPLETED", {
        ...capture,
        status: "COMPLETED",
        supplementary_data: { related_ids: { order_id: order.id } },
      }),
    ).expect(200);
    expect(await t.db.prisma.purchase.count({ where: { buyerId: buyer.id } })).toBe(0);
    expect((await balance(seller)).balance).toBe("500.00000000");
  });

  it("a chargeback racing the release job at the end of the hold is booked once, one way or the other", async () => {
    for (let round = 0; round < 3; round += 1) {
      const { seller, buyer, purchaseId, intentId } = await cardSale();
      const checkout = await t.db.prisma.checkout.findFirstOrThrow({ where: { purchaseId } });
      await t.db.prisma.ledgerHold.update({ where: { id: checkout.proceedsHoldId! }, data: { releaseAt: new Date(Date.now() - 1000) } });
      const dispute = stripe.dispute(intentId);
      await Promise.all([releaseDueHolds(t.db.prisma), deliverStripe(dispute).expect(200), releaseDueHolds(t.db.prisma)]);
      const reversed = await t.db.prisma.checkout.findUniqueOrThrow({ where: { id: checkout.id } });
      const hold = await t.db.prisma.ledgerHold.findUniqueOrThrow({ where: { id: checkout.proceedsHoldId! } });
      // Returned: the hold was captured by the reversal; loss: the job released it first.
      expect([reversed.reversalOutcome, hold.state]).toEqual(
        reversed.reversalOutcome === "returned" ? ["returned", "captured"] : ["loss", "released"],
      );
      expect((await balance(seller)).balance).toBe(reversed.reversalOutcome === "returned" ? "500.00000000" : "2995.00000000");
      expect(await owned(buyer, checkout.loopId)).toBe(false);
      expect(await checkLedger(t.db.prisma)).toEqual([]);
    }
  });

  it("the hold is the admin's setting: new sales use it (0 = available at once, a reversal then is a loss)", async () => {
    const admin = await signInAdmin(t);
    expect((await admin.browser.get("/api/admin/settings").expect(200)).body.fiatHoldDays).toBe(7);
    await admin.browser.put("/api/admin/settings").send({ fiatHoldDays: 3 }).expect(200);
    const short = await cardSale();
    const until = new Date((await balance(short.seller)).pendingSales[0]!.availableAt).getTime();
    expect(Math.abs(until - (Date.now() + 3 * DAY_MS))).toBeLessThan(60_000);

    await admin.browser.put("/api/admin/settings").send({ fiatHoldDays: 0 }).expect(200);
    const instant = await cardSale();
    expect(await balance(instant.seller)).toMatchObject({ available: "2995.00000000", held: "0.00000000", pendingSales: [] });
    expect((await t.db.prisma.checkout.findFirstOrThrow({ where: { purchaseId: instant.purchaseId } })).proceedsHoldId).toBeNull();
    await deliverStripe(stripe.dispute(instant.intentId)).expect(200);
    expect(await t.db.prisma.checkout.findFirstOrThrow({ where: { purchaseId: instant.purchaseId } })).toMatchObject({
      status: "reversed",
      reversalOutcome: "loss",
    });
    // The earlier sale keeps its 3 days.
    expect((await balance(short.seller)).held).toBe("2495.00000000");
  });

  it("ledger:check notices a reversed sale whose purchase is still owned", async () => {
    const { buyer, loopId, intentId } = await cardSale();
    await deliverStripe(stripe.dispute(intentId)).expect(200);
    const purchase = await t.db.prisma.purchase.findFirstOrThrow({ where: { buyerId: buyer.id, loopId } });
    await t.db.prisma.purchase.update({ where: { id: purchase.id }, data: { refundedAt: null, refundRef: null } });
    try {
      expect((await checkLedger(t.db.prisma)).map((violation) => violation.check)).toEqual([
        expect.stringMatching(/^reversed fiat sale not booked once/),
      ]);
    } finally {
      await t.db.prisma.purchase.update({
        where: { id: purchase.id },
        data: { refundedAt: purchase.refundedAt, refundRef: purchase.refundRef },
      });
    }
  });
});
