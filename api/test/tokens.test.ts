// GET /api/tokens/balance, POST /api/tokens/transfer (with Idempotency-Key), GET /api/tokens/transfers.
import type { ErrorCode } from "@loop/rules/error-codes";
import { promotionalRefusalMessage, TOKEN_MESSAGES, transferListSchema, transferSchema } from "@loop/rules/schemas/tokens";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { expectAmountsOverCapRefused } from "./support/amount-cap";
import { postWithKey, tokenBalance } from "./support/api-calls";
import { signInMember } from "./support/members";
import { type Browser } from "./support/siwe";
import { browser, type TestApp } from "./support/test-app";
import { ledgerCheckedApp } from "./support/suite-app";

/** The balance of a member who has only the welcome bonus (promotional: it cannot leave the app). */
const WELCOME_ONLY = {
  balance: "500.00000000",
  available: "500.00000000",
  held: "0.00000000",
  withdrawable: "0.00000000",
  promotional: "500.00000000",
};

describe("tokens: balance and transfers", () => {
  let t: TestApp;

  const balance = tokenBalance;
  const send = (as: Browser, body: unknown, key?: string) => postWithKey(as, "/api/tokens/transfer", body, key);

  ledgerCheckedApp((app) => (t = app));

  it("a new account has the 500 LOOP welcome bonus, listed as a reward", async () => {
    const user = await signInMember(t);
    expect(await balance(user.browser)).toEqual(WELCOME_ONLY);
    const { body } = await user.browser.get("/api/tokens/transfers").expect(200);
    const transfers = transferListSchema.parse(body);
    expect(transfers).toEqual([
      expect.objectContaining({
        transferType: "reward",
        direction: "in",
        fromUserId: null,
        toUserId: "current_user",
        amount: "500.00000000",
        description: "Welcome bonus",
        status: "completed",
      }),
    ]);
  });

  it("signed out: 401", async () => {
    await request(t.app).get("/api/tokens/balance").expect(401);
    await request(t.app).get("/api/tokens/transfers").expect(401);
    await browser(t.app).post("/api/tokens/transfer").send({ toUserId: "x", amount: "1" }).expect(401);
  });

  it("validates with the spec's messages", async () => {
    const [a, b] = [await signInMember(t), await signInMember(t)];
    const invalid = "VALIDATION_FAILED";
    const cases: [unknown, number, ErrorCode, string][] = [
      [{}, 400, invalid, TOKEN_MESSAGES.missing],
      [{ toUserId: b.id }, 400, invalid, TOKEN_MESSAGES.missing],
      [{ amount: "5" }, 400, invalid, TOKEN_MESSAGES.missing],
      [{ toUserId: "", amount: "" }, 400, invalid, TOKEN_MESSAGES.missing],
      [{ toUserId: b.id, amount: "0" }, 400, invalid, TOKEN_MESSAGES.notPositive],
      [{ toUserId: b.id, amount: "0.00000000" }, 400, invalid, TOKEN_MESSAGES.notPositive],
      [{ toUserId: b.id, amount: "-3" }, 400, invalid, TOKEN_MESSAGES.notPositive],
      [{ toUserId: b.id, amount: "abc" }, 400, invalid, TOKEN_MESSAGES.invalidAmount],
      [{ toUserId: b.id, amount: 5 }, 400, invalid, TOKEN_MESSAGES.missing],
      [{ toUserId: b.id, amount: "1.000000001" }, 400, invalid, TOKEN_MESSAGES.tooPrecise],
      [{ toUserId: b.id, amount: "500.00000001" }, 400, "PROMOTIONAL_LOOP_LOCKED", promotionalRefusalMessage("send", "0")],
      [{ toUserId: b.id, amount: "1", description: "x".repeat(201) }, 400, invalid, TOKEN_MESSAGES.descriptionTooLong],
      [{ toUserId: a.id, amount: "1" }, 400, "TRANSFER_TO_SELF", TOKEN_MESSAGES.selfTransfer],
      [{ toUserId: "00000000-0000-4000-8000-000000000000", amount: "1" }, 404, "RECIPIENT_NOT_FOUND", TOKEN_MESSAGES.recipientNotFound],
      [{ toUserId: "not-a-user", amount: "1" }, 404, "RECIPIENT_NOT_FOUND", TOKEN_MESSAGES.recipientNotFound],
    ];
    for (const [body, status, code, message] of cases) {
      const response = await send(a.browser, body);
      expect({ body, status: response.status, code: response.body.code, message: response.body.message }).toEqual({
        body,
        status,
        code,
        message,
      });
    }
    expect(await balance(a.browser)).toEqual(WELCOME_ONLY);
    expect(await balance(b.browser)).toEqual(WELCOME_ONLY);
  });

  it("an amount above LoopToken's cap is 400 'Amount is too large' and moves nothing (it reached Postgres' BIGINT: 500)", async () => {
    const [a, b] = [await signInMember(t), await signInMember(t)];
    const before = [await balance(a.browser), await balance(b.browser)];
    await expectAmountsOverCapRefused((amount, key) => send(a.browser, { toUserId: b.id, amount }, key));
    expect(TOKEN_MESSAGES.tooLarge).toBe("Amount is too large: at most 1,000,000,000 LOOP");
    expect([await balance(a.browser), await balance(b.browser)]).toEqual(before);
    expect(before[0]).toMatchObject({ balance: "500.00000000", held: "0.00000000" });
    // The cap itself is a valid amount: refused for want of balance, not for its size.
    expect((await send(a.browser, { toUserId: b.id, amount: "1000000000" }).expect(400)).body.message).toBe(
      promotionalRefusalMessage("send", "0"),
    );
  });

  it("sends exact amounts; both histories show it, newest first", async () => {
    const [a, b] = [await signInMember(t, { funds: 500n }), await signInMember(t, { funds: 500n })];
    const response = await send(a.browser, { toUserId: b.id, amount: "12.34567891", description: "  for the loops  " }).expect(201);
    expect(transferSchema.parse(response.body)).toEqual(
      expect.objectContaining({
        transferType: "user_transfer",
        direction: "out",
        fromUserId: a.id,
        toUserId: b.id,
        amount: "12.34567891",
        description: "for the loops",
      }),
    );
    await send(b.browser, { toUserId: a.id, amount: "0.00000001" }).expect(201);
    expect(await balance(a.browser)).toEqual({
      balance: "987.65432110",
      available: "987.65432110",
      held: "0.00000000",
      withdrawable: "487.65432110",
      promotional: "500.00000000",
    });
    expect(await balance(b.browser)).toEqual({
      balance: "1012.34567890",
      available: "1012.34567890",
      held: "0.00000000",
      withdrawable: "512.34567890",
      promotional: "500.00000000",
    });

    const aList = transferListSchema.parse((await a.browser.get("/api/tokens/transfers").expect(200)).body);
    expect(aList.map((x) => [x.transferType, x.direction, x.toUserId, x.fromUserId, x.amount])).toEqual([
      ["user_transfer", "in", "current_user", b.id, "0.00000001"],
      ["user_transfer", "out", b.id, a.id, "12.34567891"],
      ["admin_airdrop", "in", "current_user", null, "500.00000000"],
      ["reward", "in", "current_user", null, "500.00000000"],
    ]);
    const bList = transferListSchema.parse((await b.browser.get("/api/tokens/transfers").expect(200)).body);
    expect(bList.map((x) => [x.direction, x.toUserId, x.amount, x.description])).toEqual([
      ["out", a.id, "0.00000001", null],
      ["in", "current_user", "12.34567891", "for the loops"],
      ["in", "current_user", "500.00000000", null],
      ["in", "current_user", "500.00000000", "Welcome bonus"],
    ]);
    expect((await a.browser.get("/api/tokens/transfers?limit=1&offset=1").expect(200)).body).toHaveLength(1);
    await a.browser.get("/api/tokens/transfers?limit=0").expect(400);
  });

  it("the whole withdrawable balance can be sent; one unit more cannot (the welcome bonus is promotional)", async () => {
    const [a, b] = [await signInMember(t, { funds: 500n }), await signInMember(t)];
    expect((await send(a.browser, { toUserId: b.id, amount: "500.00000001" }).expect(400)).body.message).toBe(
      promotionalRefusalMessage("send", "500"),
    );
    await send(a.browser, { toUserId: b.id, amount: "500" }).expect(201);
    const refused = await send(a.browser, { toUserId: b.id, amount: "0.00000001" }).expect(400);
    expect(refused.body.message).toBe(promotionalRefusalMessage("send", "0"));
    expect(await balance(a.browser)).toEqual(WELCOME_ONLY);
  });

  describe("Idempotency-Key", () => {
    it("the same key 20 times at once moves the money once and answers the first response every time", async () => {
      const [a, b] = [await signInMember(t, { funds: 500n }), await signInMember(t)];
      const body = { toUserId: b.id, amount: "25", description: "once" };
      const responses = await Promise.all(Array.from({ length: 20 }, () => send(a.browser, body, "pay-b-once")));
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
      expect(new Set(responses.map((r) => JSON.stringify(r.body))).size).toBe(1);
      expect(await balance(a.browser)).toMatchObject({ balance: "975.00000000", withdrawable: "475.00000000" });
      expect(await balance(b.browser)).toMatchObject({ balance: "525.00000000", withdrawable: "25.00000000" });
      const entries = await t.db.prisma.$queryRaw<{ n: bigint }[]>`
        SELECT COUNT(DISTINCT e."id") AS n FROM "app"."ledger_entries" e JOIN "app"."ledger_postings" p ON p."entry_id" = e."id"
        JOIN "app"."ledger_accounts" ac ON ac."id" = p."account_id" WHERE e."kind" = 'user_transfer' AND ac."user_id" = ${a.id}::uuid`;
      expect(entries[0]!.n).toBe(1n);

      // A later retry answers the same; another body with the key is a conflict.
      const retry = await send(a.browser, body, "pay-b-once").expect(201);
      expect(retry.body).toEqual(responses[0]!.body);
      const conflict = await send(a.browser, { ...body, amount: "26" }, "pay-b-once").expect(409);
      expect(conflict.body).toEqual({ message: TOKEN_MESSAGES.idempotencyKeyReused, code: "IDEMPOTENCY_KEY_REUSED" });
      // Keys belong to the user: b may use the same key for its own call.
      await send(b.browser, { toUserId: a.id, amount: "1" }, "pay-b-once").expect(201);
    });

    it("a refused request answers the same refusal again, even after the balance changed", async () => {
      const [a, b] = [await signInMember(t, { funds: 500n }), await signInMember(t, { funds: 500n })];
      const first = await send(a.browser, { toUserId: b.id, amount: "600" }, "too-much").expect(400);
      expect(first.body).toEqual({ message: promotionalRefusalMessage("send", "500"), code: "PROMOTIONAL_LOOP_LOCKED" });
      await send(b.browser, { toUserId: a.id, amount: "200" }).expect(201);
      const again = await send(a.browser, { toUserId: b.id, amount: "600" }, "too-much").expect(400);
      expect(again.body).toEqual(first.body);
      await send(a.browser, { toUserId: b.id, amount: "600" }, "too-much-2").expect(201);
    });

    it("refuses a malformed key", async () => {
      const [a, b] = [await signInMember(t), await signInMember(t)];
      const response = await send(a.browser, { toUserId: b.id, amount: "1" }, "x".repeat(201)).expect(400);
      expect(response.body).toEqual({ message: TOKEN_MESSAGES.idempotencyKeyInvalid, code: "IDEMPOTENCY_KEY_INVALID" });
    });
  });

  it("200 simultaneous transfers from an account that can afford exactly 100: exactly 100 succeed", async () => {
    const [a, b, c] = [await signInMember(t, { funds: 500n }), await signInMember(t), await signInMember(t)];
    // 500 LOOP affords exactly 100 transfers of 5 LOOP; half go to b, half to c (both lock orders).
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => send(a.browser, { toUserId: i % 2 ? b.id : c.id, amount: "5" })),
    );
    const ok = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status !== 201);
    expect(ok).toHaveLength(100);
    expect(refused).toHaveLength(100);
    expect(new Set(refused.map((r) => `${r.status} ${r.body.code} ${r.body.message}`))).toEqual(
      new Set([`400 PROMOTIONAL_LOOP_LOCKED ${promotionalRefusalMessage("send", "0")}`]),
    );
    expect(await balance(a.browser)).toEqual(WELCOME_ONLY);
    const received =
      BigInt((await balance(b.browser)).balance.replace(".", "")) + BigInt((await balance(c.browser)).balance.replace(".", ""));
    expect(received).toBe(1500n * 10n ** 8n);
    // Meanwhile b and c send to each other in both directions without deadlocks.
    const crossed = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 ? send(b.browser, { toUserId: c.id, amount: "1" }) : send(c.browser, { toUserId: b.id, amount: "1" }),
      ),
    );
    expect(crossed.every((r) => r.status === 201)).toBe(true);
  });
});
