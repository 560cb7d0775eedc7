// Card chargebacks after the hold (issue 35, part 5; docs/product.md#sale-hold). A stolen card pays a
// colluding seller, the seller withdraws once the hold ends, and the chargeback lands months later
// as the platform's loss. So: a reversed card sale takes back the XP it earned its buyer and seller
// and the level rewards that XP reached (from promotional LOOP only, never below zero, once however
// often the provider delivers the event); a seller without a history of card and PayPal sales older
// than the chargeback window has their proceeds held 30 days (not 7) unless an admin approved them
// or gave them their own hold (audited); a seller's chargeback losses are named in the admin's money
// health, and a second chargeback suspends the seller's withdrawals until an admin lifts it (audited,
// the seller told). Stripe is the fake of fakes/fake-stripe.ts, reached over HTTP and signed as Stripe signs.
import { adminAnalyticsSchema } from "@loop/rules/schemas/admin-analytics";
import { ADMIN_USER_MESSAGES, adminUserListSchema, adminUserSchema } from "@loop/rules/schemas/admin-users";
import { pendingSaleListSchema, tokenBalanceSchema } from "@loop/rules/schemas/tokens";
import { WITHDRAWAL_MESSAGES } from "@loop/rules/schemas/withdrawals";
import { TOKEN_MESSAGES } from "@loop/rules/schemas/tokens";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { releaseDueHolds } from "../src/features/ledger/timed-holds";
import { startFakeStripe, stripeEnv, type FakeStripe, type StripeDelivery } from "./fakes/fake-stripe";
import { openPaymentIntent, saveCard } from "./support/card-payments";
import { createListedLoop } from "./support/listed-loop";
import { signInAdmin, signInMember, type Member } from "./support/members";
import { ledgerCheckedApp, suiteFake } from "./support/suite-app";
import type { TestApp } from "./support/test-app";

const LOOP = 10n ** 8n;
const DAY_MS = 24 * 60 * 60 * 1000;
const ETH = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

describe("card chargebacks after the hold", () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let admin: Member;
  const cards = new Map<string, string>();

  async function listing(seller: Member, priceCents: number) {
    const loopId = await createListedLoop(t.db.prisma, seller.id, `Risk ${Math.random().toString(36).slice(2, 8)}`, priceCents);
    await t.db.prisma.loop.update({ where: { id: loopId }, data: { mp3Key: `loops/${loopId}/mp3`, wavKey: `loops/${loopId}/wav` } });
    return loopId;
  }
  /** `buyer` pays a new loop of `seller` (MP3) with a saved Visa: recorded at once. */
  async function cardSale(seller: Member, buyer: Member, priceCents = 499) {
    const loopId = await listing(seller, priceCents);
    if (!cards.has(buyer.id)) cards.set(buyer.id, (await saveCard(buyer, "pm_card_visa")).id);
    const paid = await openPaymentIntent(buyer, { loopId, format: "mp3", paymentMethodId: cards.get(buyer.id) });
    expect(paid.status).toBe("completed");
    const checkout = await t.db.prisma.checkout.findFirstOrThrow({ where: { purchaseId: paid.purchase!.id } });
    return { loopId, intentId: paid.paymentIntentId!, purchaseId: paid.purchase!.id, checkout };
  }
  /** Days between the sale and the release of its proceeds (whole days: the test takes seconds). */
  async function heldDays(sale: { checkout: { proceedsHoldId: string | null } }) {
    const hold = await t.db.prisma.ledgerHold.findUniqueOrThrow({ where: { id: sale.checkout.proceedsHoldId! } });
    return Math.round((hold.releaseAt!.getTime() - hold.createdAt.getTime()) / DAY_MS);
  }
  /** The hold ends now: the release job makes the proceeds the seller's (a reversal then is the platform's loss). */
  async function endHold(sale: { checkout: { proceedsHoldId: string | null } }) {
    await t.db.prisma.ledgerHold.update({ where: { id: sale.checkout.proceedsHoldId! }, data: { releaseAt: new Date(Date.now() - 1000) } });
    await releaseDueHolds(t.db.prisma);
  }
  const backdate = (purchaseIds: string[], days: number) =>
    t.db.prisma.purchase.updateMany({ where: { id: { in: purchaseIds } }, data: { createdAt: new Date(Date.now() - days * DAY_MS) } });

  const deliver = (delivery: StripeDelivery) => request(t.app).post("/api/webhooks/stripe").set(delivery.headers).send(delivery.body);
  const balance = async (member: Member) => tokenBalanceSchema.parse((await member.browser.get("/api/tokens/balance").expect(200)).body);
  const pendingSales = async (member: Member) =>
    pendingSaleListSchema.parse((await member.browser.get("/api/tokens/pending-sales").expect(200)).body);
  const user = (member: Member) => t.db.prisma.user.findUniqueOrThrow({ where: { id: member.id } });
  const notifications = (member: Member, title: string) =>
    t.db.prisma.notification.findMany({ where: { userId: member.id, title }, orderBy: { createdAt: "asc" } });
  const adminView = async (member: Member) => {
    const { username } = await user(member);
    const list = adminUserListSchema.parse((await admin.browser.get(`/api/admin/users?search=${username}`).expect(200)).body);
    return list.users.find((listed) => listed.id === member.id)!;
  };
  const audit = (member: Member) =>
    t.db.prisma.adminAuditEntry.findMany({
      where: { targetId: member.id },
      orderBy: { id: "asc" },
      select: { action: true, before: true, after: true },
    });
  const withdraw = (member: Member) =>
    member.browser.post("/api/tokens/withdraw").send({ amount: "10", method: "crypto_eth", destination: ETH });

  const stripeOptions = suiteFake(startFakeStripe, stripeEnv, (fake) => (stripe = fake));
  ledgerCheckedApp((app) => (t = app), stripeOptions);
  beforeAll(async () => {
    admin = await signInAdmin(t);
  });

  it("a charged-back card sale takes back the buyer's and seller's XP and the level rewards it earned: from promotional LOOP only, never below zero, once", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t);
    // $99: 104 XP for the buyer, 109 for the seller: each reaches level 2 and its 100 promotional LOOP.
    const sale = await cardSale(seller, buyer, 9900);
    expect(await user(buyer)).toMatchObject({ experience: 104, level: 2 });
    expect(await user(seller)).toMatchObject({ experience: 109, level: 2 });
    expect((await balance(buyer)).promotional).toBe("600.00000000");
    // The seller spends 560 of their 600 promotional LOOP on a $1.10 loop (+ $0.02 fee): 40 are left.
    const other = await signInMember(t);
    const small = await listing(other, 110);
    await seller.browser.post("/api/purchases").send({ loopId: small, format: "mp3", paymentMethod: "loop" }).expect(201);
    expect((await balance(seller)).promotional).toBe("40.00000000");
    expect((await user(seller)).experience).toBe(115);

    // Stripe delivers the chargeback three times, two at once.
    const dispute = stripe.dispute(sale.intentId);
    await Promise.all([deliver(dispute).expect(200), deliver(dispute).expect(200)]);
    await deliver(dispute).expect(200);

    // The sale's XP is gone (the seller keeps the 6 XP of their own purchase), and so is level 2.
    expect(await user(buyer)).toMatchObject({ experience: 0, level: 1 });
    expect(await user(seller)).toMatchObject({ experience: 6, level: 1 });
    // The buyer's whole reward comes back; the seller had only 40 promotional LOOP left: those, not below zero.
    expect((await balance(buyer)).promotional).toBe("500.00000000");
    expect(await balance(seller)).toMatchObject({ promotional: "0.00000000", withdrawable: "0.00000000" });
    const takenBack = await t.db.prisma.ledgerEntry.findMany({
      where: { kind: "reward_reversal", idempotencyKey: { startsWith: `xp-reversal:${sale.checkout.id}:` } },
      include: { postings: { include: { account: true } } },
    });
    const promotionalPosting = (userId: string) =>
      takenBack
        .flatMap((entry) => entry.postings)
        .find((posting) => posting.account.userId === userId && posting.account.kind === "user_promo")?.amount;
    expect(takenBack).toHaveLength(2);
    expect(promotionalPosting(buyer.id)).toBe(-100n * LOOP);
    expect(promotionalPosting(seller.id)).toBe(-40n * LOOP);
    expect(
      await t.db.prisma.levelReward.findMany({
        where: { userId: { in: [buyer.id, seller.id] } },
        select: { userId: true, takenBackUnits: true },
      }),
    ).toEqual(
      expect.arrayContaining([
        { userId: buyer.id, takenBackUnits: 100n * LOOP },
        { userId: seller.id, takenBackUnits: 40n * LOOP },
      ]),
    );
    // Each is told once, in the reversal's notice.
    const [cancelled, ...moreCancelled] = await notifications(buyer, "Purchase Cancelled");
    expect(moreCancelled).toEqual([]);
    expect(cancelled!.message).toContain("The 104 XP it earned were taken back (level 2 → 1), with 100 LOOP of level rewards.");
    const [reversed, ...moreReversed] = await notifications(seller, "Sale Reversed");
    expect(moreReversed).toEqual([]);
    expect(reversed!.message).toContain("The 109 XP it earned were taken back (level 2 → 1), with 40 LOOP of level rewards.");
    // The Transfer History shows the reward going out.
    const history = (await buyer.browser.get("/api/tokens/transfers").expect(200)).body as {
      transferType: string;
      direction: string;
      amount: string;
    }[];
    expect(history[0]).toMatchObject({ transferType: "reward", direction: "out", amount: "100.00000000" });

    // Level 2 reached again pays no second reward (a level's reward is paid once).
    const again = await cardSale(seller, buyer, 9900);
    expect(await user(buyer)).toMatchObject({ experience: 104, level: 2 });
    expect((await balance(buyer)).promotional).toBe("500.00000000");
    expect(again.purchaseId).toBeTruthy();
  });

  it("a new seller's card sale is held 30 days; 3 completed (not reversed) card sales older than 120 days give the normal 7", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t);
    const first = await cardSale(seller, buyer);
    expect(await heldDays(first)).toBe(30);
    const [pending] = await pendingSales(seller);
    expect(Math.round((Date.parse(pending!.availableAt) - Date.now()) / DAY_MS)).toBe(30);
    const [sold] = await notifications(seller, "New Sale");
    expect(sold!.message).toContain(
      "A new seller's card and PayPal proceeds are held 30 days until 3 of their sales are older than 120 days.",
    );
    expect((await adminView(seller)).saleHold).toEqual({ days: 30, basis: "new_seller", approved: false, customDays: null, oldSales: 0 });

    // Three sales 121 days old, one of them refunded: two count.
    const second = await cardSale(seller, buyer);
    const refunded = await cardSale(seller, buyer);
    await deliver(stripe.refundInDashboard(refunded.intentId)).expect(200);
    await backdate([first.purchaseId, second.purchaseId, refunded.purchaseId], 121);
    const fourth = await cardSale(seller, buyer);
    expect(await heldDays(fourth)).toBe(30);
    // 100 days old is still inside the chargeback window.
    await backdate([fourth.purchaseId], 100);
    expect(await heldDays(await cardSale(seller, buyer))).toBe(30);
    await backdate([fourth.purchaseId], 121);
    const trusted = await cardSale(seller, buyer);
    expect(await heldDays(trusted)).toBe(7);
    expect((await adminView(seller)).saleHold).toEqual({ days: 7, basis: "standard", approved: false, customDays: null, oldSales: 3 });
    // A refund is no chargeback.
    expect((await adminView(seller)).chargebacks).toBe(0);
  });

  it("an admin approves a new seller (7 days) or gives them their own hold, audited; new sales only", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t);
    const before = await cardSale(seller, buyer);
    expect(await heldDays(before)).toBe(30);

    const approved = adminUserSchema.parse(
      (await admin.browser.patch(`/api/admin/users/${seller.id}/sale-hold`).send({ approved: true }).expect(200)).body,
    );
    expect(approved.saleHold).toMatchObject({ days: 7, basis: "approved", approved: true, customDays: null });
    expect(await heldDays(await cardSale(seller, buyer))).toBe(7);
    // The earlier sale keeps its release time.
    expect(await heldDays(before)).toBe(30);

    const custom = adminUserSchema.parse(
      (await admin.browser.patch(`/api/admin/users/${seller.id}/sale-hold`).send({ holdDays: 45 }).expect(200)).body,
    );
    expect(custom.saleHold).toMatchObject({ days: 45, basis: "custom", approved: true, customDays: 45 });
    expect(await heldDays(await cardSale(seller, buyer))).toBe(45);
    await admin.browser.patch(`/api/admin/users/${seller.id}/sale-hold`).send({ approved: false, holdDays: null }).expect(200);
    expect((await adminView(seller)).saleHold).toMatchObject({ days: 30, basis: "new_seller" });

    expect(await audit(seller)).toEqual([
      { action: "user.sale_hold_changed", before: { approved: false, holdDays: null }, after: { approved: true, holdDays: null } },
      { action: "user.sale_hold_changed", before: { approved: true, holdDays: null }, after: { approved: true, holdDays: 45 } },
      { action: "user.sale_hold_changed", before: { approved: true, holdDays: 45 }, after: { approved: false, holdDays: null } },
    ]);
    // Refusals change nothing; a member is no admin.
    for (const [body, message] of [
      [{ holdDays: 181 }, ADMIN_USER_MESSAGES.invalidSaleHoldDays],
      [{ holdDays: 2.5 }, ADMIN_USER_MESSAGES.invalidSaleHoldDays],
      [{ approved: "yes" }, ADMIN_USER_MESSAGES.invalidSaleHoldApproval],
      [{}, ADMIN_USER_MESSAGES.saleHoldNothingToChange],
    ] as const) {
      expect((await admin.browser.patch(`/api/admin/users/${seller.id}/sale-hold`).send(body).expect(400)).body).toMatchObject({ message });
    }
    await seller.browser.patch(`/api/admin/users/${seller.id}/sale-hold`).send({ approved: true }).expect(403);
    expect(await audit(seller)).toHaveLength(3);
  });

  it("chargebacks after the hold are the platform's loss, named in money health; the second suspends the seller's withdrawals until an admin lifts it", async () => {
    const seller = await signInMember(t, { funds: 500n });
    const sales = [await cardSale(seller, await signInMember(t)), await cardSale(seller, await signInMember(t))];
    for (const sale of sales) await endHold(sale);
    // The colluding seller can withdraw what they earned.
    expect((await withdraw(seller)).status).toBe(201);

    await deliver(stripe.dispute(sales[0]!.intentId)).expect(200);
    expect((await t.db.prisma.checkout.findUniqueOrThrow({ where: { id: sales[0]!.checkout.id } })).reversalOutcome).toBe("loss");
    expect((await user(seller)).withdrawalsSuspendedAt).toBeNull();
    expect((await withdraw(seller)).status).toBe(201);

    // The second chargeback, delivered twice at once.
    const second = stripe.dispute(sales[1]!.intentId);
    await Promise.all([deliver(second).expect(200), deliver(second).expect(200)]);
    const refused = await withdraw(seller);
    expect({ status: refused.status, body: refused.body }).toMatchObject({ status: 403, body: { message: WITHDRAWAL_MESSAGES.suspended } });
    expect(WITHDRAWAL_MESSAGES.suspended).toMatch(/^Withdrawals Suspended: /);
    expect(await notifications(seller, "Withdrawals Suspended")).toHaveLength(1);
    expect(await t.db.prisma.withdrawal.count({ where: { userId: seller.id } })).toBe(2);
    // Nor can the LOOP leave through another member, who could withdraw it.
    const accomplice = await signInMember(t);
    const sent = await seller.browser.post("/api/tokens/transfer").send({ toUserId: accomplice.id, amount: "1" });
    expect({ status: sent.status, body: sent.body }).toMatchObject({ status: 403, body: { message: TOKEN_MESSAGES.suspended } });

    // Money health names the seller with the loss.
    const health = adminAnalyticsSchema.parse((await admin.browser.get("/api/admin/analytics?range=7d").expect(200)).body);
    const suspendedAt = (await user(seller)).withdrawalsSuspendedAt!.toISOString();
    expect(health.chargebackLosses.find((row) => row.sellerId === seller.id)).toEqual({
      sellerId: seller.id,
      username: (await user(seller)).username,
      amountLoop: "4990.00000000",
      amountUsd: "9.98",
      count: 2,
      chargebacks: 2,
      withdrawalsSuspendedAt: suspendedAt,
    });
    expect(await adminView(seller)).toMatchObject({ chargebacks: 2, withdrawalsSuspendedAt: suspendedAt });

    // The admin lifts it: audited, the seller told, withdrawals allowed again.
    expect((await admin.browser.put(`/api/admin/users/${seller.id}/withdrawals`).send({ suspended: "no" }).expect(400)).body).toMatchObject(
      {
        message: ADMIN_USER_MESSAGES.invalidSuspendedFlag,
      },
    );
    const lifted = adminUserSchema.parse(
      (await admin.browser.put(`/api/admin/users/${seller.id}/withdrawals`).send({ suspended: false }).expect(200)).body,
    );
    expect(lifted.withdrawalsSuspendedAt).toBeNull();
    expect(await audit(seller)).toEqual([
      { action: "user.withdrawals_restored", before: { withdrawalsSuspendedAt: suspendedAt }, after: { withdrawalsSuspendedAt: null } },
    ]);
    expect(await notifications(seller, "Withdrawals Restored")).toHaveLength(1);
    expect((await withdraw(seller)).status).toBe(201);
    expect((await seller.browser.post("/api/tokens/transfer").send({ toUserId: accomplice.id, amount: "1" })).status).toBe(201);
    const listed = adminAnalyticsSchema.parse((await admin.browser.get("/api/admin/analytics").expect(200)).body).chargebackLosses;
    expect(listed.find((row) => row.sellerId === seller.id)?.withdrawalsSuspendedAt).toBeNull();
  });
});
