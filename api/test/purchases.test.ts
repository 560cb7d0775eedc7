// Buying a loop (docs/product.md#paying-with-in-app-loop) free or with the in-app LOOP balance: the server's amounts, one ledger
// entry, once per buyer/loop/format under retries and races, XP, notifications, e-mails with a
// working download link, and every refusal leaving nothing behind.
import { randomUUID } from "node:crypto";
import type { ErrorCode } from "@loop/rules/error-codes";
import { PURCHASE_MESSAGES, insufficientLoopMessage, purchaseSchema } from "@loop/rules/schemas/purchases";
import { transferListSchema } from "@loop/rules/schemas/tokens";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { platformBalance } from "../src/features/ledger/ledger.service";
import { postWithKey, tokenBalance } from "./support/api-calls";
import { insertDownloadableLoop } from "./support/listed-loop";
import type { Browser } from "./support/siwe";
import { decodeQuotedPrintable } from "./support/smtp";
import { fundMember, signInMember } from "./support/members";
import { browser, type TestApp } from "./support/test-app";
import { ledgerCheckedAppWithSmtp, type SmtpServer } from "./support/suite-app";

describe("purchases", () => {
  let t: TestApp;
  let smtp: SmtpServer;

  /** A ready, listed loop of `userId` at `price` (USD string), with its MP3 and WAV in storage. */
  async function listedLoop(userId: string, price: string, title = `Loop ${randomUUID().slice(0, 6)}`) {
    const cents = Math.round(Number(price) * 100);
    const id = await insertDownloadableLoop(t, { userId, title, priceCents: cents, isFree: cents === 0 });
    return { id, title };
  }
  const buy = (as: Browser, body: unknown, key?: string) => postWithKey(as, "/api/purchases", body, key);
  const balance = tokenBalance;
  const purchasesOf = (buyerId: string) => t.db.prisma.purchase.findMany({ where: { buyerId }, orderBy: { createdAt: "asc" } });
  /** LOOP from the platform (as an admin's airdrop would), so a buyer can afford a loop. */
  const fund = (userId: string, loop: bigint | string) => fundMember(t, userId, loop);
  const feesBalance = () => platformBalance(t.db.prisma, "fees");

  ledgerCheckedAppWithSmtp((app, mail) => {
    t = app;
    smtp = mail;
  });

  it("pays with LOOP: the server's price and fee, one entry buyer → seller and fees, XP, notifications, e-mails", async () => {
    const seller = await signInMember(t, `seller-${randomUUID()}@example.com`);
    const buyer = await signInMember(t, `buyer-${randomUUID()}@example.com`);
    await fund(buyer.id, "3000");
    const loop = await listedLoop(seller.id, "4.99", "Golden Hour");
    const feesBefore = await feesBalance();

    // A client-sent price is ignored: the server prices the loop itself.
    const response = await buy(buyer.browser, { loopId: loop.id, format: "wav", paymentMethod: "loop", price: "0.01" }).expect(201);
    const purchase = purchaseSchema.parse(response.body);
    // WAV: 4% of $4.99 = 19.96¢ → 20¢; total $5.19 = 2595 LOOP.
    expect(purchase).toMatchObject({
      loopId: loop.id,
      loopTitle: "Golden Hour",
      format: "wav",
      method: "loop",
      price: "4.99",
      fee: "0.20",
      total: "5.19",
      loopAmount: "2595.00000000",
    });
    // Promotional LOOP pays first (the 500 welcome bonus), then the bought LOOP (issue 18)…
    expect(await balance(buyer.browser)).toEqual({
      balance: "905.00000000",
      available: "905.00000000",
      held: "0.00000000",
      withdrawable: "905.00000000",
      promotional: "0.00000000",
    });
    // … and reaches the seller as promotional LOOP: 500 + 2495, of which 1995 can be withdrawn.
    expect(await balance(seller.browser)).toMatchObject({
      balance: "2995.00000000",
      withdrawable: "1995.00000000",
      promotional: "1000.00000000",
    });
    expect((await feesBalance()) - feesBefore).toBe(100n * 10n ** 8n); // 20¢ = 100 LOOP

    // Both histories: the buyer's purchase, the seller's sale.
    const buyerSide = transferListSchema.parse((await buyer.browser.get("/api/tokens/transfers").expect(200)).body);
    expect(buyerSide[0]).toMatchObject({
      transferType: "purchase",
      direction: "out",
      amount: "2595.00000000",
      toUserId: seller.id,
      description: "Golden Hour (WAV)",
    });
    const sellerSide = transferListSchema.parse((await seller.browser.get("/api/tokens/transfers").expect(200)).body);
    expect(sellerSide[0]).toMatchObject({ transferType: "sale", direction: "in", amount: "2495.00000000", fromUserId: buyer.id });

    // XP: purchase 5 + 4 whole dollars; sale 10 + 4.
    const [buyerRow, sellerRow] = await Promise.all([
      t.db.prisma.user.findUniqueOrThrow({ where: { id: buyer.id } }),
      t.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id } }),
    ]);
    expect(buyerRow.experience).toBe(9);
    expect(sellerRow.experience).toBe(14);
    expect(
      await t.db.prisma.notification.findMany({ where: { userId: { in: [buyer.id, seller.id] } }, select: { userId: true, title: true } }),
    ).toEqual(
      expect.arrayContaining([
        { userId: buyer.id, title: "Purchase Complete" },
        { userId: seller.id, title: "New Sale" },
      ]),
    );

    // The answer's link downloads the WAV.
    const file = await request(t.app).get(purchase.downloadUrl).expect(200);
    expect(file.headers["content-disposition"]).toBe('attachment; filename="golden-hour.wav"');
    // The buyer's e-mail: the details and a link (valid for days) that downloads the file bought.
    const receipt = decodeQuotedPrintable((await smtp.mailTo(buyerRow.email!)).raw);
    expect(receipt).toContain("Subject: Your download: Golden Hour (WAV)");
    expect(receipt).toContain("$5.19 USD (2595 LOOP)");
    const link = /(http:\/\/localhost:5173\/api\/downloads\/[A-Za-z0-9_.-]+)/.exec(receipt)![1]!;
    const mailed = await request(t.app).get(new URL(link).pathname).expect(200);
    expect(mailed.body.toString()).toBe("wav of Golden Hour");
    // The seller's notice.
    const notice = decodeQuotedPrintable((await smtp.mailTo(sellerRow.email!)).raw);
    expect(notice).toContain("Subject: You sold Golden Hour (WAV)");

    // The loop now shows as bought, and MP3 is a separate purchase.
    const again = await buy(buyer.browser, { loopId: loop.id, format: "wav", paymentMethod: "loop" }).expect(409);
    expect(again.body).toEqual({ message: PURCHASE_MESSAGES.alreadyPurchased, code: "ALREADY_PURCHASED" });
    expect((await purchasesOf(buyer.id)).map((row) => row.format)).toEqual(["wav"]);
  });

  it("an MP3 costs 2%: $4.99 → fee 10¢, 2545 LOOP; a short balance is refused with both amounts and nothing moves", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t);
    const loop = await listedLoop(seller.id, "4.99");
    const refused = await buy(buyer.browser, { loopId: loop.id, format: "mp3", paymentMethod: "loop" }).expect(400);
    expect(refused.body).toEqual({ message: insufficientLoopMessage("2545", "500"), code: "INSUFFICIENT_BALANCE" });
    expect(await purchasesOf(buyer.id)).toEqual([]);
    expect(await balance(buyer.browser)).toMatchObject({ balance: "500.00000000" });
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id } })).experience).toBe(0);

    await fund(buyer.id, "2045");
    const bought = purchaseSchema.parse(
      (await buy(buyer.browser, { loopId: loop.id, format: "mp3", paymentMethod: "loop" }).expect(201)).body,
    );
    expect(bought).toMatchObject({ fee: "0.10", total: "5.09", loopAmount: "2545.00000000" });
    expect(await balance(buyer.browser)).toMatchObject({ balance: "0.00000000" });
  });

  it("refuses what cannot be bought, with the messages, recording nothing", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t);
    await fund(buyer.id, "10000");
    const loop = await listedLoop(seller.id, "2.00");
    const hidden = await listedLoop(seller.id, "2.00");
    await t.db.prisma.loop.update({ where: { id: hidden.id }, data: { isPublic: false } });
    const M = PURCHASE_MESSAGES;
    const cases: [Browser, unknown, number, ErrorCode, string][] = [
      [buyer.browser, {}, 400, "VALIDATION_FAILED", M.missing],
      [buyer.browser, { loopId: loop.id }, 400, "VALIDATION_FAILED", M.format],
      [buyer.browser, { loopId: loop.id, format: "flac", paymentMethod: "loop" }, 400, "VALIDATION_FAILED", M.format],
      [buyer.browser, { loopId: loop.id, format: "mp3" }, 400, "PAYMENT_METHOD_REQUIRED", M.choosePayment],
      [buyer.browser, { loopId: loop.id, format: "mp3", paymentMethod: "paypal" }, 400, "VALIDATION_FAILED", M.paymentMethod],
      [buyer.browser, { loopId: randomUUID(), format: "mp3", paymentMethod: "loop" }, 404, "LOOP_NOT_FOUND", "Loop Not Found"],
      [buyer.browser, { loopId: "not-a-uuid", format: "mp3", paymentMethod: "loop" }, 404, "LOOP_NOT_FOUND", "Loop Not Found"],
      [buyer.browser, { loopId: hidden.id, format: "mp3", paymentMethod: "loop" }, 404, "LOOP_NOT_FOUND", "Loop Not Found"],
      [seller.browser, { loopId: loop.id, format: "mp3", paymentMethod: "loop" }, 400, "OWN_LOOP_PURCHASE", M.ownLoop],
    ];
    for (const [as, body, status, code, message] of cases) {
      const response = await buy(as, body).expect(status);
      expect(response.body, JSON.stringify(body)).toMatchObject({ message, code });
    }
    await browser(t.app).post("/api/purchases").send({ loopId: loop.id, format: "mp3", paymentMethod: "loop" }).expect(401);
    expect(await t.db.prisma.purchase.count({ where: { loopId: { in: [loop.id, hidden.id] } } })).toBe(0);
    expect(await balance(buyer.browser)).toMatchObject({ balance: "10500.00000000" });
  });

  it("a free loop is recorded without payment, once", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t);
    const loop = await listedLoop(seller.id, "0");
    const free = purchaseSchema.parse((await buy(buyer.browser, { loopId: loop.id, format: "mp3" }).expect(201)).body);
    expect(free).toMatchObject({ method: "free", price: "0.00", fee: "0.00", total: "0.00", loopAmount: null });
    await buy(buyer.browser, { loopId: loop.id, format: "mp3" }).expect(409);
    expect(await balance(buyer.browser)).toMatchObject({ balance: "500.00000000" });
    expect(await t.db.prisma.notification.count({ where: { userId: { in: [buyer.id, seller.id] } } })).toBe(0);
  });

  it("retries and double clicks buy once: the same key replays the answer, 20 racing calls make one purchase", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t);
    await fund(buyer.id, "100000");
    const loop = await listedLoop(seller.id, "9.99");
    const body = { loopId: loop.id, format: "mp3", paymentMethod: "loop" };
    const first = await buy(buyer.browser, body, "buy-1").expect(201);
    const replay = await buy(buyer.browser, body, "buy-1").expect(201);
    expect(replay.body).toEqual(first.body);
    expect((await buy(buyer.browser, { ...body, format: "wav" }, "buy-1").expect(409)).body.code).toBe("IDEMPOTENCY_KEY_REUSED");

    const racing = await Promise.all(Array.from({ length: 20 }, () => buy(buyer.browser, { ...body, format: "wav" })));
    expect(racing.filter((response) => response.status === 201)).toHaveLength(1);
    expect(racing.filter((response) => response.status === 409)).toHaveLength(19);
    expect((await purchasesOf(buyer.id)).map((row) => row.format).sort()).toEqual(["mp3", "wav"]);
    // 9.99 + 0.20 (mp3) and 9.99 + 0.40 (wav): 5095 + 5195 LOOP.
    expect(await balance(buyer.browser)).toMatchObject({ balance: `${100500 - 5095 - 5195}.00000000` });
    const entries = await t.db.prisma.ledgerEntry.count({
      where: { kind: "purchase", idempotencyKey: { startsWith: `purchase:${buyer.id}:` } },
    });
    expect(entries).toBe(2);
  });

  it("many buyers of one loop at once (a release): each buys it once, the loop counts every sale, the seller gets every price and XP", async () => {
    const seller = await signInMember(t);
    const loop = await listedLoop(seller.id, "4.99");
    const buyers = await Promise.all(Array.from({ length: 8 }, () => signInMember(t)));
    await Promise.all(buyers.map((buyer) => fund(buyer.id, "10000")));
    const body = { loopId: loop.id, format: "mp3", paymentMethod: "loop" };
    const answers = await Promise.all(buyers.map((buyer, i) => buy(buyer.browser, body, `release-${i}`)));
    expect(answers.map((answer) => answer.status)).toEqual(buyers.map(() => 201));
    const row = await t.db.prisma.loop.findUniqueOrThrow({ where: { id: loop.id }, select: { purchaseCount: true } });
    expect(row.purchaseCount).toBe(8);
    // $4.99 is 2,495 LOOP to the seller per sale (the fee goes to the platform), beside the welcome
    // bonus and the rewards of the levels the sales' XP reached.
    const rewards = await t.db.prisma.levelReward.findMany({ where: { userId: seller.id }, select: { tokensAwarded: true } });
    const rewarded = rewards.reduce((sum, reward) => sum + reward.tokensAwarded, 0n) / 100_000_000n;
    expect(await balance(seller.browser)).toMatchObject({ balance: `${500n + 8n * 2495n + rewarded}.00000000` });
    const xp = await t.db.prisma.xpEvent.findMany({ where: { userId: seller.id, event: "sale" } });
    const user = await t.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id }, select: { experience: true } });
    expect(xp).toHaveLength(8);
    expect(user.experience).toBe(xp.reduce((sum, event) => sum + event.xp, 0));
  });
});
