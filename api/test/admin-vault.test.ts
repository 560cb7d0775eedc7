// The admin side of token orders (list, fulfil, reject), the vault deposit and the admin stats.
import { randomUUID } from "node:crypto";
import { ADMIN_MESSAGES, adminStatsSchema } from "@loop/rules/schemas/admin";
import { TOKEN_ORDER_MESSAGES, adminTokenOrderListSchema, adminTokenOrderSchema, loopText } from "@loop/rules/schemas/token-orders";
import { transferListSchema } from "@loop/rules/schemas/tokens";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@loop/rules/error-codes";
import { platformAccountId, platformBalance, postEntry } from "../src/features/ledger/ledger.service";
import { postWithKey, tokenBalance } from "./support/api-calls";
import { signInAdmin, signInMember } from "./support/members";
import { type Browser } from "./support/siwe";
import { browser, type TestApp } from "./support/test-app";
import { ledgerCheckedApp } from "./support/suite-app";

describe("admin: token orders, vault, stats", () => {
  let t: TestApp;

  const balance = tokenBalance;
  async function placeOrder(as: Browser, requestedAmount = "1250", usdAmount = "2.50") {
    const response = await as
      .post("/api/admin-orders")
      .send({ requestedAmount, paymentMethod: "paypal", paymentDetails: "me@example.com", usdAmount })
      .expect(201);
    return response.body.id as string;
  }
  const notificationsOf = (userId: string) =>
    t.db.prisma.notification.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: { type: true, title: true, message: true, actionUrl: true, isRead: true },
    });
  /** An entry's postings summed per account kind (fees may be several shards). */
  const sumsByKind = (postings: { amount: bigint; account: { kind: string } }[]) =>
    postings.reduce<Record<string, bigint>>((sums, p) => ({ ...sums, [p.account.kind]: (sums[p.account.kind] ?? 0n) + p.amount }), {});
  /** Platform earnings arrive from purchases (a later issue); here a correction entry stands in. */
  async function seedFees(units: bigint) {
    const [issuance, fees] = [await platformAccountId(t.db.prisma, "issuance"), await platformAccountId(t.db.prisma, "fees")];
    await postEntry(t.db.prisma, {
      idempotencyKey: `test-fees:${randomUUID()}`,
      kind: "correction",
      postings: [
        { accountId: issuance, amount: -units },
        { accountId: fees, amount: units },
      ],
    });
  }
  /** The body parses with its schema and has no field the schema does not describe. */
  function exact<T>(schema: { parse(value: unknown): T }, body: unknown): T {
    const parsed = schema.parse(body);
    expect(parsed).toEqual(body);
    return parsed;
  }
  const stats = async (as: Browser) => exact(adminStatsSchema, (await as.get("/api/admin/stats").expect(200)).body);

  ledgerCheckedApp((app) => (t = app));

  it("every admin call: 401 signed out, 403 for a non-admin", async () => {
    const user = await signInMember(t);
    const orderId = await placeOrder(user.browser);
    const calls: [method: "get" | "post", path: string, body?: object][] = [
      ["get", "/api/admin/admin-orders"],
      ["get", "/api/admin/admin-orders?status=pending"],
      ["post", `/api/admin/admin-orders/${orderId}/fulfil`],
      ["post", `/api/admin/admin-orders/${orderId}/reject`, { reason: "no" }],
      ["post", "/api/admin/vault/deposit", { amount: "1" }],
      ["get", "/api/admin/stats"],
    ];
    for (const [method, path, body] of calls) {
      const signedOut = await browser(t.app)[method](path).send(body);
      expect({ path, status: signedOut.status }).toEqual({ path, status: 401 });
      const nonAdmin = await user.browser[method](path).send(body);
      expect({ path, status: nonAdmin.status, body: nonAdmin.body }).toMatchObject({
        path,
        status: 403,
        body: { message: ERROR_CODES.ADMIN_REQUIRED.message, code: "ADMIN_REQUIRED" },
      });
    }
    await request(t.app).get("/api/admin/stats").expect(401);
    // Nothing happened to the order.
    expect(await t.db.prisma.tokenOrder.findUniqueOrThrow({ where: { id: orderId }, select: { status: true } })).toEqual({
      status: "pending",
    });
    expect(await balance(user.browser)).toMatchObject({ balance: "500.00000000" });
  });

  it("lists every user's orders with the buyer, newest first, by status", async () => {
    const admin = await signInAdmin(t);
    const [a, b] = [await signInMember(t), await signInMember(t)];
    const first = await placeOrder(a.browser, "500", "1.00");
    const second = await placeOrder(b.browser, "1000", "2.00");
    const third = await placeOrder(a.browser, "1500", "3.00");
    // (Set after ordering: this app's SMTP server does not exist.)
    await t.db.prisma.user.update({ where: { id: b.id }, data: { email: "b@example.com" } });
    await admin.browser.post(`/api/admin/admin-orders/${second}/reject`).send({ reason: "Payment not received" }).expect(200);

    const all = exact(adminTokenOrderListSchema, (await admin.browser.get("/api/admin/admin-orders").expect(200)).body);
    const ours = all.filter((o) => [first, second, third].includes(o.id));
    expect(ours.map((o) => o.id)).toEqual([third, second, first]);
    const username = async (id: string) => (await t.db.prisma.user.findUniqueOrThrow({ where: { id } })).username;
    expect(ours[1]).toMatchObject({
      userId: b.id,
      username: await username(b.id),
      email: "b@example.com",
      status: "rejected",
      rejectionReason: "Payment not received",
    });
    expect(ours[0]).toMatchObject({
      userId: a.id,
      username: await username(a.id),
      email: null,
      requestedAmount: "1500.00000000",
      usdAmount: "3.00",
      status: "pending",
    });

    const pending = adminTokenOrderListSchema.parse((await admin.browser.get("/api/admin/admin-orders?status=pending").expect(200)).body);
    expect(pending.every((o) => o.status === "pending")).toBe(true);
    expect(pending.map((o) => o.id)).toEqual(expect.arrayContaining([first, third]));
    expect(pending.map((o) => o.id)).not.toContain(second);
    const rejected = adminTokenOrderListSchema.parse((await admin.browser.get("/api/admin/admin-orders?status=rejected").expect(200)).body);
    expect(rejected.map((o) => o.id)).toContain(second);
    const bad = await admin.browser.get("/api/admin/admin-orders?status=lost").expect(400);
    expect(bad.body).toMatchObject({ message: TOKEN_ORDER_MESSAGES.invalidStatus });
  });

  it("fulfil credits the order once as an admin_airdrop from issuance, and notifies the buyer", async () => {
    const admin = await signInAdmin(t);
    const buyer = await signInMember(t);
    const orderId = await placeOrder(buyer.browser, "1250.5", "2.50");
    const before = Date.now();
    const response = await admin.browser.post(`/api/admin/admin-orders/${orderId}/fulfil`).expect(200);
    expect(exact(adminTokenOrderSchema, response.body)).toMatchObject({
      id: orderId,
      status: "fulfilled",
      userId: buyer.id,
      rejectionReason: null,
    });
    expect(new Date(response.body.processedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const row = await t.db.prisma.tokenOrder.findUniqueOrThrow({ where: { id: orderId } });
    expect(row.processedBy).toBe(admin.id);

    // Bought LOOP can be withdrawn; the welcome bonus is promotional (issue 18).
    expect(await balance(buyer.browser)).toEqual({
      balance: "1750.50000000",
      available: "1750.50000000",
      held: "0.00000000",
      withdrawable: "1250.50000000",
      promotional: "500.00000000",
    });
    const history = transferListSchema.parse((await buyer.browser.get("/api/tokens/transfers").expect(200)).body);
    expect(history[0]).toMatchObject({
      transferType: "admin_airdrop",
      direction: "in",
      fromUserId: null,
      toUserId: "current_user",
      amount: "1250.50000000",
    });
    const entry = await t.db.prisma.ledgerEntry.findUniqueOrThrow({
      where: { idempotencyKey: `token-order:${orderId}:fulfil` },
      include: { postings: { include: { account: true } } },
    });
    expect(entry.kind).toBe("admin_airdrop");
    expect(entry.id).toBe(row.ledgerEntryId);
    expect(entry.postings.map((p) => [p.account.kind, p.amount]).sort()).toEqual([
      ["issuance", -125050000000n],
      ["user", 125050000000n],
    ]);
    expect(await notificationsOf(buyer.id)).toEqual([
      {
        type: "success",
        title: "Tokens Credited",
        message: "1250.5 LOOP from your order have been added to your balance.",
        actionUrl: "/tokens",
        isRead: false,
      },
    ]);
    // The buyer's own list shows it processed.
    const own = (await buyer.browser.get("/api/admin-orders").expect(200)).body;
    expect(own[0]).toMatchObject({ id: orderId, status: "fulfilled", processedAt: response.body.processedAt });

    // Only pending orders can be decided: again → 409, and nothing moves.
    const again = await admin.browser.post(`/api/admin/admin-orders/${orderId}/fulfil`).expect(409);
    expect(again.body).toMatchObject({ message: TOKEN_ORDER_MESSAGES.alreadyProcessed("fulfilled") });
    const reject = await admin.browser.post(`/api/admin/admin-orders/${orderId}/reject`).send({ reason: "oops" }).expect(409);
    expect(reject.body).toMatchObject({ message: TOKEN_ORDER_MESSAGES.alreadyProcessed("fulfilled") });
    expect(await balance(buyer.browser)).toMatchObject({ balance: "1750.50000000" });
    expect(await notificationsOf(buyer.id)).toHaveLength(1);
  });

  it("two admins fulfilling at once credit once", async () => {
    const admins = [await signInAdmin(t), await signInAdmin(t)];
    const buyer = await signInMember(t);
    const orderId = await placeOrder(buyer.browser, "100", "0.20");
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => admins[i % 2]!.browser.post(`/api/admin/admin-orders/${orderId}/fulfil`)),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await balance(buyer.browser)).toMatchObject({ balance: "600.00000000" });
    const entries = await t.db.prisma.ledgerEntry.count({ where: { idempotencyKey: { startsWith: `token-order:${orderId}` } } });
    expect(entries).toBe(1);
    expect(await notificationsOf(buyer.id)).toHaveLength(1);
  });

  it("fulfil and reject at once: one decision wins, and the state matches it", async () => {
    const [one, two] = [await signInAdmin(t), await signInAdmin(t)];
    for (let round = 0; round < 3; round++) {
      const buyer = await signInMember(t);
      const orderId = await placeOrder(buyer.browser, "200", "0.40");
      const [fulfil, reject] = await Promise.all([
        one.browser.post(`/api/admin/admin-orders/${orderId}/fulfil`),
        two.browser.post(`/api/admin/admin-orders/${orderId}/reject`).send({ reason: "Payment not received" }),
      ]);
      expect([fulfil.status, reject.status].sort()).toEqual([200, 409]);
      const row = await t.db.prisma.tokenOrder.findUniqueOrThrow({ where: { id: orderId } });
      const credited = fulfil.status === 200;
      expect(row.status).toBe(credited ? "fulfilled" : "rejected");
      expect(row.processedBy).toBe(credited ? one.id : two.id);
      expect(await balance(buyer.browser)).toMatchObject({ balance: credited ? "700.00000000" : "500.00000000" });
      expect((await notificationsOf(buyer.id)).map((n) => n.type)).toEqual([credited ? "success" : "warning"]);
    }
  });

  it("reject needs a reason, moves nothing and notifies the buyer", async () => {
    const admin = await signInAdmin(t);
    const buyer = await signInMember(t);
    const orderId = await placeOrder(buyer.browser);
    for (const body of [{}, { reason: "" }, { reason: "   " }, { reason: 5 }]) {
      const response = await admin.browser.post(`/api/admin/admin-orders/${orderId}/reject`).send(body).expect(400);
      expect(response.body).toMatchObject({ message: TOKEN_ORDER_MESSAGES.missingReason });
    }
    const tooLong = await admin.browser
      .post(`/api/admin/admin-orders/${orderId}/reject`)
      .send({ reason: "x".repeat(501) })
      .expect(400);
    expect(tooLong.body).toMatchObject({ message: TOKEN_ORDER_MESSAGES.reasonTooLong });

    const response = await admin.browser
      .post(`/api/admin/admin-orders/${orderId}/reject`)
      .send({ reason: "  Payment not received  " })
      .expect(200);
    expect(adminTokenOrderSchema.parse(response.body)).toMatchObject({
      status: "rejected",
      rejectionReason: "Payment not received",
      processedAt: expect.any(String),
    });
    expect(await balance(buyer.browser)).toEqual({
      balance: "500.00000000",
      available: "500.00000000",
      held: "0.00000000",
      withdrawable: "0.00000000",
      promotional: "500.00000000",
    });
    expect(await notificationsOf(buyer.id)).toEqual([
      {
        type: "warning",
        title: "Order Rejected",
        message: "Your order for 1250 LOOP was rejected. Reason: Payment not received",
        actionUrl: "/tokens",
        isRead: false,
      },
    ]);
    await admin.browser.post(`/api/admin/admin-orders/${orderId}/fulfil`).expect(409);
    const again = await admin.browser.post(`/api/admin/admin-orders/${orderId}/reject`).send({ reason: "again" }).expect(409);
    expect(again.body).toMatchObject({ message: TOKEN_ORDER_MESSAGES.alreadyProcessed("rejected") });
    expect(await balance(buyer.browser)).toMatchObject({ balance: "500.00000000" });
  });

  it("an unknown order is 404", async () => {
    const admin = await signInAdmin(t);
    for (const id of [randomUUID(), "not-an-id"]) {
      const fulfil = await admin.browser.post(`/api/admin/admin-orders/${id}/fulfil`).expect(404);
      expect(fulfil.body).toMatchObject({ message: TOKEN_ORDER_MESSAGES.notFound });
      await admin.browser.post(`/api/admin/admin-orders/${id}/reject`).send({ reason: "x" }).expect(404);
    }
  });

  describe("vault deposit", () => {
    const deposit = (as: Browser, body: unknown, key?: string) => postWithKey(as, "/api/admin/vault/deposit", body, key);

    it("validates with the spec's messages", async () => {
      const admin = await signInAdmin(t);
      const cases: [unknown, string][] = [
        [{}, ADMIN_MESSAGES.missingAmount],
        [{ amount: "" }, ADMIN_MESSAGES.missingAmount],
        [{ amount: "  " }, ADMIN_MESSAGES.missingAmount],
        [{ amount: null }, ADMIN_MESSAGES.missingAmount],
        [{ amount: "0" }, ADMIN_MESSAGES.invalidAmount],
        [{ amount: "0.00000000" }, ADMIN_MESSAGES.invalidAmount],
        [{ amount: 0 }, ADMIN_MESSAGES.invalidAmount],
        [{ amount: "-5" }, ADMIN_MESSAGES.invalidAmount],
        [{ amount: -5 }, ADMIN_MESSAGES.invalidAmount],
        [{ amount: "abc" }, ADMIN_MESSAGES.invalidAmount],
        [{ amount: "1.123456789" }, ADMIN_MESSAGES.tooPrecise],
      ];
      for (const [body, message] of cases) {
        const response = await deposit(admin.browser, body);
        expect({ body, status: response.status, message: response.body.message }).toEqual({ body, status: 400, message });
      }
    });

    it("an amount above LoopToken's cap is 400 'Amount is too large' (not a shortage of earnings) and moves nothing", async () => {
      const admin = await signInAdmin(t);
      await seedFees(10_000_000_000n); // 100 LOOP
      const before = await stats(admin.browser);
      for (const amount of ["99999999999999999999999", "1000000000.00000001", 1e30]) {
        const response = await deposit(admin.browser, { amount }, `cap-${amount}`);
        expect({ amount, status: response.status, body: response.body }).toMatchObject({
          amount,
          status: 400,
          body: { message: typeof amount === "number" ? ADMIN_MESSAGES.invalidAmount : "Amount is too large: at most 1,000,000,000 LOOP" },
        });
      }
      expect(ADMIN_MESSAGES.tooLarge).toBe("Amount is too large: at most 1,000,000,000 LOOP");
      expect(await stats(admin.browser)).toEqual(before);
    });

    it("moves platform earnings to the vault, never more than there are; answers the stats", async () => {
      const admin = await signInAdmin(t);
      const start = await stats(admin.browser);
      const startFees = BigInt(start.platformEarnings.replace(".", ""));
      const startVault = BigInt(start.availableWithdrawal.replace(".", ""));
      const fmt = (units: bigint) => `${units / 100000000n}.${(units % 100000000n).toString().padStart(8, "0")}`;

      const tooMuch = await deposit(admin.browser, { amount: fmt(startFees + 1n) }).expect(400);
      expect(tooMuch.body).toMatchObject({ message: ADMIN_MESSAGES.insufficientEarnings(loopText(startFees)) });

      await seedFees(10_050_000_000n); // 100.5 LOOP
      const response = await deposit(admin.browser, { amount: "40.25" }).expect(200);
      expect(adminStatsSchema.parse(response.body)).toMatchObject({
        platformEarnings: fmt(startFees + 6_025_000_000n),
        availableWithdrawal: fmt(startVault + 4_025_000_000n),
      });
      await deposit(admin.browser, { amount: 0.25 }).expect(200); // the dialog's number input
      const refused = await deposit(admin.browser, { amount: fmt(startFees + 6_000_000_001n) }).expect(400);
      expect(refused.body).toMatchObject({ message: ADMIN_MESSAGES.insufficientEarnings(loopText(startFees + 6_000_000_000n)) });

      const entries = await t.db.prisma.ledgerEntry.findMany({
        where: { kind: "vault_deposit" },
        include: { postings: { include: { account: true } } },
        orderBy: { createdAt: "asc" },
      });
      const last = entries.at(-1)!;
      // Taken from the fees' shards that hold it (one or more postings), into the vault.
      expect(sumsByKind(last.postings)).toEqual({ fees: -25_000_000n, vault: 25_000_000n });
      // Everything left can go.
      const rest = await deposit(admin.browser, { amount: fmt(startFees + 6_000_000_000n) }).expect(200);
      expect(rest.body).toMatchObject({
        platformEarnings: "0.00000000",
        availableWithdrawal: fmt(startVault + startFees + 10_050_000_000n),
      });
      const none = await deposit(admin.browser, { amount: "0.00000001" }).expect(400);
      expect(none.body).toMatchObject({ message: ADMIN_MESSAGES.insufficientEarnings("0") });
    });

    it("Idempotency-Key: the same deposit sent 10 times at once moves once; concurrent deposits never overdraw the fees", async () => {
      const admin = await signInAdmin(t);
      const drain = (await stats(admin.browser)).platformEarnings;
      if (drain !== "0.00000000") await deposit(admin.browser, { amount: drain }).expect(200);
      await seedFees(1_000_000_000n); // 10 LOOP
      const responses = await Promise.all(Array.from({ length: 10 }, () => deposit(admin.browser, { amount: "3" }, "deposit-once")));
      expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(new Set(responses.map((r) => JSON.stringify(r.body))).size).toBe(1);
      expect((await stats(admin.browser)).platformEarnings).toBe("7.00000000");
      await deposit(admin.browser, { amount: "4" }, "deposit-once").expect(409);

      // 7 LOOP left, 10 deposits of 1 LOOP at once: exactly 7 succeed.
      const race = await Promise.all(Array.from({ length: 10 }, () => deposit(admin.browser, { amount: "1" })));
      expect(race.filter((r) => r.status === 200)).toHaveLength(7);
      expect(race.filter((r) => r.status === 400).map((r) => r.body.message)).toEqual(
        Array(3).fill(ADMIN_MESSAGES.insufficientEarnings("0")),
      );
      expect((await stats(admin.browser)).platformEarnings).toBe("0.00000000");
    });
  });

  it("stats: users, loops, active users (30 days), revenue from purchases, earnings and reserve from the ledger", async () => {
    const admin = await signInAdmin(t);
    const before = await stats(admin.browser);
    const [creator, buyer, dormant] = [await signInMember(t), await signInMember(t), await signInMember(t)];
    // dormant's only session was last used 31 days ago; an expired session seen within 30 days still counts.
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await t.db.prisma.session.updateMany({ where: { userId: dormant.id }, data: { createdAt: longAgo, lastSeenAt: longAgo } });
    await t.db.prisma.session.updateMany({ where: { userId: buyer.id }, data: { expiresAt: new Date(Date.now() - 1000) } });

    const genre = await t.db.prisma.genre.upsert({ where: { name: "House" }, create: { name: "House" }, update: {} });
    const loop = (title: string, priceCents: number) =>
      t.db.prisma.loop.create({
        data: {
          id: randomUUID(),
          userId: creator.id,
          genreId: genre.id,
          title,
          priceCents,
          originalKey: `k/${randomUUID()}`,
          originalFormat: "wav",
        },
      });
    const [paid, free] = [await loop("Paid", 499), await loop("Free", 0)];
    await t.db.prisma.purchase.createMany({
      data: [
        { loopId: paid.id, buyerId: buyer.id, format: "mp3", priceCents: 499, feeCents: 10, method: "paypal" },
        { loopId: paid.id, buyerId: buyer.id, format: "wav", priceCents: 499, feeCents: 20, method: "card" },
        { loopId: free.id, buyerId: buyer.id, format: "mp3", priceCents: 0, feeCents: 0, method: "free" },
      ],
    });
    await seedFees(123_456_789n);

    const after = await stats(admin.browser);
    expect(after.totalUsers - before.totalUsers).toBe(3);
    expect(after.totalLoops - before.totalLoops).toBe(2);
    expect(after.activeUsers - before.activeUsers).toBe(2);
    const cents = (usd: string) => Number(usd.replace(".", ""));
    expect(cents(after.totalRevenue) - cents(before.totalRevenue)).toBe(1028);
    const units = (loop: string) => BigInt(loop.replace(".", ""));
    expect(units(after.platformEarnings) - units(before.platformEarnings)).toBe(123_456_789n);
    expect(after.availableWithdrawal).toBe(before.availableWithdrawal);
    // The figures match the ledger's platform accounts exactly.
    expect(units(after.platformEarnings)).toBe(await platformBalance(t.db.prisma, "fees"));
  });
});
