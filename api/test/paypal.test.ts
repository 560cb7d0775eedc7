// Paying with PayPal (docs/product.md#paypal) against a local server speaking PayPal's REST API: the server prices
// the order, captures it, and records the purchase only when PayPal says the capture completed for
// that amount; refusals (tampered amount, someone else's order, declined, not approved, mismatch,
// forged webhook) record nothing; browser, retries and webhook racing record it once.
import { FIAT_PAYMENT_MESSAGES, fiatPurchaseStatusSchema, paypalOrderSchema, paypalSetupSchema } from "@loop/rules/schemas/fiat-payments";
import { PURCHASE_MESSAGES } from "@loop/rules/schemas/purchases";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../src/features/ledger/ledger-check";
import { paypalEnv, startFakePaypal, type FakePaypal } from "./fakes/fake-paypal";
import { createListedLoop } from "./support/listed-loop";
import { decodeQuotedPrintable, startSmtpServer } from "./support/smtp";
import { signInMember } from "./support/members";
import { createTestApp, type TestApp } from "./support/test-app";

describe("PayPal", () => {
  let t: TestApp;
  let paypal: FakePaypal;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  /** A seller with a $4.99 loop (MP3 total $5.09, WAV $5.19), and a buyer. */
  async function sale(price = 499) {
    const seller = await signInMember(t, `seller-${Date.now()}-${Math.random()}@example.com`);
    const buyer = await signInMember(t, `buyer-${Date.now()}-${Math.random()}@example.com`);
    const loopId = await createListedLoop(t.db.prisma, seller.id, "Night Drive", price);
    return { seller, buyer, loopId };
  }
  const purchasesOf = (buyerId: string) => t.db.prisma.purchase.findMany({ where: { buyerId } });
  // Both of the member's accounts (withdrawable and promotional: the welcome bonus).
  const balanceOf = async (userId: string) =>
    (await t.db.prisma.ledgerAccount.aggregate({ where: { userId }, _sum: { balance: true } }))._sum.balance ?? 0n;
  const LOOP = 10n ** 8n;

  beforeAll(async () => {
    paypal = await startFakePaypal();
    smtp = await startSmtpServer();
    t = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        ...paypalEnv(paypal),
      },
    });
  });
  afterEach(async () => {
    expect(await checkLedger(t.db.prisma)).toEqual([]);
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
    await smtp.stop();
  });

  it("setup gives the client id and a client token; without PayPal keys it says PayPal is not configured", async () => {
    const { buyer } = await sale();
    const setup = paypalSetupSchema.parse((await buyer.browser.get("/paypal/setup").expect(200)).body);
    expect(setup).toMatchObject({ configured: true, clientId: paypal.clientId, currency: "USD" });
    expect(setup.clientToken).toEqual(expect.any(String));
    expect((await request(t.app).get("/paypal/setup")).status).toBe(401);
    expect((await request(t.app).get("/api/config").expect(200)).body.paypal).toEqual({ clientId: paypal.clientId });

    const bare = await createTestApp();
    try {
      const agent = (await signInMember(bare)).browser;
      expect((await agent.get("/paypal/setup").expect(200)).body).toEqual({
        configured: false,
        clientId: null,
        clientToken: null,
        currency: "USD",
      });
      const order = await agent.post("/paypal/order").send({ loopId: "x", format: "mp3" });
      expect(order.status).toBe(503);
      expect(order.body).toEqual({ message: FIAT_PAYMENT_MESSAGES.paypalNotConfigured, code: "PAYPAL_UNAVAILABLE" });
      expect((await request(bare.app).get("/api/config").expect(200)).body.paypal).toBeNull();
    } finally {
      await bare.close();
    }
  });

  it("a buyer pays an order the server priced: one purchase, the seller credited, XP, notifications, both e-mails", async () => {
    const { seller, buyer, loopId } = await sale();
    const created = await buyer.browser
      .post("/paypal/order")
      .send({ loopId, format: "wav", amount: "5.19", currency: "USD", intent: "CAPTURE" });
    expect(created.status).toBe(201);
    const order = paypalOrderSchema.parse(created.body);
    expect(order).toMatchObject({ amount: "5.19", currency: "USD" });
    expect(paypal.orders.get(order.id)!.purchase_units[0]!.amount).toEqual({ currency_code: "USD", value: "5.19" });

    // Not approved in PayPal's window yet: nothing is captured.
    const early = await buyer.browser.post(`/paypal/order/${order.id}/capture`);
    expect(early.status).toBe(422);
    expect(await purchasesOf(buyer.id)).toHaveLength(0);

    paypal.approve(order.id);
    const captured = await buyer.browser.post(`/paypal/order/${order.id}/capture`);
    expect(captured.status).toBe(200);
    const status = fiatPurchaseStatusSchema.parse(captured.body);
    expect(status.status).toBe("completed");
    expect(status.purchase).toMatchObject({
      loopId,
      format: "wav",
      method: "paypal",
      price: "4.99",
      fee: "0.20",
      total: "5.19",
      loopAmount: null,
    });

    // The seller gets the price in in-app LOOP (500 per USD) on top of the welcome bonus; the fee goes to fees.
    expect(await balanceOf(seller.id)).toBe(500n * LOOP + 2495n * LOOP);
    const buyerRow = await t.db.prisma.user.findUniqueOrThrow({ where: { id: buyer.id } });
    expect(buyerRow.experience).toBe(5 + 4);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id } })).experience).toBe(10 + 4);
    expect(await t.db.prisma.notification.count({ where: { userId: buyer.id, title: "Purchase Complete" } })).toBe(1);
    expect(await t.db.prisma.notification.count({ where: { userId: seller.id, title: "New Sale" } })).toBe(1);
    const receipt = decodeQuotedPrintable((await smtp.mailTo(buyerRow.email!)).raw);
    expect(receipt).toContain("Night Drive");
    const link = /\/api\/downloads\/[A-Za-z0-9._-]+/.exec(receipt)?.[0];
    expect(link).toBeDefined();
    expect(
      decodeQuotedPrintable((await smtp.mailTo((await t.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id } })).email!)).raw),
    ).toContain("Night Drive");

    // A retried capture, the spec's purchase call and a webhook all find it done: still one purchase.
    const again = await buyer.browser.post(`/paypal/order/${order.id}/capture`).expect(200);
    expect(again.body.purchase.id).toBe(status.purchase!.id);
    const recorded = await buyer.browser
      .post("/api/purchases/paypal")
      .send({ loopId, format: "wav", orderID: order.id, paypalOrderDetails: { amount: "0.01" } });
    expect(recorded.status).toBe(200);
    expect(recorded.body.purchase.id).toBe(status.purchase!.id);
    const capture = paypal.orders.get(order.id)!.purchase_units[0]!.payments!.captures[0]!;
    const delivery = paypal.webhookDelivery("PAYMENT.CAPTURE.COMPLETED", {
      ...capture,
      supplementary_data: { related_ids: { order_id: order.id } },
    });
    await request(t.app).post("/api/webhooks/paypal").set(delivery.headers).send(delivery.body).expect(200);
    expect(await purchasesOf(buyer.id)).toHaveLength(1);
    expect(await balanceOf(seller.id)).toBe(500n * LOOP + 2495n * LOOP);
    // The list shows it bought: the card turns to Download.
    const listed = await buyer.browser.get("/api/loops").expect(200);
    expect(listed.body.loops.find((loop: { id: string }) => loop.id === loopId)).toMatchObject({ isPurchased: true });
  });

  it("refuses a tampered amount, another currency, a free or own loop, and a loop already bought, before PayPal is asked", async () => {
    const { seller, buyer, loopId } = await sale();
    const ordersBefore = paypal.orders.size;
    const tampered = await buyer.browser
      .post("/paypal/order")
      .send({ loopId, format: "mp3", amount: "0.01", currency: "USD", intent: "CAPTURE" });
    expect(tampered.status).toBe(400);
    expect(tampered.body).toEqual({ message: FIAT_PAYMENT_MESSAGES.amountMismatch, code: "CHECKOUT_PRICE_CHANGED" });
    expect((await buyer.browser.post("/paypal/order").send({ loopId, format: "mp3", currency: "EUR" })).status).toBe(400);
    const own = await seller.browser.post("/paypal/order").send({ loopId, format: "mp3" });
    expect(own.body).toEqual({ message: PURCHASE_MESSAGES.ownLoop, code: "OWN_LOOP_PURCHASE" });
    const freeLoop = await createListedLoop(t.db.prisma, seller.id, "Free one", 0);
    expect((await buyer.browser.post("/paypal/order").send({ loopId: freeLoop, format: "mp3" })).body.message).toBe(
      FIAT_PAYMENT_MESSAGES.free,
    );
    expect(paypal.orders.size).toBe(ordersBefore);
    expect(await t.db.prisma.checkout.count({ where: { buyerId: buyer.id } })).toBe(0);
  });

  it("someone else's order is not found, and capturing it records nothing", async () => {
    const { buyer, loopId } = await sale();
    const stranger = await signInMember(t);
    const order = paypalOrderSchema.parse((await buyer.browser.post("/paypal/order").send({ loopId, format: "mp3" }).expect(201)).body);
    paypal.approve(order.id);
    const stolen = await stranger.browser.post(`/paypal/order/${order.id}/capture`);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ message: FIAT_PAYMENT_MESSAGES.orderNotFound, code: "PAYPAL_ORDER_NOT_FOUND" });
    expect((await stranger.browser.post("/api/purchases/paypal").send({ loopId, format: "mp3", orderID: order.id })).status).toBe(404);
    expect(paypal.orders.get(order.id)!.status).toBe("APPROVED");
    expect(await purchasesOf(stranger.id)).toHaveLength(0);
  });

  it("a declined payment and a capture PayPal reports for another amount record nothing", async () => {
    const { seller, buyer, loopId } = await sale();
    const declined = paypalOrderSchema.parse((await buyer.browser.post("/paypal/order").send({ loopId, format: "mp3" }).expect(201)).body);
    paypal.approve(declined.id, "INSTRUMENT_DECLINED");
    const refused = await buyer.browser.post(`/paypal/order/${declined.id}/capture`);
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ message: FIAT_PAYMENT_MESSAGES.declined, code: "PAYMENT_DECLINED" });

    // A capture PayPal declines inside a completed order is a decline too.
    const refusedCapture = paypalOrderSchema.parse(
      (await buyer.browser.post("/paypal/order").send({ loopId, format: "wav" }).expect(201)).body,
    );
    paypal.approve(refusedCapture.id, "DECLINED");
    expect((await buyer.browser.post(`/paypal/order/${refusedCapture.id}/capture`)).status).toBe(402);

    const odd = paypalOrderSchema.parse((await buyer.browser.post("/paypal/order").send({ loopId, format: "mp3" }).expect(201)).body);
    paypal.approve(odd.id);
    paypal.setCapturedAmount(odd.id, { currency_code: "USD", value: "0.01" });
    const mismatch = await buyer.browser.post(`/paypal/order/${odd.id}/capture`);
    expect(mismatch.status).toBe(409);
    expect(mismatch.body).toEqual({ message: FIAT_PAYMENT_MESSAGES.paidAmountMismatch, code: "PAYMENT_MISMATCH" });
    expect(await purchasesOf(buyer.id)).toHaveLength(0);
    expect(await balanceOf(seller.id)).toBe(500n * LOOP);
    expect(
      (await t.db.prisma.checkout.findMany({ where: { buyerId: buyer.id }, orderBy: { createdAt: "asc" } })).map((row) => row.status),
    ).toEqual(["failed", "failed", "failed"]);
  });

  it("a capture held for review is pending, then recorded once by PayPal's signed webhook; a forged one is refused", async () => {
    const { buyer, loopId } = await sale();
    const order = paypalOrderSchema.parse((await buyer.browser.post("/paypal/order").send({ loopId, format: "mp3" }).expect(201)).body);
    paypal.approve(order.id, "PENDING");
    const pending = await buyer.browser.post(`/paypal/order/${order.id}/capture`);
    expect(pending.status).toBe(202);
    expect(pending.body).toMatchObject({ status: "pending", purchase: null });

    paypal.completePendingCapture(order.id);
    const capture = paypal.orders.get(order.id)!.purchase_units[0]!.payments!.captures[0]!;
    const resource = { ...capture, supplementary_data: { related_ids: { order_id: order.id } } };
    const forged = paypal.webhookDelivery("PAYMENT.CAPTURE.COMPLETED", resource, { forge: true });
    const refused = await request(t.app).post("/api/webhooks/paypal").set(forged.headers).send(forged.body);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: FIAT_PAYMENT_MESSAGES.badSignature, code: "WEBHOOK_SIGNATURE_INVALID" });
    expect(await purchasesOf(buyer.id)).toHaveLength(0);

    const delivery = paypal.webhookDelivery("PAYMENT.CAPTURE.COMPLETED", resource);
    await Promise.all(
      [1, 2, 3].map(() => request(t.app).post("/api/webhooks/paypal").set(delivery.headers).send(delivery.body).expect(200)),
    );
    expect(await purchasesOf(buyer.id)).toHaveLength(1);
    const done = await buyer.browser.post("/api/purchases/paypal").send({ loopId, format: "mp3", orderID: order.id }).expect(200);
    expect(done.body.status).toBe("completed");
  });

  it("an order approved in a window the buyer closed is captured from the webhook; racing captures record it once", async () => {
    const { buyer, loopId } = await sale();
    const closed = paypalOrderSchema.parse((await buyer.browser.post("/paypal/order").send({ loopId, format: "mp3" }).expect(201)).body);
    paypal.approve(closed.id);
    const delivery = paypal.webhookDelivery("CHECKOUT.ORDER.APPROVED", { id: closed.id, status: "APPROVED" });
    await request(t.app).post("/api/webhooks/paypal").set(delivery.headers).send(delivery.body).expect(200);
    expect((await purchasesOf(buyer.id)).map((row) => row.method)).toEqual(["paypal"]);

    const order = paypalOrderSchema.parse((await buyer.browser.post("/paypal/order").send({ loopId, format: "wav" }).expect(201)).body);
    paypal.approve(order.id);
    const answers = await Promise.all([
      ...[1, 2, 3, 4].map(() => buyer.browser.post(`/paypal/order/${order.id}/capture`)),
      buyer.browser.post("/api/purchases/paypal").send({ loopId, format: "wav", orderID: order.id }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.purchase.id)).size).toBe(1);
    expect(await purchasesOf(buyer.id)).toHaveLength(2);
  });

  it("an approved order for a loop bought another way meanwhile is not captured", async () => {
    const { buyer, loopId } = await sale(50);
    const order = paypalOrderSchema.parse((await buyer.browser.post("/paypal/order").send({ loopId, format: "mp3" }).expect(201)).body);
    paypal.approve(order.id);
    await buyer.browser.post("/api/purchases").send({ loopId, format: "mp3", paymentMethod: "loop" }).expect(201);
    const late = await buyer.browser.post(`/paypal/order/${order.id}/capture`);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: PURCHASE_MESSAGES.alreadyPurchased, code: "ALREADY_PURCHASED" });
    expect(paypal.orders.get(order.id)!.status).toBe("APPROVED");
    expect((await purchasesOf(buyer.id)).map((row) => row.method)).toEqual(["loop"]);
  });
});
