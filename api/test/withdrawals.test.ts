// POST /api/tokens/withdraw (with Idempotency-Key), GET /api/tokens/withdrawals, POST
// /api/tokens/withdrawals/:id/cancel, GET /api/admin/tokens/withdrawals and PUT
// /api/admin/tokens/withdrawals/:id/status: messages, holds, the state machine, concurrency.
// The on-chain path of method `loop` is in withdrawals-chain.test.ts.
import { promotionalRefusalMessage, TOKEN_MESSAGES, transferListSchema } from "@loop/rules/schemas/tokens";
import {
  WITHDRAWAL_MESSAGES as M,
  adminWithdrawalListSchema,
  adminWithdrawalSchema,
  invalidStatusChangeMessage,
  withdrawalListSchema,
  withdrawalSchema,
} from "@loop/rules/schemas/withdrawals";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { expectAmountsOverCapRefused } from "./support/amount-cap";
import { postWithKey } from "./support/api-calls";
import { signInAdmin, signInMember } from "./support/members";
import { expectRefusals } from "./support/refusals";
import { type Browser } from "./support/siwe";
import { browser, type TestApp } from "./support/test-app";
import { ledgerCheckedApp } from "./support/suite-app";
import { setWithdrawalStatus, WITHDRAWABLE, withdrawableBalance } from "./support/withdrawable";

const ETH = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const BTC = "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2";

describe("withdrawals", () => {
  let t: TestApp;

  const balance = withdrawableBalance;
  const withdraw = (as: Browser, body: unknown, key?: string) => postWithKey(as, "/api/tokens/withdraw", body, key);
  const request20 = async (as: Browser, amount = "20", method = "crypto_eth", destination = ETH) =>
    withdrawalSchema.parse((await withdraw(as, { amount, method, destination }).expect(201)).body);
  const clearingBalance = async () =>
    (await t.db.prisma.ledgerAccount.findFirst({ where: { kind: "clearing", userId: null }, select: { balance: true } }))?.balance ?? 0n;

  ledgerCheckedApp((app) => (t = app));

  it("signed out: 401; not an admin: 403 on the admin calls", async () => {
    await request(t.app).get("/api/tokens/withdrawals").expect(401);
    await browser(t.app).post("/api/tokens/withdraw").send({ amount: "10", method: "crypto_eth", destination: ETH }).expect(401);
    await request(t.app).get("/api/admin/tokens/withdrawals").expect(401);
    const user = await signInMember(t, WITHDRAWABLE);
    const mine = await request20(user.browser);
    await user.browser.get("/api/admin/tokens/withdrawals").expect(403);
    await setWithdrawalStatus(user.browser, mine.id, { status: "cancelled" }).expect(403);
    expect((await user.browser.get("/api/tokens/withdrawals").expect(200)).body[0].status).toBe("pending");
  });

  it("validates with the spec's messages and moves nothing when it refuses", async () => {
    const user = await signInMember(t, WITHDRAWABLE);
    const cases: [unknown, string][] = [
      [{}, M.missing],
      [{ method: "crypto_eth", destination: ETH }, M.missing],
      [{ amount: "20", destination: ETH }, M.missing],
      [{ amount: "20", method: "crypto_eth" }, M.missing],
      [{ amount: "", method: "", destination: "" }, M.missing],
      [{ amount: "0", method: "crypto_eth", destination: ETH }, M.notPositive],
      [{ amount: "-15", method: "crypto_eth", destination: ETH }, M.notPositive],
      [{ amount: "lots", method: "crypto_eth", destination: ETH }, M.invalidAmount],
      [{ amount: 20, method: "crypto_eth", destination: ETH }, M.invalidAmount],
      [{ amount: "10.000000001", method: "crypto_eth", destination: ETH }, M.tooPrecise],
      [{ amount: "9.99999999", method: "crypto_eth", destination: ETH }, M.minimum],
      [{ amount: "5", method: "loop", destination: ETH }, M.minimum],
      [{ amount: "20", method: "paypal", destination: ETH }, M.invalidMethod],
      [{ amount: "500.00000001", method: "crypto_eth", destination: ETH }, promotionalRefusalMessage("withdraw", "500")],
      // EVM methods: 0x + 40 hex, and a mixed-case address must carry its EIP-55 checksum.
      [{ amount: "20", method: "crypto_eth", destination: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe" }, M.invalidEvmDestination],
      [{ amount: "20", method: "crypto_usdc", destination: "0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed" }, M.invalidEvmDestination],
      [{ amount: "20", method: "crypto_usdt", destination: "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" }, M.invalidEvmDestination],
      [{ amount: "20", method: "loop", destination: BTC }, M.invalidEvmDestination],
      // Bitcoin: base58check with its checksum and a mainnet version; bech32 (v0) / bech32m (v1+), mainnet.
      [{ amount: "20", method: "crypto_btc", destination: "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3" }, M.invalidBtcDestination],
      [{ amount: "20", method: "crypto_btc", destination: "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn" }, M.invalidBtcDestination],
      [{ amount: "20", method: "crypto_btc", destination: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr" }, M.invalidBtcDestination],
      [{ amount: "20", method: "crypto_btc", destination: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx" }, M.invalidBtcDestination],
      [{ amount: "20", method: "crypto_btc", destination: "bc1qAr0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" }, M.invalidBtcDestination],
      // A v1 program in bech32 (not bech32m) is refused (BIP-350).
      [
        { amount: "20", method: "crypto_btc", destination: "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx" },
        M.invalidBtcDestination,
      ],
      [{ amount: "20", method: "crypto_btc", destination: ETH }, M.invalidBtcDestination],
    ];
    // The schema refuses a shape (VALIDATION_FAILED), the service a checksum or the balance (their own codes).
    const codeOf = (message: string) =>
      message.startsWith("Promotional LOOP")
        ? "PROMOTIONAL_LOOP_LOCKED"
        : message.startsWith("Invalid Destination")
          ? expect.stringMatching(/^(VALIDATION_FAILED|INVALID_WITHDRAWAL_DESTINATION)$/)
          : "VALIDATION_FAILED";
    await expectRefusals((body) => withdraw(user.browser, body), cases, codeOf);
    // A checksum only the service checks: its own code.
    const checksum = await withdraw(user.browser, {
      amount: "20",
      method: "crypto_eth",
      destination: "0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    }).expect(400);
    expect(checksum.body).toEqual({ message: M.invalidEvmDestination, code: "INVALID_WITHDRAWAL_DESTINATION" });
    expect(await balance(user.browser)).toEqual({ balance: "500.00000000", available: "500.00000000", held: "0.00000000" });
    expect((await user.browser.get("/api/tokens/withdrawals").expect(200)).body).toEqual([]);
  });

  it("an amount above LoopToken's cap is 400 'Amount is too large' (not a shortage of balance) and holds nothing", async () => {
    const user = await signInMember(t, WITHDRAWABLE);
    const before = await balance(user.browser);
    await expectAmountsOverCapRefused((amount, key) => withdraw(user.browser, { amount, method: "crypto_eth", destination: ETH }, key));
    expect(M.tooLarge).toBe("Amount is too large: at most 1,000,000,000 LOOP");
    expect(await balance(user.browser)).toEqual(before);
    expect(before).toMatchObject({ balance: "500.00000000", held: "0.00000000" });
    expect((await user.browser.get("/api/tokens/withdrawals").expect(200)).body).toEqual([]);
    // The cap itself passes the schema and is refused for want of balance.
    expect((await withdraw(user.browser, { amount: "1000000000", method: "crypto_eth", destination: ETH }).expect(400)).body.message).toBe(
      promotionalRefusalMessage("withdraw", "500"),
    );
  });

  it("accepts every method with valid destinations (lower-case, checksummed, all Bitcoin address kinds)", async () => {
    const user = await signInMember(t, WITHDRAWABLE);
    const valid: [string, string][] = [
      ["crypto_eth", ETH],
      ["crypto_eth", ETH.toLowerCase()],
      ["crypto_usdc", `0x${ETH.slice(2).toUpperCase()}`],
      ["crypto_usdt", ETH],
      ["loop", ETH],
      ["crypto_btc", BTC],
      ["crypto_btc", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"],
      ["crypto_btc", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"],
      ["crypto_btc", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4"],
      ["crypto_btc", "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3"],
      ["crypto_btc", "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297"],
    ];
    for (const [method, destination] of valid) {
      const response = await withdraw(user.browser, { amount: "10", method, destination });
      expect({ method, destination, status: response.status, message: response.body.message }).toEqual({
        method,
        destination,
        status: 201,
        message: undefined,
      });
    }
    expect(await balance(user.browser)).toEqual({ balance: "500.00000000", available: "390.00000000", held: "110.00000000" });
  });

  it("holds the amount; lists newest first with the USD value; the owner may cancel while pending", async () => {
    const [user, other] = [await signInMember(t, WITHDRAWABLE), await signInMember(t, WITHDRAWABLE)];
    const first = await request20(user.browser, "12.5");
    expect(first).toEqual({
      id: expect.any(String),
      amount: "12.50000000",
      usdAmount: "0.03", // 12.5 / 500 = 0.025, half-up
      method: "crypto_eth",
      destination: ETH,
      status: "pending",
      transactionId: null,
      failureReason: null,
      createdAt: expect.any(String),
      processedAt: null,
    });
    const second = await request20(user.browser, "487.5", "crypto_btc", BTC);
    expect(second.usdAmount).toBe("0.98"); // 0.975 → 0.98
    expect(await balance(user.browser)).toEqual({ balance: "500.00000000", available: "0.00000000", held: "500.00000000" });
    // Held LOOP cannot be sent or withdrawn again.
    expect((await user.browser.post("/api/tokens/transfer").send({ toUserId: other.id, amount: "1" })).body.message).toBe(
      promotionalRefusalMessage("send", "0"),
    );
    expect((await withdraw(user.browser, { amount: "10", method: "crypto_eth", destination: ETH })).body.message).toBe(
      promotionalRefusalMessage("withdraw", "0"),
    );

    const list = withdrawalListSchema.parse((await user.browser.get("/api/tokens/withdrawals").expect(200)).body);
    expect(list.map((w) => w.id)).toEqual([second.id, first.id]);
    expect((await other.browser.get("/api/tokens/withdrawals").expect(200)).body).toEqual([]);

    // Someone else's, or no such withdrawal: 404.
    expect((await other.browser.post(`/api/tokens/withdrawals/${first.id}/cancel`).expect(404)).body).toEqual({
      message: M.notFound,
      code: "WITHDRAWAL_NOT_FOUND",
    });
    await user.browser.post("/api/tokens/withdrawals/not-a-uuid/cancel").expect(404);
    const cancelled = withdrawalSchema.parse((await user.browser.post(`/api/tokens/withdrawals/${first.id}/cancel`).expect(200)).body);
    expect(cancelled).toMatchObject({ id: first.id, status: "cancelled", processedAt: expect.any(String) });
    expect(await balance(user.browser)).toEqual({ balance: "500.00000000", available: "12.50000000", held: "487.50000000" });
    const again = await user.browser.post(`/api/tokens/withdrawals/${first.id}/cancel`).expect(409);
    expect(again.body).toEqual({ message: invalidStatusChangeMessage("cancelled", "cancelled"), code: "INVALID_STATUS_CHANGE" });
    // Nothing reached the ledger's history: a hold is not a movement.
    const transfers = transferListSchema.parse((await user.browser.get("/api/tokens/transfers").expect(200)).body);
    expect(transfers.map((x) => x.transferType)).toEqual(["admin_airdrop", "reward"]); // the 500 LOOP bought, the welcome bonus
  });

  it("admin: lists with user and net USD, filters by status, and needs the spec's fields", async () => {
    const [user, admin] = [await signInMember(t, WITHDRAWABLE), await signInAdmin(t, WITHDRAWABLE)];
    const w = await request20(user.browser, "100");
    const username = (await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).username;
    const all = adminWithdrawalListSchema.parse((await admin.browser.get("/api/admin/tokens/withdrawals").expect(200)).body);
    expect(all.find((x) => x.id === w.id)).toEqual({
      ...w,
      userId: user.id,
      username,
      netUsdAmount: "0.20",
      payoutInProgress: false,
      payoutError: null,
    });
    const pending = adminWithdrawalListSchema.parse(
      (await admin.browser.get("/api/admin/tokens/withdrawals?status=pending").expect(200)).body,
    );
    expect(pending.every((x) => x.status === "pending")).toBe(true);
    expect(pending.some((x) => x.id === w.id)).toBe(true);
    expect(
      (await admin.browser.get("/api/admin/tokens/withdrawals?status=completed").expect(200)).body.some(
        (x: { id: string }) => x.id === w.id,
      ),
    ).toBe(false);
    await admin.browser.get("/api/admin/tokens/withdrawals?status=bogus").expect(400);
    for (const query of ["?status=", "?status=all"]) {
      expect(
        (await admin.browser.get(`/api/admin/tokens/withdrawals${query}`).expect(200)).body.some((x: { id: string }) => x.id === w.id),
      ).toBe(true);
    }

    const messages: [unknown, number, string][] = [
      [{}, 400, M.missingStatus],
      [{ status: "" }, 400, M.missingStatus],
      [{ status: "approved" }, 400, M.invalidStatus],
      [{ status: "completed" }, 400, M.missingTransactionId],
      [{ status: "completed", transactionId: "   " }, 400, M.missingTransactionId],
      [{ status: "failed" }, 400, M.missingFailureReason],
      [{ status: "failed", failureReason: "" }, 400, M.missingFailureReason],
      [{ status: "completed", transactionId: "0xabc" }, 409, invalidStatusChangeMessage("pending", "completed")],
    ];
    for (const [body, status, message] of messages) {
      const response = await setWithdrawalStatus(admin.browser, w.id, body);
      expect({ body, status: response.status, message: response.body.message }).toEqual({ body, status, message });
    }
    expect(
      (await setWithdrawalStatus(admin.browser, "00000000-0000-4000-8000-000000000000", { status: "cancelled" }).expect(404)).body.message,
    ).toBe(M.notFound);
    expect((await setWithdrawalStatus(admin.browser, w.id, { status: "completed", transactionId: "0xabc" }).expect(409)).body.code).toBe(
      "INVALID_STATUS_CHANGE",
    );
    expect(await balance(user.browser)).toMatchObject({ held: "100.00000000" });
  });

  it("pending → processing → completed captures the hold once: a withdrawal (out) in the history", async () => {
    const [user, admin] = [await signInMember(t, WITHDRAWABLE), await signInAdmin(t, WITHDRAWABLE)];
    const w = await request20(user.browser, "150");
    const clearingBefore = await clearingBalance();

    const processing = adminWithdrawalSchema.parse(
      (await setWithdrawalStatus(admin.browser, w.id, { status: "processing" }).expect(200)).body,
    );
    expect(processing).toMatchObject({ status: "processing", processedAt: null, transactionId: null });
    expect(await balance(user.browser)).toEqual({ balance: "500.00000000", available: "350.00000000", held: "150.00000000" });
    // The owner can no longer cancel it.
    expect((await user.browser.post(`/api/tokens/withdrawals/${w.id}/cancel`).expect(409)).body.message).toBe(
      invalidStatusChangeMessage("processing", "cancelled"),
    );
    expect((await setWithdrawalStatus(admin.browser, w.id, { status: "cancelled" }).expect(409)).body.message).toBe(
      invalidStatusChangeMessage("processing", "cancelled"),
    );

    const completed = adminWithdrawalSchema.parse(
      (await setWithdrawalStatus(admin.browser, w.id, { status: "completed", transactionId: " 0xfeedbeef " }).expect(200)).body,
    );
    expect(completed).toMatchObject({
      status: "completed",
      transactionId: "0xfeedbeef",
      processedAt: expect.any(String),
      failureReason: null,
    });
    expect(await balance(user.browser)).toEqual({ balance: "350.00000000", available: "350.00000000", held: "0.00000000" });
    expect((await clearingBalance()) - clearingBefore).toBe(150n * 10n ** 8n);
    const transfers = transferListSchema.parse((await user.browser.get("/api/tokens/transfers").expect(200)).body);
    expect(transfers[0]).toMatchObject({
      transferType: "withdrawal",
      direction: "out",
      fromUserId: user.id,
      toUserId: null,
      amount: "150.00000000",
      status: "completed",
    });
    expect(transfers[0]!.description).toContain(ETH);
    const mine = withdrawalListSchema.parse((await user.browser.get("/api/tokens/withdrawals").expect(200)).body);
    expect(mine[0]).toMatchObject({ id: w.id, status: "completed", transactionId: "0xfeedbeef" });

    // Final: every further change is refused with the spec's message.
    for (const status of ["processing", "completed", "failed", "cancelled"]) {
      const response = await setWithdrawalStatus(admin.browser, w.id, { status, transactionId: "0x1", failureReason: "late" }).expect(409);
      expect(response.body.message).toBe(invalidStatusChangeMessage("completed", status as "failed"));
    }
    expect(await balance(user.browser)).toMatchObject({ balance: "350.00000000" });
  });

  it("failed (from pending or processing) and cancelled release the hold; all three are final", async () => {
    const [user, admin] = [await signInMember(t, WITHDRAWABLE), await signInAdmin(t, WITHDRAWABLE)];
    const a = await request20(user.browser, "100");
    const b = await request20(user.browser, "100", "crypto_btc", BTC);
    const c = await request20(user.browser, "100", "crypto_usdt");
    expect(await balance(user.browser)).toMatchObject({ available: "200.00000000", held: "300.00000000" });

    const failedA = adminWithdrawalSchema.parse(
      (await setWithdrawalStatus(admin.browser, a.id, { status: "failed", failureReason: "Address blocked" }).expect(200)).body,
    );
    expect(failedA).toMatchObject({ status: "failed", failureReason: "Address blocked", processedAt: expect.any(String) });
    await setWithdrawalStatus(admin.browser, b.id, { status: "processing" }).expect(200);
    await setWithdrawalStatus(admin.browser, b.id, { status: "failed", failureReason: "Network congestion" }).expect(200);
    const cancelledC = adminWithdrawalSchema.parse(
      (await setWithdrawalStatus(admin.browser, c.id, { status: "cancelled" }).expect(200)).body,
    );
    expect(cancelledC).toMatchObject({ status: "cancelled", processedAt: expect.any(String) });
    expect(await balance(user.browser)).toEqual({ balance: "500.00000000", available: "500.00000000", held: "0.00000000" });

    for (const [w, from] of [
      [a, "failed"],
      [b, "failed"],
      [c, "cancelled"],
    ] as const) {
      for (const to of ["processing", "completed", "failed", "cancelled"] as const) {
        const response = await setWithdrawalStatus(admin.browser, w.id, {
          status: to,
          transactionId: "0x1",
          failureReason: "again",
        }).expect(409);
        expect(response.body.message).toBe(invalidStatusChangeMessage(from, to));
      }
      expect((await user.browser.post(`/api/tokens/withdrawals/${w.id}/cancel`).expect(409)).body.message).toBe(
        invalidStatusChangeMessage(from, "cancelled"),
      );
    }
    // The database refuses to change a final withdrawal too.
    await expect(t.db.prisma.withdrawal.update({ where: { id: a.id }, data: { status: "pending", processedAt: null } })).rejects.toThrow();
    expect(await balance(user.browser)).toEqual({ balance: "500.00000000", available: "500.00000000", held: "0.00000000" });
  });

  it("two admins completing at once resolve it once", async () => {
    const [user, admin1, admin2] = [
      await signInMember(t, WITHDRAWABLE),
      await signInAdmin(t, WITHDRAWABLE),
      await signInAdmin(t, WITHDRAWABLE),
    ];
    const w = await request20(user.browser, "40");
    await setWithdrawalStatus(admin1.browser, w.id, { status: "processing" }).expect(200);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? setWithdrawalStatus(admin1.browser, w.id, { status: "completed", transactionId: `0xtx${i}` })
          : setWithdrawalStatus(admin2.browser, w.id, {
              status: i === 4 ? "failed" : "completed",
              transactionId: `0xtx${i}`,
              failureReason: "no",
            }),
      ),
    );
    const ok = responses.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    const final = ok[0]!.body.status as "completed" | "failed";
    expect(responses.filter((r) => r.status === 409).length).toBe(9);
    for (const r of responses.filter((x) => x.status === 409))
      expect(r.body.message).toMatch(new RegExp(`^Invalid Status Change: A ${final} withdrawal cannot become (completed|failed)$`));
    expect(await balance(user.browser)).toMatchObject({
      balance: final === "completed" ? "460.00000000" : "500.00000000",
      held: "0.00000000",
    });
  });

  describe("Idempotency-Key", () => {
    it("the same key 20 times at once makes one withdrawal and answers it every time", async () => {
      const user = await signInMember(t, WITHDRAWABLE);
      const body = { amount: "30", method: "crypto_eth", destination: ETH };
      const responses = await Promise.all(Array.from({ length: 20 }, () => withdraw(user.browser, body, "withdraw-once")));
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
      expect(new Set(responses.map((r) => JSON.stringify(r.body))).size).toBe(1);
      expect(await balance(user.browser)).toMatchObject({ available: "470.00000000", held: "30.00000000" });
      expect(await t.db.prisma.withdrawal.count({ where: { userId: user.id } })).toBe(1);
      expect((await withdraw(user.browser, body, "withdraw-once").expect(201)).body).toEqual(responses[0]!.body);
      expect((await withdraw(user.browser, { ...body, amount: "31" }, "withdraw-once").expect(409)).body).toEqual({
        message: TOKEN_MESSAGES.idempotencyKeyReused,
        code: "IDEMPOTENCY_KEY_REUSED",
      });
    });

    it("a retry whose first answer was lost finds its withdrawal instead of holding twice", async () => {
      const user = await signInMember(t, WITHDRAWABLE);
      const body = { amount: "30", method: "crypto_eth", destination: ETH };
      const first = await withdraw(user.browser, body, "lost-answer").expect(201);
      // As if the process died after the commit, before the answer was stored.
      await t.db.prisma.idempotencyRequest.delete({ where: { userId_key: { userId: user.id, key: "lost-answer" } } });
      const retry = await withdraw(user.browser, body, "lost-answer").expect(201);
      expect(retry.body).toEqual(first.body);
      expect(await balance(user.browser)).toMatchObject({ held: "30.00000000" });
    });
  });

  it("withdrawals racing transfers never overdraw: 100 LOOP affords exactly 10 of 40 requests of 10", async () => {
    const [user, sink, other] = [
      await signInMember(t, WITHDRAWABLE),
      await signInMember(t, WITHDRAWABLE),
      await signInMember(t, WITHDRAWABLE),
    ];
    await user.browser.post("/api/tokens/transfer").send({ toUserId: sink.id, amount: "400" }).expect(201);
    expect(await balance(user.browser)).toMatchObject({ available: "100.00000000" });
    const calls = Array.from({ length: 40 }, (_, i) =>
      i % 2
        ? withdraw(user.browser, { amount: "10", method: i % 4 === 1 ? "crypto_eth" : "crypto_btc", destination: i % 4 === 1 ? ETH : BTC })
        : user.browser.post("/api/tokens/transfer").send({ toUserId: other.id, amount: "10" }),
    );
    const responses = await Promise.all(calls);
    const ok = responses.filter((r) => r.status === 201);
    expect(ok).toHaveLength(10);
    const refused = responses.filter((r) => r.status !== 201);
    expect(new Set(refused.map((r) => `${r.status} ${r.body.code} ${r.body.message}`))).toEqual(
      new Set(
        refused.map(
          (r) => `400 PROMOTIONAL_LOOP_LOCKED ${promotionalRefusalMessage(r.request.url.endsWith("/withdraw") ? "withdraw" : "send", "0")}`,
        ),
      ),
    );
    const withdrawn = ok.filter((r) => r.request.url.endsWith("/withdraw")).length;
    expect(await balance(user.browser)).toEqual({
      balance: `${100 - (10 - withdrawn) * 10}.00000000`,
      available: "0.00000000",
      held: `${withdrawn * 10}.00000000`,
    });
    expect(await balance(other.browser)).toMatchObject({ balance: `${500 + (10 - withdrawn) * 10}.00000000` });
  });

  it("a `loop` withdrawal without a deployed LoopVault cannot be processed and stays pending", async () => {
    const [user, admin] = [await signInMember(t, WITHDRAWABLE), await signInAdmin(t, WITHDRAWABLE)];
    const w = await request20(user.browser, "25", "loop");
    const response = await setWithdrawalStatus(admin.browser, w.id, { status: "processing" }).expect(503);
    expect(response.body).toMatchObject({ code: "PAYOUTS_UNAVAILABLE", message: expect.stringMatching(/^LOOP payouts are unavailable/) });
    expect((await user.browser.get("/api/tokens/withdrawals").expect(200)).body[0]).toMatchObject({
      id: w.id,
      status: "pending",
      transactionId: null,
    });
    // It can still be cancelled (the hold comes back).
    await setWithdrawalStatus(admin.browser, w.id, { status: "cancelled" }).expect(200);
    expect(await balance(user.browser)).toMatchObject({ held: "0.00000000" });
  });
});
