// A paid in-app purchase in one statement (purchase-in-one-statement.ts, app.purchase_in_app): what
// it writes and answers, its Idempotency-Key, and every case it leaves to the purchase's
// transaction with nothing written: a level reached, and facts that changed after they were read.
import { randomUUID } from "node:crypto";
import { totalXpForLevel } from "@loop/rules/levels";
import { formatLoop } from "@loop/rules/units";
import { PURCHASE_MESSAGES, purchaseSchema, type PurchaseRequest } from "@loop/rules/schemas/purchases";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { downloadSigningKey } from "../src/features/downloads/signing-secret";
import { requestHashOf } from "../src/http/idempotency";
import { purchaseInOneStatement } from "../src/features/purchases/purchase-in-one-statement";
import { purchaseLoop } from "../src/features/purchases/purchases.service";
import { postWithKey, tokenBalance } from "./support/api-calls";
import { insertDownloadableLoop } from "./support/listed-loop";
import { signInMember, type Member } from "./support/members";
import { ledgerCheckedApp } from "./support/suite-app";
import type { TestApp } from "./support/test-app";
import { EVENT_DEADLINE_MS } from "./support/wait";

describe("an in-app purchase in one statement", () => {
  let t: TestApp;
  ledgerCheckedApp((app) => {
    t = app;
  });

  async function sale(price = 499) {
    const seller = await signInMember(t);
    const buyer = await signInMember(t, { funds: 3000n });
    const loopId = await insertDownloadableLoop(t, { userId: seller.id, title: `Loop ${randomUUID().slice(0, 6)}`, priceCents: price });
    return { seller, buyer, loopId };
  }
  /** The statement for `input` as POST /api/purchases would run it (the key's request hash is that request's). */
  const statement = async (buyer: Member, input: PurchaseRequest, key: string | null) =>
    purchaseInOneStatement(
      t.deps,
      buyer.id,
      input,
      await downloadSigningKey(t.db.prisma, t.config)(),
      key,
      requestHashOf("POST", "/api/purchases", input),
    );
  /** What a purchase writes, for one buyer. */
  const written = async (buyerId: string, key: string) => ({
    purchases: await t.db.prisma.purchase.count({ where: { buyerId } }),
    xp: await t.db.prisma.xpEvent.count({ where: { userId: buyerId } }),
    keys: await t.db.prisma.idempotencyRequest.count({ where: { userId: buyerId, key } }),
    notifications: await t.db.prisma.notification.count({ where: { userId: buyerId, title: "Purchase Complete" } }),
  });

  it("writes the entry, the purchase with its licence, the XP, both notifications and the key's answer; the key replays it", async () => {
    const { seller, buyer, loopId } = await sale();
    const key = randomUUID();
    const input: PurchaseRequest = { loopId, format: "wav", paymentMethod: "loop", expectedTotal: "5.19" };
    const done = await statement(buyer, input, key);
    expect(done?.answer.kind).toBe("replay");
    const text = done!.answer.kind === "replay" ? done!.answer.response : "";
    const purchase = purchaseSchema.parse(JSON.parse(text));
    expect(purchase).toMatchObject({
      loopId,
      format: "wav",
      method: "loop",
      price: "4.99",
      fee: "0.20",
      total: "5.19",
      loopAmount: "2595.00000000",
    });

    const row = await t.db.prisma.purchase.findUniqueOrThrow({ where: { id: purchase.id }, include: { licence: true } });
    expect(row.licence?.id).toBe(purchase.licenceId);
    expect(row.createdAt.toISOString()).toBe(purchase.createdAt);
    // Promotional LOOP first (the 500 welcome bonus), then the funded LOOP; the seller gets the promotional part as such.
    expect(await tokenBalance(buyer.browser)).toMatchObject({ balance: "905.00000000", promotional: "0.00000000" });
    expect(await tokenBalance(seller.browser)).toMatchObject({ balance: "2995.00000000", promotional: "1000.00000000" });
    const xp = await t.db.prisma.user.findMany({ where: { id: { in: [buyer.id, seller.id] } }, select: { id: true, experience: true } });
    expect(Object.fromEntries(xp.map((user) => [user.id, user.experience]))).toEqual({ [buyer.id]: 9, [seller.id]: 14 });
    const titles = await t.db.prisma.notification.findMany({ where: { userId: { in: [buyer.id, seller.id] }, title: { not: "Welcome" } } });
    expect(titles.map((n) => `${n.userId === buyer.id ? "buyer" : "seller"}: ${n.title}`).sort()).toEqual([
      "buyer: Purchase Complete",
      "seller: New Sale",
    ]);
    const stored = await t.db.prisma.idempotencyRequest.findUniqueOrThrow({ where: { userId_key: { userId: buyer.id, key } } });
    expect({ status: stored.status, response: stored.response }).toEqual({ status: 201, response: text });

    // The same key and request: the same answer, nothing bought again; another request with it: 409.
    const again = await postWithKey(buyer.browser, "/api/purchases", input, key).expect(201);
    expect(again.text).toBe(text);
    await postWithKey(buyer.browser, "/api/purchases", { ...input, format: "mp3" }, key).expect(409);
    // Without a key, a second purchase is the transaction path's (it answers "already purchased").
    expect(await statement(buyer, input, null)).toBeNull();
    await postWithKey(buyer.browser, "/api/purchases", input).expect(409);
    expect(await t.db.prisma.purchase.count({ where: { buyerId: buyer.id } })).toBe(1);
  });

  /** What a member has after a purchase: balance, level, rewards and notifications (without ids and times). */
  async function standing(member: Member) {
    const user = await t.db.prisma.user.findUniqueOrThrow({ where: { id: member.id }, select: { level: true, experience: true } });
    const rewards = (
      await t.db.prisma.levelReward.findMany({ where: { userId: member.id }, select: { level: true, tokensAwarded: true } })
    ).map((reward) => ({ level: reward.level, loop: formatLoop(reward.tokensAwarded) }));
    const notifications = await t.db.prisma.notification.findMany({
      where: { userId: member.id },
      select: { type: true, title: true, message: true, actionUrl: true, actionText: true },
      orderBy: [{ createdAt: "asc" }, { title: "asc" }],
    });
    return { ...user, balance: await tokenBalance(member.browser), rewards, notifications };
  }

  it("a purchase that takes both sides to a new level pays the rewards as the transaction does, the buyer's spent first", async () => {
    /** A sale where the buyer is 9 XP (this purchase's) and the seller 14 XP (this sale's) from level 2, bought one way. */
    async function levellingSale(buy: (buyer: Member, input: PurchaseRequest) => Promise<unknown>) {
      const { seller, buyer, loopId } = await sale();
      await t.db.prisma.user.update({ where: { id: buyer.id }, data: { experience: totalXpForLevel(2) - 9 } });
      await t.db.prisma.user.update({ where: { id: seller.id }, data: { experience: totalXpForLevel(2) - 14 } });
      const input: PurchaseRequest = { loopId, format: "wav", paymentMethod: "loop", expectedTotal: "5.19" };
      const done = await buy(buyer, input);
      const loopTitle = (await t.db.prisma.loop.findUniqueOrThrow({ where: { id: loopId } })).title;
      // The loop differs per sale: compare the texts without its title and id.
      const same = (value: unknown) =>
        JSON.parse(JSON.stringify(value).replaceAll(loopTitle, "<title>").replaceAll(loopId, "<loop>")) as unknown;
      return { done, buyer: same(await standing(buyer)), seller: same(await standing(seller)) };
    }
    const inOneStatement = await levellingSale((buyer, input) => statement(buyer, input, randomUUID()));
    expect(inOneStatement.done).not.toBeNull();
    const inTransaction = await levellingSale(async (buyer, input) =>
      purchaseLoop(t.deps, null, buyer.id, input, await downloadSigningKey(t.db.prisma, t.config)()),
    );
    expect(inOneStatement.buyer).toEqual(inTransaction.buyer);
    expect(inOneStatement.seller).toEqual(inTransaction.seller);
    // Level 2's 100 LOOP reward is promotional and paid first: 600 promotional LOOP of the 2595 go first.
    expect(inOneStatement.buyer).toMatchObject({
      level: 2,
      rewards: [{ level: 2, loop: "100.00000000" }],
      balance: { balance: "1005.00000000", promotional: "0.00000000" },
    });
    expect(inOneStatement.seller).toMatchObject({ level: 2, balance: { balance: "3095.00000000", promotional: "1200.00000000" } });
    expect(JSON.stringify(inOneStatement.buyer)).toContain("Level Up!");
  });

  /**
   * Runs the statement while another transaction holds the buyer's user row, and runs `change` in
   * that transaction once the statement waits for the row: the statement's facts were read before
   * the change, its checks run after it.
   */
  async function whileBuyerHeld(buyer: Member, run: () => Promise<unknown>, change: (holder: pg.Client) => Promise<unknown>) {
    const holder = new pg.Client({ connectionString: t.db.url });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query(`SELECT 1 FROM "app"."users" WHERE "id" = $1::uuid FOR NO KEY UPDATE`, [buyer.id]);
      const done = run();
      const waiting = async () => {
        // Inside the holder's transaction pg_stat_activity is read once and kept: clear it per look.
        await holder.query("SELECT pg_stat_clear_snapshot()");
        const rows = await holder.query<{ count: number }>(
          `SELECT count(*)::int AS "count" FROM pg_stat_activity WHERE "datname" = current_database() AND "wait_event_type" = 'Lock'
             AND "pid" <> pg_backend_pid() AND "query" LIKE '%purchase_in_app%'`,
        );
        return rows.rows[0]!.count > 0;
      };
      for (const deadline = Date.now() + EVENT_DEADLINE_MS; !(await waiting()) && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await change(holder);
      await holder.query("COMMIT");
      return await done;
    } finally {
      await holder.end();
    }
  }

  it("a price changed after the facts were read: nothing written, the key given back, and the transaction refuses the old total", async () => {
    const { buyer, loopId } = await sale();
    const key = randomUUID();
    const input: PurchaseRequest = { loopId, format: "wav", paymentMethod: "loop", expectedTotal: "5.19" };
    const before = await tokenBalance(buyer.browser);
    const done = await whileBuyerHeld(
      buyer,
      () => statement(buyer, input, key),
      (holder) => holder.query(`UPDATE "app"."loops" SET "price_cents" = 599 WHERE "id" = $1::uuid`, [loopId]),
    );
    expect(done).toBeNull();
    expect(await written(buyer.id, key)).toEqual({ purchases: 0, xp: 0, keys: 0, notifications: 0 });
    expect(await tokenBalance(buyer.browser)).toEqual(before);

    const response = await postWithKey(buyer.browser, "/api/purchases", input, key).expect(400);
    expect(response.body).toEqual({ code: "PRICE_CHANGED", message: PURCHASE_MESSAGES.priceChanged });
  });

  it("experience gained after the facts were read, beyond the levels the draft covers: nothing written, and the transaction pays them", async () => {
    const { buyer, loopId } = await sale();
    const key = randomUUID();
    const input: PurchaseRequest = { loopId, format: "mp3", paymentMethod: "loop" };
    // Read at level 1 with no XP: the draft covers level 2. The 9 XP of this purchase now reach level 3.
    const done = await whileBuyerHeld(
      buyer,
      () => statement(buyer, input, key),
      (holder) => holder.query(`UPDATE "app"."users" SET "experience" = $2 WHERE "id" = $1::uuid`, [buyer.id, totalXpForLevel(3) - 9]),
    );
    expect(done).toBeNull();
    expect(await written(buyer.id, key)).toEqual({ purchases: 0, xp: 0, keys: 0, notifications: 0 });

    await postWithKey(buyer.browser, "/api/purchases", input, key).expect(201);
    const rewards = await t.db.prisma.levelReward.findMany({
      where: { userId: buyer.id },
      select: { level: true },
      orderBy: { level: "asc" },
    });
    expect(rewards).toEqual([{ level: 2 }, { level: 3 }]);
  });
});
