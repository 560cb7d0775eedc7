// POST /api/admin-orders and GET /api/admin-orders: the order form's rules and messages, the USD
// recompute (500 LOOP = 1 USD, half-up to the cent), the confirmation e-mail, the rate limit.
import { TOKEN_ORDER_MESSAGES, tokenOrderListSchema, tokenOrderSchema } from "@loop/rules/schemas/token-orders";
import { tokenBalanceSchema } from "@loop/rules/schemas/tokens";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../src/features/ledger/ledger-check";
import type { MailMessage, Mailer } from "../src/mail/mailer";
import { ORDERS_PER_HOUR, TOO_MANY_ORDERS } from "@loop/rules/schemas/token-orders";
import { postWithKey } from "./support/api-calls";
import { expectRefusals } from "./support/refusals";
import { decodeQuotedPrintable } from "./support/smtp";
import { signInMember } from "./support/members";
import { type Browser } from "./support/siwe";
import { browser, createTestApp, type TestApp } from "./support/test-app";
import { ledgerCheckedAppWithSmtp, type SmtpServer } from "./support/suite-app";

const order = (overrides: Record<string, unknown> = {}) => ({
  requestedAmount: "1250",
  paymentMethod: "paypal",
  paymentDetails: "buyer@example.com",
  usdAmount: "2.50",
  ...overrides,
});

describe("token orders", () => {
  let t: TestApp;
  let smtp: SmtpServer;
  const place = (as: Browser, body: unknown, key?: string) => postWithKey(as, "/api/admin-orders", body, key);

  ledgerCheckedAppWithSmtp((app, mail) => {
    t = app;
    smtp = mail;
  });

  it("signed out: 401", async () => {
    await request(t.app).get("/api/admin-orders").expect(401);
    await browser(t.app).post("/api/admin-orders").send(order()).expect(401);
  });

  it("validates with the spec's messages", async () => {
    const user = await signInMember(t);
    const M = TOKEN_ORDER_MESSAGES;
    const cases: [unknown, string][] = [
      [{}, M.invalidAmount],
      [order({ requestedAmount: undefined }), M.invalidAmount],
      [order({ requestedAmount: "" }), M.invalidAmount],
      [order({ requestedAmount: "abc" }), M.invalidAmount],
      [order({ requestedAmount: "-5" }), M.invalidAmount],
      [order({ requestedAmount: "1e3" }), M.invalidAmount],
      [order({ requestedAmount: "12." }), M.invalidAmount],
      [order({ requestedAmount: ".5" }), M.invalidAmount],
      [order({ requestedAmount: "1.123456789" }), M.invalidAmount],
      [order({ requestedAmount: 1250 }), M.invalidAmount],
      [order({ requestedAmount: "10000000.00000001", usdAmount: "20000.00" }), M.tooLarge],
      [order({ paymentMethod: undefined }), M.invalidPaymentMethod],
      [order({ paymentMethod: "venmo" }), M.invalidPaymentMethod],
      [order({ paymentDetails: undefined }), M.detailsRequired],
      [order({ paymentDetails: "" }), M.detailsRequired],
      [order({ paymentDetails: "   " }), M.detailsRequired],
      [order({ paymentDetails: "x".repeat(501) }), M.detailsTooLong],
      [order({ message: "x".repeat(1001) }), M.messageTooLong],
      // USD computes to 0: nothing to pay, nothing to order.
      [order({ requestedAmount: "0", usdAmount: "0.00" }), M.zeroUsd],
      [order({ requestedAmount: "0.00000001", usdAmount: "0.00" }), M.zeroUsd],
      [order({ requestedAmount: "1", usdAmount: "0.00" }), M.zeroUsd], // 0.002 USD rounds to 0.00
      [order({ requestedAmount: "2.49999999", usdAmount: "0.00" }), M.zeroUsd], // 0.00499999998 → 0.00
      // The server's figure wins; any other is refused with the right one.
      [order({ usdAmount: "2.49" }), "USD Amount Mismatch: 1250 LOOP is $2.50"],
      [order({ usdAmount: "2.5001" }), "USD Amount Mismatch: 1250 LOOP is $2.50"],
      [order({ usdAmount: "abc" }), "USD Amount Mismatch: 1250 LOOP is $2.50"],
      [order({ usdAmount: 2.499 }), "USD Amount Mismatch: 1250 LOOP is $2.50"],
      [order({ usdAmount: undefined }), "USD Amount Mismatch: 1250 LOOP is $2.50"],
      [order({ requestedAmount: "1", usdAmount: "0.01" }), M.zeroUsd], // zero is refused whatever the client computed
      [order({ requestedAmount: "0.50000000", usdAmount: "0.00" }), M.zeroUsd],
      [order({ requestedAmount: "1252.5", usdAmount: "2.50" }), "USD Amount Mismatch: 1252.5 LOOP is $2.51"], // 2.505 rounds half-up
      [order({ requestedAmount: "2.5", usdAmount: "0.00" }), "USD Amount Mismatch: 2.5 LOOP is $0.01"],
    ];
    // The schema's refusals are VALIDATION_FAILED; the server's figures have codes of their own (a USD amount of
    // 0 is refused by either, as the amount comes).
    const codeOf = (message: string) =>
      message === M.zeroUsd
        ? expect.stringMatching(/^(VALIDATION_FAILED|TOKEN_ORDER_AMOUNT_INVALID)$/)
        : message.startsWith("USD Amount Mismatch")
          ? "USD_AMOUNT_MISMATCH"
          : "VALIDATION_FAILED";
    await expectRefusals((body) => place(user.browser, body), cases, codeOf);
    expect((await user.browser.get("/api/admin-orders").expect(200)).body).toEqual([]);
  });

  it("an amount above LoopToken's cap is refused by the order limit (400) and places nothing", async () => {
    const user = await signInMember(t);
    for (const requestedAmount of ["99999999999999999999999", "1000000000.00000001"]) {
      const response = await place(user.browser, order({ requestedAmount, usdAmount: "2.50" }), `cap-${requestedAmount}`);
      expect({ requestedAmount, status: response.status, body: response.body }).toMatchObject({
        requestedAmount,
        status: 400,
        body: { message: "Amount Too Large: One order can buy at most 10,000,000 LOOP" },
      });
    }
    expect((await user.browser.get("/api/admin-orders").expect(200)).body).toEqual([]);
    expect(await t.db.prisma.tokenOrder.count({ where: { userId: user.id } })).toBe(0);
    expect(tokenBalanceSchema.parse((await user.browser.get("/api/tokens/balance").expect(200)).body).balance).toBe("500.00000000");
  });

  it("places an order at the recomputed price; nothing moves in the ledger; the list is own and newest first", async () => {
    const [a, b] = [await signInMember(t), await signInMember(t)];
    const first = await place(a.browser, order({ paymentDetails: "  buyer@example.com  ", message: "  thanks  " })).expect(201);
    expect(tokenOrderSchema.parse(first.body)).toEqual({
      id: expect.any(String),
      requestedAmount: "1250.00000000",
      usdAmount: "2.50",
      paymentMethod: "paypal",
      paymentDetails: "buyer@example.com",
      message: "thanks",
      status: "pending",
      rejectionReason: null,
      createdAt: expect.any(String),
      processedAt: null,
    });
    // Half-up to the cent: 2.5 LOOP = 0.005 USD → 0.01; 0.00000001 decimals pass; a number is accepted for usdAmount.
    const second = await place(
      a.browser,
      order({ requestedAmount: "2.5", usdAmount: "0.01", paymentMethod: "crypto", message: "" }),
    ).expect(201);
    expect(second.body).toMatchObject({ requestedAmount: "2.50000000", usdAmount: "0.01", paymentMethod: "crypto", message: null });
    const third = await place(
      a.browser,
      order({ requestedAmount: "12345.12345678", usdAmount: 24.69, paymentMethod: "bank_transfer" }),
    ).expect(201);
    expect(third.body).toMatchObject({ requestedAmount: "12345.12345678", usdAmount: "24.69" });
    for (const method of ["revolut", "skrill"]) await place(b.browser, order({ paymentMethod: method })).expect(201);

    const mine = tokenOrderListSchema.parse((await a.browser.get("/api/admin-orders").expect(200)).body);
    expect(mine.map((o) => o.id)).toEqual([third.body.id, second.body.id, first.body.id]);
    const theirs = tokenOrderListSchema.parse((await b.browser.get("/api/admin-orders").expect(200)).body);
    expect(theirs.map((o) => o.paymentMethod)).toEqual(["skrill", "revolut"]);
    expect((await a.browser.get("/api/admin-orders?limit=1&offset=1").expect(200)).body.map((o: { id: string }) => o.id)).toEqual([
      second.body.id,
    ]);
    await a.browser.get("/api/admin-orders?limit=0").expect(400);

    const balance = tokenBalanceSchema.parse((await a.browser.get("/api/tokens/balance").expect(200)).body);
    expect(balance).toEqual({
      balance: "500.00000000",
      available: "500.00000000",
      held: "0.00000000",
      withdrawable: "0.00000000",
      promotional: "500.00000000",
    });
  });

  it("e-mails a confirmation to the buyer's address", async () => {
    const user = await signInMember(t);
    await t.db.prisma.user.update({ where: { id: user.id }, data: { email: "order.buyer@example.com" } });
    const placed = await place(
      user.browser,
      order({ requestedAmount: "5000", usdAmount: "10.00", paymentMethod: "bank_transfer", paymentDetails: "IBAN DE89 <3704>" }),
    ).expect(201);
    const mail = await smtp.mailTo("order.buyer@example.com");
    const text = decodeQuotedPrintable(mail.raw);
    expect(mail.raw).toMatch(/^Subject: Your LOOP order for 5000 LOOP \(\$10\.00\)/m);
    expect(text).toContain(`Order: ${placed.body.id}`);
    expect(text).toContain("Amount: 5000 LOOP");
    expect(text).toContain("Price: $10.00 USD");
    expect(text).toContain("Payment method: Bank transfer");
    expect(text).toContain("IBAN DE89 &#60;3704&#62;"); // escaped in the HTML part
    expect(text).toContain("http://localhost:5173/tokens");

    // A replayed order (same Idempotency-Key) places nothing and sends nothing again.
    const keyed = await place(user.browser, order(), "mail-once").expect(201);
    await expect.poll(() => smtp.inbox.filter((m) => m.to.includes("order.buyer@example.com")).length).toBe(2);
    const replay = await place(user.browser, order(), "mail-once").expect(201);
    expect(replay.body).toEqual(keyed.body);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.inbox.filter((m) => m.to.includes("order.buyer@example.com"))).toHaveLength(2);
  });

  it("honours Idempotency-Key: a double click places one order", async () => {
    const user = await signInMember(t);
    const responses = await Promise.all(Array.from({ length: 5 }, () => place(user.browser, order(), "order-once")));
    expect(responses.map((r) => r.status)).toEqual(Array(5).fill(201));
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
    expect((await user.browser.get("/api/admin-orders").expect(200)).body).toHaveLength(1);
    const reused = await place(user.browser, order({ requestedAmount: "500", usdAmount: "1.00" }), "order-once").expect(409);
    expect(reused.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it(`accepts ${ORDERS_PER_HOUR} orders per user and hour; refused forms do not count`, async () => {
    const [a, b] = [await signInMember(t), await signInMember(t)];
    for (let i = 0; i < 3; i++) await place(a.browser, order({ usdAmount: "1.00" })).expect(400);
    for (let i = 0; i < ORDERS_PER_HOUR; i++) await place(a.browser, order()).expect(201);
    const refused = await place(a.browser, order()).expect(429);
    expect(refused.body).toMatchObject({ message: TOO_MANY_ORDERS, code: "TOKEN_ORDERS_RATE_LIMITED" });
    expect(refused.headers["retry-after"]).toBeDefined();
    await place(b.browser, order()).expect(201);
    expect((await a.browser.get("/api/admin-orders").expect(200)).body).toHaveLength(ORDERS_PER_HOUR);
  });
});

describe("token orders: the e-mail is not part of the order", () => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  const failingMailer: Mailer = {
    async send(message) {
      sent.push(message);
      throw new Error("SMTP is down");
    },
    close() {},
  };

  beforeAll(async () => {
    t = await createTestApp({ mailer: failingMailer });
  });
  afterAll(() => t.close());

  it("a failed confirmation e-mail does not fail the order", async () => {
    const user = await signInMember(t);
    await t.db.prisma.user.update({ where: { id: user.id }, data: { email: "unlucky@example.com" } });
    const placed = await user.browser.post("/api/admin-orders").send(order()).expect(201);
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.to).toBe("unlucky@example.com");
    const listed = (await user.browser.get("/api/admin-orders").expect(200)).body;
    expect(listed.map((o: { id: string }) => o.id)).toEqual([placed.body.id]);
    // A wallet-only account (no address) gets no e-mail.
    const walletOnly = await signInMember(t);
    await walletOnly.browser.post("/api/admin-orders").send(order()).expect(201);
    expect(sent).toHaveLength(1);
    expect(await checkLedger(t.db.prisma)).toEqual([]);
  });
});
