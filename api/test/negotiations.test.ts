// Offers (docs/product.md#offers) through the HTTP API: the hold placed and released or captured exactly once,
// the sale completed atomically on accept, every refusal leaving nothing behind, and races (two
// accepts, an accept against a withdrawal, a counter against an accept, an answer against the
// expiry job) where one side wins and the other is refused; the ledger checker after every test.
import { randomUUID } from "node:crypto";
import type { ErrorCode } from "@loop/rules/error-codes";
import { NEGOTIATION_MESSAGES, negotiationSchema, offerBelowMinimumMessage, type Negotiation } from "@loop/rules/schemas/negotiations";
import { insufficientLoopMessage } from "@loop/rules/schemas/purchases";
import { tokenBalanceSchema } from "@loop/rules/schemas/tokens";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { expireNegotiations } from "../src/features/negotiations/expire-negotiations";
import { createListedLoop } from "./support/listed-loop";
import { fundMember, signInMember } from "./support/members";
import { decodeQuotedPrintable } from "./support/smtp";
import { type TestApp } from "./support/test-app";
import { ledgerCheckedAppWithSmtp, type SmtpServer } from "./support/suite-app";

describe("negotiations", () => {
  let t: TestApp;
  let smtp: SmtpServer;
  const unique = () => randomUUID().slice(0, 8);

  type Member = Awaited<ReturnType<typeof signInMember>>;
  /** A seller with a $20.00 loop (its MP3 file in storage) and a buyer with 20,000 LOOP more than the bonus. */
  async function deal(priceCents = 2000) {
    const seller = await signInMember(t, `seller-${unique()}@example.com`);
    const buyer = await signInMember(t, `buyer-${unique()}@example.com`);
    const loopId = await createListedLoop(t.db.prisma, seller.id, `Offer Loop ${unique()}`, priceCents);
    await t.db.prisma.loop.update({
      where: { id: loopId },
      data: { mp3Key: `loops/${loopId}/full.mp3`, wavKey: `loops/${loopId}/full.wav` },
    });
    await t.storage.put(`loops/${loopId}/full.mp3`, Buffer.from("mp3 bytes"));
    await fund(buyer.id, 20_000n);
    return { seller, buyer, loopId };
  }
  const fund = (userId: string, loop: bigint | string) => fundMember(t, userId, loop);
  const balance = async (member: Member) => tokenBalanceSchema.parse((await member.browser.get("/api/tokens/balance").expect(200)).body);
  const offer = (member: Member, body: object) => member.browser.post("/api/negotiations").send(body);
  const respond = (member: Member, id: string, body: object) => member.browser.put(`/api/negotiations/${id}/respond`).send(body);
  async function made(member: Member, body: object): Promise<Negotiation> {
    const response = await offer(member, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return negotiationSchema.parse(response.body);
  }
  const list = async (member: Member, scope: "sent" | "received") =>
    (await member.browser.get(`/api/negotiations?scope=${scope}`).expect(200)).body as Negotiation[];
  const xpOf = async (id: string) => (await t.db.prisma.user.findUniqueOrThrow({ where: { id } })).experience;
  const openHolds = (userId: string) => t.db.prisma.ledgerHold.count({ where: { state: "open", account: { userId } } });

  ledgerCheckedAppWithSmtp((app, mail) => {
    t = app;
    smtp = mail;
  });

  it("an offer holds its amount plus the format fee, shows on both sides, and a second open offer on the loop is refused", async () => {
    const { seller, buyer, loopId } = await deal();
    const before = await balance(buyer);
    const sent = await made(buyer, { loopId, format: "wav", offerAmount: "12.50", message: "Would you take 12.50?" });
    // $12.50 + 4% = $13.00 = 6,500 LOOP held.
    expect(sent).toMatchObject({
      status: "pending",
      format: "wav",
      offerAmount: "12.50",
      counterOffer: null,
      amount: "12.50",
      fee: "0.50",
      heldLoop: "6500.00000000",
      message: "Would you take 12.50?",
      version: 0,
    });
    expect(sent.loop).toMatchObject({ id: loopId, price: "20.00", user: { id: seller.id } });
    expect(await balance(buyer)).toMatchObject({ balance: before.balance, held: "6500.00000000" });
    expect(await xpOf(buyer.id)).toBe(5);
    expect(await t.db.prisma.notification.count({ where: { userId: seller.id, title: "New Offer" } })).toBe(1);

    const received = await list(seller, "received");
    expect(received.map((item) => [item.id, item.buyer.id, item.loop.title])).toEqual([[sent.id, buyer.id, sent.loop.title]]);
    expect(await list(buyer, "sent")).toHaveLength(1);
    expect(await list(seller, "sent")).toEqual([]);

    const again = await offer(buyer, { loopId, format: "mp3", offerAmount: "10" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: NEGOTIATION_MESSAGES.openOffer, code: "OFFER_ALREADY_OPEN" });
    // Withdrawn, a new offer can be made: the hold comes back, and a second offer on the loop earns no XP.
    await respond(buyer, sent.id, { action: "withdraw", version: 0 }).expect(200);
    expect(await balance(buyer)).toMatchObject({ held: "0.00000000", available: before.available });
    await made(buyer, { loopId, format: "mp3", offerAmount: 10 });
    expect(await xpOf(buyer.id)).toBe(5);
    expect(await t.db.prisma.notification.count({ where: { userId: seller.id, title: "Offer Withdrawn" } })).toBe(1);
  });

  it("refuses what cannot be offered, and holds nothing then", async () => {
    const { seller, buyer, loopId } = await deal();
    const refusals: [object, number, ErrorCode, string][] = [
      [{ loopId, format: "mp3", offerAmount: "0" }, 400, "VALIDATION_FAILED", NEGOTIATION_MESSAGES.amount],
      [{ loopId, format: "mp3", offerAmount: "1.234" }, 400, "VALIDATION_FAILED", NEGOTIATION_MESSAGES.amount],
      [{ loopId, format: "mp3", offerAmount: "abc" }, 400, "VALIDATION_FAILED", NEGOTIATION_MESSAGES.amount],
      [{ loopId, format: "mp3", offerAmount: "20.00" }, 400, "OFFER_NOT_BELOW_PRICE", NEGOTIATION_MESSAGES.notBelowPrice],
      // The platform's minimum offer (a setting, $0.50 by default).
      [{ loopId, format: "mp3", offerAmount: "0.49" }, 400, "OFFER_BELOW_MINIMUM", offerBelowMinimumMessage(50)],
      [{ loopId, format: "ogg", offerAmount: "5" }, 400, "VALIDATION_FAILED", NEGOTIATION_MESSAGES.format],
      [
        { loopId, format: "mp3", offerAmount: "5", message: "x".repeat(501) },
        400,
        "VALIDATION_FAILED",
        NEGOTIATION_MESSAGES.messageTooLong,
      ],
      [{ loopId: randomUUID(), format: "mp3", offerAmount: "5" }, 404, "LOOP_NOT_FOUND", "Loop Not Found"],
    ];
    for (const [body, status, code, message] of refusals) {
      const response = await offer(buyer, body);
      expect([response.status, response.body.code, response.body.message], JSON.stringify(body)).toEqual([status, code, message]);
    }
    expect((await offer(seller, { loopId, format: "mp3", offerAmount: "5" })).body).toEqual({
      message: NEGOTIATION_MESSAGES.ownLoop,
      code: "OWN_LOOP_OFFER",
    });
    const freeLoop = await createListedLoop(t.db.prisma, seller.id, "Free", 0);
    expect((await offer(buyer, { loopId: freeLoop, format: "mp3", offerAmount: "5" })).body).toEqual({
      message: NEGOTIATION_MESSAGES.free,
      code: "OFFER_ON_FREE_LOOP",
    });
    // More than the balance: 19.99 + 2% = 20.39 → 10,195 LOOP; a fresh member has 500.
    const poor = await signInMember(t);
    const short = await offer(poor, { loopId, format: "mp3", offerAmount: "19.99" });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ message: insufficientLoopMessage("10195", "500"), code: "INSUFFICIENT_BALANCE" });
    expect((await request(t.app).get("/api/negotiations")).status).toBe(401);
    expect(await t.db.prisma.negotiation.count({ where: { loopId } })).toBe(0);
    expect(await openHolds(buyer.id)).toBe(0);
    expect(await xpOf(poor.id)).toBe(0);
  });

  it("an offer or counter worth more than LoopToken's cap is 400 'Amount is too large' and changes nothing", async () => {
    const { seller, buyer, loopId } = await deal();
    const before = await balance(buyer);
    const tooLarge = "Amount is too large: at most $2,000,000 (1,000,000,000 LOOP)";
    for (const offerAmount of ["99999999999999999999999", "2000000.01", 5_000_000]) {
      const response = await offer(buyer, { loopId, format: "mp3", offerAmount });
      expect({ offerAmount, status: response.status, body: response.body }).toMatchObject({
        offerAmount,
        status: 400,
        body: { message: tooLarge },
      });
    }
    expect(await t.db.prisma.negotiation.count({ where: { loopId } })).toBe(0);
    expect(await balance(buyer)).toEqual(before);

    // A counter of $5,000,000 (2,500,000,000 LOOP) used to be taken.
    const sent = await made(buyer, { loopId, format: "mp3", offerAmount: "10" });
    for (const counterOffer of ["5000000", "99999999999999999999999", 2_000_000.01]) {
      const response = await respond(seller, sent.id, { action: "counter", counterOffer, version: sent.version });
      expect({ counterOffer, status: response.status, body: response.body }).toMatchObject({
        counterOffer,
        status: 400,
        body: { message: tooLarge },
      });
    }
    const row = await t.db.prisma.negotiation.findUniqueOrThrow({ where: { id: sent.id } });
    expect(row).toMatchObject({ status: "pending", counterCents: null, version: sent.version });
    expect(await balance(buyer)).toMatchObject({ held: sent.heldLoop });
    await respond(buyer, sent.id, { action: "withdraw", version: sent.version }).expect(200);
    expect(NEGOTIATION_MESSAGES.tooLarge).toBe(tooLarge);
  });

  it("the seller's accept completes the sale at the offer: hold captured, purchase, XP, download, both e-mails", async () => {
    const { seller, buyer, loopId } = await deal();
    const sellerBefore = await balance(seller);
    const sent = await made(buyer, { loopId, format: "mp3", offerAmount: "15.00" });
    // Not the buyer's turn: the buyer cannot accept their own offer.
    expect((await respond(buyer, sent.id, { action: "accept" })).status).toBe(403);
    const accepted = await respond(seller, sent.id, { action: "accept", message: "Deal!", version: 0 });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "accepted", amount: "15.00", heldLoop: null, responseMessage: "Deal!", version: 1 });

    const purchase = await t.db.prisma.purchase.findUniqueOrThrow({ where: { id: accepted.body.purchaseId } });
    // $15.00 + 2% = $15.30 = 7,650 LOOP from the buyer; 7,500 to the seller; 150 to fees.
    expect(purchase).toMatchObject({
      buyerId: buyer.id,
      loopId,
      format: "mp3",
      method: "loop",
      priceCents: 1500,
      feeCents: 30,
      loopUnits: 7650n * 10n ** 8n,
    });
    expect(await balance(buyer)).toMatchObject({ balance: "12850.00000000", held: "0.00000000" });
    expect((await balance(seller)).balance).toBe((Number(sellerBefore.balance) + 7500).toFixed(8));
    expect(await t.db.prisma.ledgerHold.findFirstOrThrow({ where: { account: { userId: buyer.id } } })).toMatchObject({
      state: "captured",
    });
    // XP: offer 5 + purchase 5 + 15 for the buyer; sale 10 + 15 and accept 15 for the seller.
    expect(await xpOf(buyer.id)).toBe(5 + 5 + 15);
    expect(await xpOf(seller.id)).toBe(10 + 15 + 15);
    expect(await t.db.prisma.notification.count({ where: { userId: buyer.id, title: "Offer Accepted" } })).toBe(1);
    await buyer.browser.get(`/api/loops/${loopId}/download?format=mp3`).expect(200);
    const buyerEmail = (await t.db.prisma.user.findUniqueOrThrow({ where: { id: buyer.id } })).email!;
    expect(decodeQuotedPrintable((await smtp.mailTo(buyerEmail)).raw)).toContain("/api/downloads/");
    // Closed: no more answers.
    expect((await respond(seller, sent.id, { action: "reject" })).body).toEqual({
      message: NEGOTIATION_MESSAGES.closed,
      code: "OFFER_CLOSED",
    });
    expect((await offer(buyer, { loopId, format: "mp3", offerAmount: "5" })).body).toEqual({
      message: NEGOTIATION_MESSAGES.alreadyPurchased,
      code: "ALREADY_PURCHASED",
    });
  });

  it("a counter: the buyer accepts it at the new amount (paying the difference), or rejects it and gets the hold back", async () => {
    const { seller, buyer, loopId } = await deal();
    const sent = await made(buyer, { loopId, format: "mp3", offerAmount: "10.00" });
    const same = await respond(seller, sent.id, { action: "counter", counterOffer: "10.00" });
    expect(same.body).toEqual({ message: NEGOTIATION_MESSAGES.counterSame, code: "COUNTER_SAME_AMOUNT" });
    expect((await respond(seller, sent.id, { action: "counter" })).body.message).toBe(NEGOTIATION_MESSAGES.counterAmount);
    const countered = await respond(seller, sent.id, {
      action: "counter",
      counterOffer: "16.00",
      message: "16 and it's yours",
      version: 0,
    });
    expect(countered.status).toBe(200);
    expect(countered.body).toMatchObject({
      status: "counter",
      offerAmount: "10.00",
      counterOffer: "16.00",
      amount: "16.00",
      fee: "0.32",
      version: 1,
    });
    // A counter earns its XP only once the offer ends in a paid sale (issue 18).
    expect(await xpOf(seller.id)).toBe(0);
    // Now only the buyer answers: the seller cannot accept or counter again.
    expect((await respond(seller, sent.id, { action: "accept" })).status).toBe(403);
    // An answer to the version before the counter is refused.
    expect((await respond(buyer, sent.id, { action: "accept", version: 0 })).body).toEqual({
      message: NEGOTIATION_MESSAGES.changed,
      code: "OFFER_CHANGED",
    });
    const accepted = await respond(buyer, sent.id, { action: "accept", version: 1 });
    expect(accepted.status).toBe(200);
    // $16.00 + 2% = 8,160 LOOP, although 5,100 were held.
    expect(await balance(buyer)).toMatchObject({ balance: "12340.00000000", held: "0.00000000" });
    const purchase = await t.db.prisma.purchase.findUniqueOrThrow({ where: { id: accepted.body.purchaseId } });
    expect(purchase).toMatchObject({ priceCents: 1600, feeCents: 32 });
    // The buyer's accept of a counter earns the seller the counter's 8 XP now, and no "accept" XP (only the sale's).
    expect(await xpOf(seller.id)).toBe(8 + 10 + 16);

    const second = await deal();
    const sent2 = await made(second.buyer, { loopId: second.loopId, format: "wav", offerAmount: "8" });
    await respond(second.seller, sent2.id, { action: "counter", counterOffer: "9.50" }).expect(200);
    const rejected = await respond(second.buyer, sent2.id, { action: "reject" });
    expect(rejected.body).toMatchObject({ status: "rejected", heldLoop: null });
    expect(await balance(second.buyer)).toMatchObject({ balance: "20500.00000000", held: "0.00000000" });
    expect(await t.db.prisma.notification.count({ where: { userId: second.seller.id, title: "Counter Offer Rejected" } })).toBe(1);
  });

  it("a counter above what the buyer can pay is refused at accept, and the offer stays open", async () => {
    const { seller, loopId } = await deal(10_000);
    const buyer = await signInMember(t);
    const sent = await made(buyer, { loopId, format: "mp3", offerAmount: "0.90" });
    await respond(seller, sent.id, { action: "counter", counterOffer: "50.00" }).expect(200);
    const refused = await respond(buyer, sent.id, { action: "accept" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      message: expect.stringMatching(/^Insufficient Balance: You need /),
    });
    expect(await t.db.prisma.negotiation.findUniqueOrThrow({ where: { id: sent.id } })).toMatchObject({
      status: "counter",
      purchaseId: null,
    });
    expect(await balance(buyer)).toMatchObject({ held: "460.00000000" }); // $0.90 + 2¢ fee
  });

  it("the seller's reject releases the hold; strangers see nothing; a closed offer takes no answer", async () => {
    const { seller, buyer, loopId } = await deal();
    const sent = await made(buyer, { loopId, format: "mp3", offerAmount: "5" });
    const stranger = await signInMember(t);
    expect((await respond(stranger, sent.id, { action: "reject" })).status).toBe(404);
    expect((await respond(seller, sent.id, { action: "withdraw" })).status).toBe(403);
    expect((await respond(seller, randomUUID(), { action: "reject" })).status).toBe(404);
    expect((await respond(seller, sent.id, { action: "maybe" })).body.message).toBe(NEGOTIATION_MESSAGES.action);
    const rejected = await respond(seller, sent.id, { action: "reject", message: "Not for less than 20" });
    expect(rejected.body).toMatchObject({ status: "rejected", responseMessage: "Not for less than 20" });
    expect(await balance(buyer)).toMatchObject({ held: "0.00000000", balance: "20500.00000000" });
    // An offer that ends without a sale earns its answer no XP (issue 18).
    expect(await xpOf(seller.id)).toBe(0);
    expect((await respond(buyer, sent.id, { action: "withdraw" })).body.message).toBe(NEGOTIATION_MESSAGES.closed);
  });

  it("races: two accepts, an accept against a withdrawal, a counter against an accept — one wins, the other is refused", async () => {
    const twice = await deal();
    const a = await made(twice.buyer, { loopId: twice.loopId, format: "mp3", offerAmount: "12" });
    const accepts = await Promise.all([1, 2, 3].map(() => respond(twice.seller, a.id, { action: "accept", version: 0 })));
    expect(accepts.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await t.db.prisma.purchase.count({ where: { buyerId: twice.buyer.id } })).toBe(1);

    const versus = await deal();
    const b = await made(versus.buyer, { loopId: versus.loopId, format: "mp3", offerAmount: "12" });
    const [accept, withdraw] = await Promise.all([
      respond(versus.seller, b.id, { action: "accept", version: 0 }),
      respond(versus.buyer, b.id, { action: "withdraw", version: 0 }),
    ]);
    expect([accept.status, withdraw.status].sort()).toEqual([200, 409]);
    const final = await t.db.prisma.negotiation.findUniqueOrThrow({ where: { id: b.id } });
    expect(await t.db.prisma.purchase.count({ where: { buyerId: versus.buyer.id } })).toBe(final.status === "accepted" ? 1 : 0);
    expect(await openHolds(versus.buyer.id)).toBe(0);

    const tabs = await deal();
    const c = await made(tabs.buyer, { loopId: tabs.loopId, format: "mp3", offerAmount: "12" });
    const answers = await Promise.all([
      respond(tabs.seller, c.id, { action: "counter", counterOffer: "15", version: 0 }),
      respond(tabs.seller, c.id, { action: "accept", version: 0 }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const row = await t.db.prisma.negotiation.findUniqueOrThrow({ where: { id: c.id } });
    expect(["counter", "accepted"]).toContain(row.status);
    expect(await t.db.prisma.purchase.count({ where: { buyerId: tabs.buyer.id } })).toBe(row.status === "accepted" ? 1 : 0);
  });

  it("offers past their 7 days expire: the hold is released once, both sides are told, and a late answer is refused", async () => {
    const { seller, buyer, loopId } = await deal();
    const sent = await made(buyer, { loopId, format: "mp3", offerAmount: "7" });
    const other = await deal();
    const fresh = await made(other.buyer, { loopId: other.loopId, format: "mp3", offerAmount: "7" });
    await t.db.prisma.negotiation.update({ where: { id: sent.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await respond(seller, sent.id, { action: "accept" })).body.message).toBe(NEGOTIATION_MESSAGES.closed);
    const [first, second] = await Promise.all([expireNegotiations(t.db.prisma), expireNegotiations(t.db.prisma)]);
    expect(first + second).toBe(1);
    expect(await t.db.prisma.negotiation.findUniqueOrThrow({ where: { id: sent.id } })).toMatchObject({ status: "expired" });
    expect(await t.db.prisma.negotiation.findUniqueOrThrow({ where: { id: fresh.id } })).toMatchObject({ status: "pending" });
    expect(await balance(buyer)).toMatchObject({ held: "0.00000000" });
    expect(await t.db.prisma.notification.count({ where: { title: "Offer Expired", userId: { in: [buyer.id, seller.id] } } })).toBe(2);
    expect((await list(buyer, "sent"))[0]).toMatchObject({ status: "expired", heldLoop: null });
  });
});
