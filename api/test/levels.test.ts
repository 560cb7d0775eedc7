// Levels and XP (docs/product.md#levels): awardXp records each (event, key) once and pays every level crossed
// exactly once, under concurrency; the anti-farming rules; GET /api/user/level and
// /api/user/level-rewards; LOOP earned and spent on the level page, the profile and the leaderboard.
import { totalXpForLevel, xpForOfferAnswer, xpForOfferCreated, xpForPurchase, xpForSale } from "@loop/rules/levels";
import { levelRewardListSchema, userLevelSchema } from "@loop/rules/schemas/levels";
import { ownProfileSchema } from "@loop/rules/schemas/profile";
import { transferListSchema } from "@loop/rules/schemas/tokens";
import request from "supertest";
import { createListedLoop } from "./support/listed-loop";
import { describe, expect, it } from "vitest";
import { platformAccountId, postEntry, userAccountId, userBalance, type EntryKind } from "../src/features/ledger/ledger.service";
import {
  awardXp,
  awardXpMany,
  offerAnswerXpAward,
  offerCreatedXpAward,
  purchaseXpAward,
  saleXpAward,
  XP_EVENTS,
  type XpAward,
} from "../src/features/levels/award-xp";
import { truncateAll } from "./support/database";
import { signInMember } from "./support/members";
import { type TestApp } from "./support/test-app";
import { ledgerCheckedApp } from "./support/suite-app";

const LOOP = 10n ** 8n;

describe("levels and XP", () => {
  let t: TestApp;
  let seq = 0;

  ledgerCheckedApp((app) => (t = app));

  const newUser = async (data: { level?: number; experience?: number } = {}) =>
    (await t.db.prisma.user.create({ data: { username: `lvl_user_${Date.now()}_${seq++}`, ...data } })).id;
  const award = (userId: string, xp: number, key = `k${seq++}`, event = "test_event") =>
    t.db.prisma.$transaction((tx) => awardXp(tx, { userId, event, key, xp }), { maxWait: 60_000, timeout: 60_000 });
  const balanceOf = async (userId: string) => (await userBalance(t.db.prisma, userId)).balance;
  const rewardsOf = (userId: string) => t.db.prisma.levelReward.findMany({ where: { userId }, orderBy: { level: "asc" } });
  async function post(kind: EntryKind, postings: [string, bigint][], description = kind) {
    return postEntry(t.db.prisma, {
      idempotencyKey: `test:${kind}:${seq++}`,
      kind,
      description,
      postings: postings.map(([accountId, amount]) => ({ accountId, amount })),
    });
  }
  /** A paid sale in app: buyer → seller (price) and buyer → fees (fee), one entry of `kind`. */
  async function trade(buyerId: string, sellerId: string, price: bigint, fee: bigint, kind: EntryKind = "purchase") {
    const buyer = await userAccountId(t.db.prisma, buyerId);
    const seller = await userAccountId(t.db.prisma, sellerId);
    const fees = await platformAccountId(t.db.prisma, "fees");
    await post(kind, [
      [buyer, -(price + fee)],
      [seller, price],
      [fees, fee],
    ]);
  }

  describe("awardXp", () => {
    it("reaching level 11 from level 1 pays 100 LOOP for each of levels 2–10 and 200 for level 11, once each", async () => {
      const userId = await newUser();
      expect(totalXpForLevel(11)).toBe(5500);
      const result = await award(userId, 5500, "to-eleven");
      expect(result).toMatchObject({ xpAdded: 5500, levelBefore: 1, levelAfter: 11 });
      expect(result.rewards.map((reward) => [reward.level, reward.tokensAwarded])).toEqual([
        ...[2, 3, 4, 5, 6, 7, 8, 9, 10].map((level) => [level, 100n * LOOP]),
        [11, 200n * LOOP],
      ]);
      expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { level: true, experience: true } })).toEqual({
        level: 11,
        experience: 5500,
      });
      expect((await rewardsOf(userId)).map((row) => [row.level, row.tokensAwarded])).toEqual(
        result.rewards.map((reward) => [reward.level, reward.tokensAwarded]),
      );
      expect(await balanceOf(userId)).toBe((500n + 900n + 200n) * LOOP);

      // Each reward is one 'level_reward' entry from issuance with its own key and description.
      const entries = await t.db.prisma.ledgerEntry.findMany({
        where: { idempotencyKey: { startsWith: `level-reward:${userId}:` } },
        include: { postings: { include: { account: { select: { kind: true, userId: true } } } } },
      });
      expect(entries).toHaveLength(10);
      const level11 = entries.find((entry) => entry.idempotencyKey === `level-reward:${userId}:11`)!;
      expect(level11).toMatchObject({ kind: "level_reward", description: "Level 11 reward" });
      expect(level11.postings.map((p) => [p.account.kind, p.account.userId, p.amount]).sort()).toEqual(
        [
          ["issuance", null, -200n * LOOP],
          // Promotional LOOP (issue 18): spendable on loops, never sent or withdrawn.
          ["user_promo", userId, 200n * LOOP],
        ].sort(),
      );

      // Already paid: a further award within level 11 pays nothing more.
      const again = await award(userId, 10);
      expect(again).toEqual({ xpAdded: 10, levelBefore: 11, levelAfter: 11, rewards: [] });
      expect(await rewardsOf(userId)).toHaveLength(10);
    });

    it("crosses one band boundary at a time: 10 → 11 pays 200, 20 → 21 pays 300, 30 → 31 pays 500", async () => {
      const userId = await newUser();
      await award(userId, totalXpForLevel(10));
      expect((await award(userId, totalXpForLevel(11) - totalXpForLevel(10))).rewards.map((r) => [r.level, r.tokensAwarded])).toEqual([
        [11, 200n * LOOP],
      ]);
      await award(userId, totalXpForLevel(20) - totalXpForLevel(11));
      expect((await award(userId, totalXpForLevel(21) - totalXpForLevel(20))).rewards.map((r) => [r.level, r.tokensAwarded])).toEqual([
        [21, 300n * LOOP],
      ]);
      await award(userId, totalXpForLevel(30) - totalXpForLevel(21));
      const last = await award(userId, totalXpForLevel(31) - totalXpForLevel(30) + 1);
      expect(last).toMatchObject({ levelBefore: 30, levelAfter: 31 });
      expect(last.rewards.map((r) => [r.level, r.tokensAwarded])).toEqual([[31, 500n * LOOP]]);
      expect(await rewardsOf(userId)).toHaveLength(30);
      expect(await balanceOf(userId)).toBe((500n + 9n * 100n + 10n * 200n + 10n * 300n + 500n) * LOOP);
    });

    it("records each (event, key) once per user: a repeat adds no XP and pays nothing", async () => {
      const userId = await newUser();
      const other = await newUser();
      expect(await award(userId, 60, "loop-1", XP_EVENTS.purchase)).toMatchObject({ xpAdded: 60, levelAfter: 1 });
      expect(await award(userId, 60, "loop-1", XP_EVENTS.purchase)).toEqual({ xpAdded: 0, levelBefore: 1, levelAfter: 1, rewards: [] });
      // Another key, another event or another user is another award.
      expect(await award(userId, 60, "loop-2", XP_EVENTS.purchase)).toMatchObject({ xpAdded: 60, levelBefore: 1, levelAfter: 2 });
      expect(await award(userId, 5, "loop-1", XP_EVENTS.offerCreated)).toMatchObject({ xpAdded: 5 });
      expect(await award(other, 60, "loop-1", XP_EVENTS.purchase)).toMatchObject({ xpAdded: 60 });
      expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { experience: true, level: true } })).toEqual({
        experience: 125,
        level: 2,
      });
      expect(await t.db.prisma.xpEvent.count({ where: { userId } })).toBe(3);
      expect(await rewardsOf(userId)).toHaveLength(1);
    });

    it("refuses an award of no XP, of fractional XP, without a key, or for an unknown user", async () => {
      const userId = await newUser();
      await expect(award(userId, 0)).rejects.toThrow(/positive whole number/);
      await expect(award(userId, -5)).rejects.toThrow(/positive whole number/);
      await expect(award(userId, 1.5)).rejects.toThrow(/positive whole number/);
      await expect(award(userId, 5, "")).rejects.toThrow(/event and a key/);
      await expect(award("00000000-0000-4000-8000-000000000000", 5)).rejects.toThrow(/unknown user/);
      expect(await t.db.prisma.xpEvent.count({ where: { userId } })).toBe(0);
    });

    it("never lowers a level set by hand, and pays only the levels above it", async () => {
      const userId = await newUser({ level: 5 });
      expect(await award(userId, 150)).toEqual({ xpAdded: 150, levelBefore: 5, levelAfter: 5, rewards: [] });
      const result = await award(userId, totalXpForLevel(6) - 150);
      expect(result).toMatchObject({ levelBefore: 5, levelAfter: 6 });
      expect(result.rewards.map((r) => r.level)).toEqual([6]);
      expect(await balanceOf(userId)).toBe(600n * LOOP);
    });

    it("20 concurrent awards that cross several levels serialize: every level paid exactly once", async () => {
      const userId = await newUser();
      // 20 × 100 XP = 2000 XP: levels 2 (100), 3 (300), 4 (600), 5 (1000) and 6 (1500) are crossed.
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => award(userId, 100, `concurrent-${i}`)));
      expect(results.reduce((sum, r) => sum + r.xpAdded, 0)).toBe(2000);
      expect(results.flatMap((r) => r.rewards.map((reward) => reward.level)).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6]);
      expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { experience: true, level: true } })).toEqual({
        experience: 2000,
        level: 6,
      });
      expect((await rewardsOf(userId)).map((row) => row.level)).toEqual([2, 3, 4, 5, 6]);
      expect(await balanceOf(userId)).toBe((500n + 500n) * LOOP);
    });

    it("the same award sent 20 times at once counts once", async () => {
      const userId = await newUser();
      const results = await Promise.all(Array.from({ length: 20 }, () => award(userId, 350, "the-same-purchase", XP_EVENTS.purchase)));
      expect(results.filter((r) => r.xpAdded === 350)).toHaveLength(1);
      expect(results.filter((r) => r.xpAdded === 0)).toHaveLength(19);
      expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { experience: true, level: true } })).toEqual({
        experience: 350,
        level: 3,
      });
      expect(await rewardsOf(userId)).toHaveLength(2);
      expect(await balanceOf(userId)).toBe(700n * LOOP);
    });

    it("awards to two users in one transaction, in either order and concurrently, without deadlock", async () => {
      const [a, b] = [await newUser(), await newUser()];
      const pair = (first: string, second: string, i: number) =>
        t.db.prisma.$transaction(
          (tx) =>
            awardXpMany(tx, [
              { userId: first, event: XP_EVENTS.sale, key: `pair-${i}`, xp: 100 },
              { userId: second, event: XP_EVENTS.purchase, key: `pair-${i}`, xp: 100 },
            ]),
          { maxWait: 60_000, timeout: 60_000 },
        );
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? pair(a, b, i) : pair(b, a, i))));
      expect(results.flat().reduce((sum, r) => sum + r.xpAdded, 0)).toBe(2000);
      // 1000 XP each: levels 2–5.
      for (const userId of [a, b]) {
        expect((await rewardsOf(userId)).map((row) => row.level)).toEqual([2, 3, 4, 5]);
        expect(await balanceOf(userId)).toBe(900n * LOOP);
      }
    });
  });

  describe("anti-farming rules", () => {
    const [buyerId, sellerId] = ["buyer", "seller"];

    it("purchase and sale XP: 5/10 (7/12 on chain) + whole USD, from the first cent; none when free or on one's own loop", () => {
      expect(xpForPurchase({ priceCents: 499, buyerId, sellerId, onChain: false })).toBe(9);
      expect(xpForSale({ priceCents: 499, buyerId, sellerId, onChain: false })).toBe(14);
      expect(xpForPurchase({ priceCents: 1250n, buyerId, sellerId, onChain: true })).toBe(19);
      expect(xpForSale({ priceCents: 1250n, buyerId, sellerId, onChain: true })).toBe(24);
      expect(xpForPurchase({ priceCents: 100, buyerId, sellerId, onChain: false })).toBe(6);
      // Under $1 (issue 22): the base XP, no dollar part.
      expect(xpForPurchase({ priceCents: 1, buyerId, sellerId, onChain: false })).toBe(5);
      expect(xpForSale({ priceCents: 99, buyerId, sellerId, onChain: true })).toBe(12);
      expect(xpForPurchase({ priceCents: 0, buyerId, sellerId, onChain: false })).toBe(0);
      expect(xpForSale({ priceCents: 0, buyerId, sellerId, onChain: true })).toBe(0);
      expect(xpForPurchase({ priceCents: 5000, buyerId, sellerId: buyerId, onChain: false })).toBe(0);
      expect(xpForSale({ priceCents: 5000, buyerId: sellerId, sellerId, onChain: true })).toBe(0);
    });

    it("offer XP: 5 for making one (not on one's own or a free loop); the seller's accept 15, counter 8 only when it ends in a paid sale, reject nothing", () => {
      expect(xpForOfferCreated({ priceCents: 300, buyerId, sellerId })).toBe(5);
      expect(xpForOfferCreated({ priceCents: 0, buyerId, sellerId })).toBe(0);
      expect(xpForOfferCreated({ priceCents: 300, buyerId: sellerId, sellerId })).toBe(0);
      const sale = { buyerId, sellerId, saleCents: 50 };
      expect([xpForOfferAnswer("accept", sale), xpForOfferAnswer("counter", sale), xpForOfferAnswer("reject", sale)]).toEqual([15, 8, 0]);
      for (const saleCents of [null, 0]) {
        expect([
          xpForOfferAnswer("accept", { buyerId, sellerId, saleCents }),
          xpForOfferAnswer("counter", { buyerId, sellerId, saleCents }),
        ]).toEqual([0, 0]);
      }
      expect(xpForOfferAnswer("accept", { buyerId: sellerId, sellerId, saleCents: 5000 })).toBe(0);
    });

    it("the award builders give no award when no XP is due, and keys that make repeats no-ops", async () => {
      expect(purchaseXpAward({ loopId: "l1", priceCents: 0, buyerId, sellerId, onChain: false })).toBeNull();
      expect(saleXpAward({ loopId: "l1", priceCents: 900, buyerId: sellerId, sellerId, onChain: false })).toBeNull();
      expect(offerCreatedXpAward({ loopId: "l1", priceCents: 900, buyerId: sellerId, sellerId })).toBeNull();
      expect(purchaseXpAward({ loopId: "l1", priceCents: 900, buyerId, sellerId, onChain: false })).toEqual({
        userId: buyerId,
        event: "purchase",
        key: "l1",
        xp: 14,
      });
      expect(saleXpAward({ loopId: "l1", priceCents: 900, buyerId, sellerId, onChain: true })).toEqual({
        userId: sellerId,
        event: "sale",
        key: "l1:buyer",
        xp: 21,
      });
      expect(offerAnswerXpAward("counter", { loopId: "l1", buyerId, sellerId, saleCents: 900 })).toEqual({
        userId: sellerId,
        event: "offer_countered",
        key: "l1:buyer",
        xp: 8,
        counterpartId: buyerId,
      });

      // A second offer on the same loop earns nothing; an offer on another seller's loop does (the
      // same seller's other loop does not within 24 hours: one offer action per counterpart).
      const buyer = await newUser();
      const seller = await newUser();
      const otherSeller = await newUser();
      const offer = (loopId: string, to = seller) => offerCreatedXpAward({ loopId, priceCents: 500, buyerId: buyer, sellerId: to })!;
      expect((await t.db.prisma.$transaction((tx) => awardXp(tx, offer("loop-a")))).xpAdded).toBe(5);
      expect((await t.db.prisma.$transaction((tx) => awardXp(tx, offer("loop-a")))).xpAdded).toBe(0);
      expect((await t.db.prisma.$transaction((tx) => awardXp(tx, offer("loop-b")))).xpAdded).toBe(0);
      expect((await t.db.prisma.$transaction((tx) => awardXp(tx, offer("loop-c", otherSeller)))).xpAdded).toBe(5);
      // Buying the same loop again (say, the other format) earns no second purchase XP.
      const purchase = purchaseXpAward({ loopId: "loop-a", priceCents: 1000, buyerId: buyer, sellerId: seller, onChain: false })!;
      expect((await t.db.prisma.$transaction((tx) => awardXp(tx, purchase as XpAward))).xpAdded).toBe(15);
      expect((await t.db.prisma.$transaction((tx) => awardXp(tx, purchase as XpAward))).xpAdded).toBe(0);
      expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: buyer } })).experience).toBe(25);
    });
  });

  describe("GET /api/user/level and /api/user/level-rewards", () => {
    it("signed out: 401", async () => {
      expect((await request(t.app).get("/api/user/level").expect(401)).body).toMatchObject({ message: "Unauthorized" });
      expect((await request(t.app).get("/api/user/level-rewards").expect(401)).body).toMatchObject({ message: "Unauthorized" });
    });

    it("a new user: level 1 Beginner, 0 of 100 XP, nothing earned or spent, no rewards", async () => {
      const user = await signInMember(t);
      expect(userLevelSchema.parse((await user.browser.get("/api/user/level").expect(200)).body)).toEqual({
        level: 1,
        experience: 0,
        title: "Beginner",
        currentXP: 0,
        nextLevelRequirement: 100,
        progressPercentage: 0,
        xpNeededForNext: 100,
        totalEarned: "0.00000000",
        totalSpent: "0.00000000",
      });
      expect((await user.browser.get("/api/user/level-rewards").expect(200)).body).toEqual([]);
    });

    it("progress, title and rewards after levelling up; the rewards are in the Transfer History as reward", async () => {
      const user = await signInMember(t);
      await award(user.id, 5500 + 825);
      expect(userLevelSchema.parse((await user.browser.get("/api/user/level").expect(200)).body)).toEqual({
        level: 11,
        experience: 6325,
        title: "Advanced",
        currentXP: 825,
        nextLevelRequirement: 1650,
        progressPercentage: 50,
        xpNeededForNext: 825,
        totalEarned: "0.00000000",
        totalSpent: "0.00000000",
      });
      const rewards = levelRewardListSchema.parse((await user.browser.get("/api/user/level-rewards").expect(200)).body);
      expect(rewards.map((reward) => [reward.level, reward.tokensAwarded])).toEqual([
        [11, "200.00000000"],
        ...[10, 9, 8, 7, 6, 5, 4, 3, 2].map((level) => [level, "100.00000000"]),
      ]);
      // Newest first across awards.
      await award(user.id, 1650);
      const after = levelRewardListSchema.parse((await user.browser.get("/api/user/level-rewards").expect(200)).body);
      expect(after[0]).toMatchObject({ level: 12, tokensAwarded: "200.00000000" });
      expect(new Date(after[0]!.createdAt).getTime()).toBeGreaterThanOrEqual(new Date(after[1]!.createdAt).getTime());

      const transfers = transferListSchema.parse((await user.browser.get("/api/tokens/transfers").expect(200)).body);
      expect(
        transfers
          .filter((transfer) => transfer.description?.startsWith("Level "))
          .map((transfer) => [transfer.transferType, transfer.direction, transfer.amount]),
      ).toEqual([
        ["reward", "in", "200.00000000"],
        ["reward", "in", "200.00000000"],
        ...Array.from({ length: 9 }, () => ["reward", "in", "100.00000000"]),
      ]);
      expect((await user.browser.get("/api/tokens/balance").expect(200)).body.balance).toBe("1800.00000000");
    });

    it("totalEarned sums the user's sale proceeds and totalSpent their purchases, on the level page and the profile", async () => {
      const buyer = await signInMember(t);
      const seller = await signInMember(t);
      await post("admin_airdrop", [
        [await userAccountId(t.db.prisma, buyer.id), 2000n * LOOP],
        [await platformAccountId(t.db.prisma, "issuance"), -2000n * LOOP],
      ]);
      await trade(buyer.id, seller.id, 1250n * LOOP, 25n * LOOP);
      await trade(buyer.id, seller.id, 12345678n, 246914n, "sale");
      const clearing = await platformAccountId(t.db.prisma, "clearing");
      // A fiat sale: the seller is credited from clearing.
      await post("sale", [
        [await userAccountId(t.db.prisma, seller.id), 2495n * LOOP],
        [clearing, -2495n * LOOP],
      ]);
      // Not earnings or spending: a transfer between users.
      await post("user_transfer", [
        [await userAccountId(t.db.prisma, seller.id), -LOOP],
        [await userAccountId(t.db.prisma, buyer.id), LOOP],
      ]);
      const sellerLevel = userLevelSchema.parse((await seller.browser.get("/api/user/level").expect(200)).body);
      expect([sellerLevel.totalEarned, sellerLevel.totalSpent]).toEqual(["3745.12345678", "0.00000000"]);
      const buyerLevel = userLevelSchema.parse((await buyer.browser.get("/api/user/level").expect(200)).body);
      expect([buyerLevel.totalEarned, buyerLevel.totalSpent]).toEqual(["0.00000000", "1275.12592592"]);
      expect(ownProfileSchema.parse((await seller.browser.get("/api/profile").expect(200)).body)).toMatchObject({
        totalEarned: "3745.12345678",
        totalSpent: "0.00000000",
      });
      expect(ownProfileSchema.parse((await buyer.browser.get("/api/profile").expect(200)).body)).toMatchObject({
        totalEarned: "0.00000000",
        totalSpent: "1275.12592592",
      });
    });
  });

  describe("GET /api/stats/public earnings", () => {
    it("the leaderboard's totalEarned per user and tokensEarned from the ledger", async () => {
      await truncateAll(t.db.prisma);
      const top = await newUser();
      const second = await newUser();
      const third = await newUser();
      await award(top, 1000); // levels 2–5: 400 LOOP
      await award(second, 300); // levels 2–3: 200 LOOP
      await award(third, 10);
      for (const creator of [top, second, third]) await createListedLoop(t.db.prisma, creator);
      // The buyers pay with bought LOOP (not earned; their bonuses and rewards are promotional).
      for (const buyer of [third, top])
        await post("admin_airdrop", [
          [await userAccountId(t.db.prisma, buyer), 50n * LOOP],
          [await platformAccountId(t.db.prisma, "issuance"), -50n * LOOP],
        ]);
      await trade(third, top, 40n * LOOP, LOOP); // top earns 40
      await trade(top, second, 7n * LOOP + 5n, 0n + 1n, "sale"); // second earns 7.00000005
      // Not earned: LOOP bought from an admin, and transfers between users.
      await post("admin_airdrop", [
        [await userAccountId(t.db.prisma, third), 1000n * LOOP],
        [await platformAccountId(t.db.prisma, "issuance"), -1000n * LOOP],
      ]);
      await post("user_transfer", [
        [await userAccountId(t.db.prisma, third), -100n * LOOP],
        [await userAccountId(t.db.prisma, second), 100n * LOOP],
      ]);
      const body = (await request(t.app).get("/api/stats/public").expect(200)).body;
      expect(body.leaderboard.map((entry: { id: string; totalEarned: string }) => [entry.id, entry.totalEarned])).toEqual([
        [top, "40.00000000"],
        [second, "7.00000005"],
        [third, "0.00000000"],
      ]);
      // 3 welcome bonuses (1500) + level rewards (600) + sale proceeds (47.00000005).
      expect(body.tokensEarned).toBe("2147.00000005");
    });
  });
});
