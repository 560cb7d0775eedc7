// Creator analytics (issue 23): plays counted once per listener, loop and hour; the daily rollups kept
// by triggers for every way a sale happens (in-app LOOP and PayPal through the API here, wallet rows as
// settlement writes them), refunds and reversals subtracted; a creator sees only their own loops; the
// sales CSV; and, after a mixed run of events, rollups equal to a recount from the raw tables.
import { ANALYTICS_MESSAGES, SALES_CSV_COLUMNS, creatorAnalyticsSchema, type CreatorAnalytics } from "@loop/rules/schemas/analytics";
import { fiatPurchaseStatusSchema, paypalOrderSchema } from "@loop/rules/schemas/fiat-payments";
import { negotiationSchema } from "@loop/rules/schemas/negotiations";
import { randomBytes, randomUUID } from "node:crypto";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { csvCell } from "../src/features/analytics/sales-csv";
import { sweepPlays } from "../src/features/analytics/plays.service";
import { paypalEnv, startFakePaypal, type FakePaypal, type PaypalDelivery } from "./fakes/fake-paypal";
import { buyWithLoop } from "./support/api-calls";
import { createSellableLoop, insertWalletSale } from "./support/listed-loop";
import { signInMember, type Member } from "./support/members";
import { mixedSales } from "./support/mixed-sales";
import { pickSale, seededRandom } from "./support/seeded-random";
import { ledgerCheckedApp, suiteFake } from "./support/suite-app";
import { browser, type TestApp } from "./support/test-app";

const today = () => new Date().toISOString().slice(0, 10);

describe("creator analytics", () => {
  let t: TestApp;
  let paypal: FakePaypal;

  const paypalOptions = suiteFake(startFakePaypal, paypalEnv, (fake) => (paypal = fake));
  ledgerCheckedApp((app) => (t = app), paypalOptions);

  const listing = (seller: Member, title = `Loop ${Math.random().toString(36).slice(2, 8)}`, priceCents = 499) =>
    createSellableLoop(t.db.prisma, seller.id, title, priceCents);
  const analytics = async (member: Member, range = "7d"): Promise<CreatorAnalytics> =>
    creatorAnalyticsSchema.parse((await member.browser.get(`/api/analytics/creator?range=${range}`).expect(200)).body);
  const csv = async (member: Member, range = "7d") => {
    const response = await member.browser.get(`/api/analytics/creator/sales.csv?range=${range}`).buffer(true).expect(200);
    return response;
  };
  const play = (loopId: string, userAgent = "Player/1", as = browser(t.app)) =>
    as.post(`/api/loops/${loopId}/plays`).set("User-Agent", userAgent);
  const deliverPaypal = (delivery: PaypalDelivery) => request(t.app).post("/api/webhooks/paypal").set(delivery.headers).send(delivery.body);

  it("in-app LOOP and PayPal sales show under their method, day and amounts; a PayPal reversal takes its sale back out", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t, { funds: 10_000n });
    const paypalBuyer = await signInMember(t);
    const loopId = await listing(seller, "Night Drive");

    await buyWithLoop(buyer.browser, loopId, "wav"); // $4.99 + 4%: the seller gets 2,495 LOOP, the platform $0.20
    const order = paypalOrderSchema.parse(
      (await paypalBuyer.browser.post("/paypal/order").send({ loopId, format: "mp3" }).expect(201)).body,
    );
    paypal.approve(order.id);
    fiatPurchaseStatusSchema.parse((await paypalBuyer.browser.post(`/paypal/order/${order.id}/capture`).expect(200)).body);

    const before = await analytics(seller);
    expect(before.range).toBe("7d");
    expect(before.days).toHaveLength(7);
    expect(before.to).toBe(today());
    expect(before.days.at(-1)!.date).toBe(today());
    const sold = { sales: 1, earningsLoop: "2495.00000000", earningsUsd: "4.99" };
    const none = { sales: 0, earningsLoop: "0.00000000", earningsUsd: "0.00" };
    expect(before.totals).toMatchObject({
      sales: 2,
      refunds: 0,
      earningsLoop: "4990.00000000",
      earningsUsd: "9.98",
      byMethod: { loop: sold, paypal: sold, wallet: none, card: none },
      conversion: null,
    });
    expect(before.days.at(-1)).toMatchObject({ sales: 2, byMethod: { loop: sold, paypal: sold } });
    // Days without activity are zeros.
    for (const day of before.days.slice(0, -1)) expect(day).toMatchObject({ plays: 0, sales: 0, earningsLoop: "0.00000000" });
    expect(before.loops).toEqual([
      expect.objectContaining({ id: loopId, title: "Night Drive", sales: 2, earningsUsd: "9.98", conversion: null }),
    ]);

    // PayPal reports the capture reversed (inside the sale hold): the sale leaves its day, one refund today.
    await deliverPaypal(paypal.reverse(order.id)).expect(200);
    const after = await analytics(seller);
    expect(after.totals).toMatchObject({
      sales: 1,
      refunds: 1,
      earningsLoop: "2495.00000000",
      earningsUsd: "4.99",
      byMethod: { loop: sold, paypal: none },
    });
    expect(after.loops[0]).toMatchObject({ sales: 1, refunds: 1, earningsUsd: "4.99" });

    const file = await csv(seller);
    expect(file.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="loop-sales-7d-${today()}.csv"`);
    const lines = file.text.split("\r\n");
    expect(lines[0]).toBe(SALES_CSV_COLUMNS.join(","));
    expect(lines.at(-1)).toBe("");
    const buyerName = (await t.db.prisma.user.findUniqueOrThrow({ where: { id: buyer.id } })).username;
    const paypalName = (await t.db.prisma.user.findUniqueOrThrow({ where: { id: paypalBuyer.id } })).username;
    expect(lines.slice(1, -1).map((line) => line.replace(/^[^,]+,/, ""))).toEqual([
      `Night Drive,wav,${buyerName},loop,4.99,0.20,4.99,2495.00000000,completed,`,
      `Night Drive,mp3,${paypalName},paypal,4.99,0.10,4.99,2495.00000000,refunded,`,
    ]);
    expect(lines[1]).toMatch(new RegExp(`^${today()}T\\d\\d:\\d\\d:\\d\\dZ,`));
  });

  it("a wallet sale counts the price at the one rate and its chain transaction; an arbiter's refund subtracts it", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t);
    const loopId = await listing(seller, "On Chain", 1000);
    const txHash = `0x${randomBytes(32).toString("hex")}`;
    // The seller is paid on chain: no ledger entry.
    const purchase = await insertWalletSale(t.db.prisma, {
      loopId,
      buyerId: buyer.id,
      format: "mp3",
      priceCents: 1000,
      feeCents: 20,
      loopUnits: 5100n * 10n ** 8n,
      externalRef: txHash,
    });
    expect((await analytics(seller)).totals.byMethod.wallet).toEqual({ sales: 1, earningsLoop: "5000.00000000", earningsUsd: "10.00" });
    expect((await csv(seller)).text).toContain(`,wallet,10.00,0.20,10.00,5000.00000000,completed,${txHash}\r\n`);

    await t.db.prisma.purchase.update({ where: { id: purchase.id }, data: { refundedAt: new Date(), refundRef: "0xrefund" } });
    expect((await analytics(seller)).totals).toMatchObject({ sales: 0, refunds: 1, earningsLoop: "0.00000000" });
  });

  it("plays: once per listener, loop and hour, again after the hour; not the creator's, not unlisted loops; only a hash is kept", async () => {
    const creator = await signInMember(t);
    const listener = await signInMember(t);
    const loopId = await listing(creator, "Played");
    const hidden = await listing(creator, "Private");
    await t.db.prisma.loop.update({ where: { id: hidden }, data: { isPublic: false } });

    expect((await play(loopId, "Browser A").expect(202)).body).toEqual({ counted: true });
    expect((await play(loopId, "Browser A").expect(202)).body).toEqual({ counted: false });
    expect((await play(loopId, "Browser B").expect(202)).body).toEqual({ counted: true });
    expect((await play(loopId, "Browser A", listener.browser).expect(202)).body).toEqual({ counted: true });
    // The same member from another browser is the same listener.
    expect((await play(loopId, "Browser C", listener.browser).expect(202)).body).toEqual({ counted: false });
    expect((await play(loopId, "Browser A", creator.browser).expect(202)).body).toEqual({ counted: false });
    expect((await play(hidden, "Browser A").expect(202)).body).toEqual({ counted: false });
    expect((await play(randomUUID()).expect(404)).body).toMatchObject({ message: "Loop Not Found" });
    expect((await play("not-a-loop").expect(404)).body).toMatchObject({ message: "Loop Not Found" });

    const rows = await t.db.prisma.playListener.findMany({ where: { loopId } });
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.listener).toHaveLength(32);
    expect(JSON.stringify(rows)).not.toContain(listener.id);

    // An hour later (the rows' clock moved back rather than waiting), each listener counts again, once.
    await t.db.prisma.$executeRawUnsafe(
      `UPDATE "app"."play_listeners" SET "counted_at" = "counted_at" - interval '61 minutes' WHERE "loop_id" = $1::uuid`,
      loopId,
    );
    expect((await play(loopId, "Browser A").expect(202)).body).toEqual({ counted: true });
    expect((await play(loopId, "Browser A").expect(202)).body).toEqual({ counted: false });
    expect((await play(loopId, "Browser A", listener.browser).expect(202)).body).toEqual({ counted: true });

    const figures = await analytics(creator);
    expect(figures.totals.plays).toBe(5);
    expect(figures.days.at(-1)!.plays).toBe(5);
    expect(figures.loops.find((loop) => loop.id === loopId)).toMatchObject({ plays: 5, sales: 0, conversion: 0 });
    expect(figures.loops.find((loop) => loop.id === hidden)).toMatchObject({ plays: 0, conversion: null });

    // Rows past two hours are swept; the count stays.
    await t.db.prisma.$executeRawUnsafe(
      `UPDATE "app"."play_listeners" SET "counted_at" = now() - interval '3 hours' WHERE "loop_id" = $1::uuid`,
      loopId,
    );
    await sweepPlays(t.db.prisma, Date.now(), true);
    expect(await t.db.prisma.playListener.count({ where: { loopId } })).toBe(0);
    expect((await analytics(creator)).totals.plays).toBe(5);
    expect(await t.db.prisma.serverSecret.count({ where: { name: { startsWith: "play-listener:" } } })).toBe(1);
  });

  it("a creator sees only their own loops, in the figures and the CSV", async () => {
    const mine = await signInMember(t);
    const theirs = await signInMember(t);
    const buyer = await signInMember(t, { funds: 10_000n });
    const myLoop = await listing(mine, "Mine");
    const theirLoop = await listing(theirs, "Theirs");
    await buyWithLoop(buyer.browser, theirLoop, "mp3");
    await play(theirLoop, "Someone").expect(202);
    await buyWithLoop(buyer.browser, myLoop, "mp3");

    const figures = await analytics(mine, "all");
    expect(figures.loops.map((loop) => loop.id)).toEqual([myLoop]);
    expect(figures.totals).toMatchObject({ sales: 1, plays: 0, earningsUsd: "4.99" });
    expect(figures.from).toBe(today());
    const text = (await csv(mine, "all")).text;
    expect(text).toContain(",Mine,");
    expect(text).not.toContain("Theirs");
    expect(text.split("\r\n")).toHaveLength(3);
  });

  it("the CSV quotes as RFC 4180 and defuses formulas", async () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", twice')).toBe('"say ""hi"", twice"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);

    const seller = await signInMember(t);
    const buyer = await signInMember(t, { funds: 10_000n });
    await buyWithLoop(buyer.browser, await listing(seller, '=cmd|"/c calc"!A1, "quoted"'), "mp3");
    const line = (await csv(seller)).text.split("\r\n")[1]!;
    expect(line).toContain(`,"'=cmd|""/c calc""!A1, ""quoted""",mp3,`);
  });

  it("the range is checked (400 with its message), and both calls need a session", async () => {
    const member = await signInMember(t);
    for (const path of ["/api/analytics/creator", "/api/analytics/creator/sales.csv"]) {
      for (const range of ["1y", "", "30"]) {
        const response = await member.browser.get(`${path}?range=${range}`).expect(400);
        expect(response.body).toMatchObject({ message: ANALYTICS_MESSAGES.range });
      }
      expect((await request(t.app).get(path).expect(401)).body).toMatchObject({ message: "Unauthorized" });
    }
    // The default range is 30 days; every range answers a day per day.
    expect((await analytics(member, "30d")).days).toHaveLength(30);
    expect(creatorAnalyticsSchema.parse((await member.browser.get("/api/analytics/creator").expect(200)).body).days).toHaveLength(30);
    expect((await analytics(member, "90d")).days).toHaveLength(90);
    expect((await analytics(member, "all")).days).toHaveLength(1);
  });

  it("after a mixed run of events the rollups equal a recount from the raw tables", async () => {
    const { random, pick } = seededRandom(0x2a2a);

    const creators = [await signInMember(t), await signInMember(t)];
    const buyers = [
      await signInMember(t, { funds: 100_000n }),
      await signInMember(t, { funds: 100_000n }),
      await signInMember(t, { funds: 100_000n }),
    ];
    const loops: string[] = [];
    for (const creator of creators) for (let i = 0; i < 3; i += 1) loops.push(await listing(creator, `Mixed ${i}`, 200 + i * 150));
    const sales = mixedSales(t.db.prisma, loops);
    const owned = sales.owned;

    for (let step = 0; step < 60; step += 1) {
      const kind = pick(["buy", "buy", "wallet", "offer", "download", "play", "play", "refund"] as const);
      const sale = pickSale(pick, buyers, loops);
      const { buyer, loopId, format, key } = sale;
      if (kind === "buy") await sales.buyWithLoop(sale);
      else if (kind === "wallet") {
        // Recorded on an earlier day, as a settled on-chain purchase would be.
        await sales.wallet(sale, () => ({
          loopUnits: 1530n * 10n ** 8n,
          createdAt: new Date(Date.now() - Math.floor(random() * 40) * 86_400_000),
        }));
      } else if (kind === "offer") {
        const loop = await t.db.prisma.loop.findUniqueOrThrow({ where: { id: loopId } });
        const open = await t.db.prisma.negotiation.count({ where: { loopId, buyerId: buyer.id, status: { in: ["pending", "counter"] } } });
        if (owned.has(key) || open > 0) continue;
        const response = await buyer.browser
          .post("/api/negotiations")
          .send({ loopId, format, offerAmount: (Math.floor(loop.priceCents / 2) / 100).toFixed(2) });
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        const offer = negotiationSchema.parse(response.body);
        const seller = creators.find((creator) => creator.id === loop.userId)!;
        const outcome = pick(["accept", "reject", "withdraw", "open"] as const);
        if (outcome === "accept") owned.add(key);
        if (outcome === "withdraw")
          await buyer.browser.put(`/api/negotiations/${offer.id}/respond`).send({ action: "withdraw", version: offer.version }).expect(200);
        else if (outcome !== "open")
          await seller.browser.put(`/api/negotiations/${offer.id}/respond`).send({ action: outcome, version: offer.version }).expect(200);
      } else if (kind === "download") {
        await t.db.prisma.loopDownload.createMany({ data: [{ loopId, userId: buyer.id, format }], skipDuplicates: true });
      } else if (kind === "play") {
        await play(loopId, `Agent ${Math.floor(random() * 4)}`, random() < 0.5 ? buyer.browser : browser(t.app)).expect(202);
      } else if (kind === "refund") await sales.refundWallet("0xrefund");
    }

    const counters = `"plays", "downloads", "refunds", "sales_loop", "sales_wallet", "sales_paypal", "sales_card",
      "earnings_units_loop", "earnings_units_wallet", "earnings_units_paypal", "earnings_units_card",
      "earnings_cents_loop", "earnings_cents_wallet", "earnings_cents_paypal", "earnings_cents_card", "fees_cents",
      "offers_received", "offers_accepted", "offers_declined", "offers_withdrawn", "offers_expired"`;
    const sums = counters
      .split(",")
      .map((c) => `sum(${c.trim()})::text AS ${c.trim()}`)
      .join(", ");
    // The recount: every raw row as one event, grouped per loop and UTC day (plays: the listener rows, none moved or swept here).
    const recount = await t.db.prisma.$queryRawUnsafe<Record<string, string>[]>(
      `
      WITH sales AS (
        SELECT p.*, (p."created_at" AT TIME ZONE 'UTC')::date AS "day",
               COALESCE((SELECT sum(po."amount") FROM "app"."ledger_postings" po JOIN "app"."ledger_accounts" a ON a."id" = po."account_id"
                         WHERE po."entry_id" = p."ledger_entry_id" AND a."user_id" = l."user_id"), p."price_cents"::bigint * 500000000) AS "units"
        FROM "app"."purchases" p JOIN "app"."loops" l ON l."id" = p."loop_id"
        WHERE p."method" <> 'free' AND p."refunded_at" IS NULL
      ), events AS (
        SELECT "loop_id", "day", 0 AS "plays", 0 AS "downloads", 0 AS "refunds",
               ("method" = 'loop')::int AS "sales_loop", ("method" = 'wallet')::int AS "sales_wallet",
               ("method" = 'paypal')::int AS "sales_paypal", ("method" = 'card')::int AS "sales_card",
               CASE WHEN "method" = 'loop' THEN "units" ELSE 0 END AS "earnings_units_loop",
               CASE WHEN "method" = 'wallet' THEN "units" ELSE 0 END AS "earnings_units_wallet",
               CASE WHEN "method" = 'paypal' THEN "units" ELSE 0 END AS "earnings_units_paypal",
               CASE WHEN "method" = 'card' THEN "units" ELSE 0 END AS "earnings_units_card",
               CASE WHEN "method" = 'loop' THEN "price_cents" ELSE 0 END AS "earnings_cents_loop",
               CASE WHEN "method" = 'wallet' THEN "price_cents" ELSE 0 END AS "earnings_cents_wallet",
               CASE WHEN "method" = 'paypal' THEN "price_cents" ELSE 0 END AS "earnings_cents_paypal",
               CASE WHEN "method" = 'card' THEN "price_cents" ELSE 0 END AS "earnings_cents_card",
               "fee_cents" AS "fees_cents", 0 AS "offers_received", 0 AS "offers_accepted", 0 AS "offers_declined",
               0 AS "offers_withdrawn", 0 AS "offers_expired"
        FROM sales
        UNION ALL
        SELECT "loop_id", ("refunded_at" AT TIME ZONE 'UTC')::date, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        FROM "app"."purchases" WHERE "method" <> 'free' AND "refunded_at" IS NOT NULL
        UNION ALL
        SELECT "loop_id", ("created_at" AT TIME ZONE 'UTC')::date, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        FROM "app"."loop_downloads"
        UNION ALL
        SELECT "loop_id", ("counted_at" AT TIME ZONE 'UTC')::date, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        FROM "app"."play_listeners"
        UNION ALL
        SELECT "loop_id", ("created_at" AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
               ("status" = 'accepted')::int, ("status" = 'rejected')::int, ("status" = 'withdrawn')::int, ("status" = 'expired')::int
        FROM "app"."negotiations"
      )
      SELECT "loop_id"::text, "day"::text, ${sums} FROM events WHERE "loop_id" = ANY($1::uuid[])
      GROUP BY "loop_id", "day" ORDER BY "loop_id", "day"`,
      loops,
    );
    const rollup = await t.db.prisma.$queryRawUnsafe<Record<string, string>[]>(
      `SELECT "loop_id"::text, "day"::text, ${sums} FROM "app"."loop_daily_stats" s WHERE "loop_id" = ANY($1::uuid[])
       GROUP BY "loop_id", "day" ORDER BY "loop_id", "day"`,
      loops,
    );
    // A refund leaves a day's row at zeros; a recount has no such row.
    const nonZero = (rows: Record<string, string>[]) =>
      rows.filter((row) => Object.entries(row).some(([name, value]) => name !== "loop_id" && name !== "day" && value !== "0"));
    expect(nonZero(rollup)).toEqual(nonZero(recount));
    expect(recount.length).toBeGreaterThan(6);

    // The per-creator days and the per-loop totals are the same figures summed.
    const creatorIds = creators.map((creator) => creator.id);
    const byCreator = await t.db.prisma.$queryRawUnsafe<Record<string, string>[]>(
      `SELECT "user_id"::text, "day"::text, ${sums} FROM "app"."creator_daily_stats" s WHERE "user_id" = ANY($1::uuid[]) GROUP BY 1, 2 ORDER BY 1, 2`,
      creatorIds,
    );
    const summedDays = await t.db.prisma.$queryRawUnsafe<Record<string, string>[]>(
      `SELECT "user_id"::text, "day"::text, ${sums} FROM "app"."loop_daily_stats" s WHERE "user_id" = ANY($1::uuid[]) GROUP BY 1, 2 ORDER BY 1, 2`,
      creatorIds,
    );
    expect(byCreator).toEqual(summedDays);
    const totals = await t.db.prisma.$queryRawUnsafe<Record<string, string>[]>(
      `SELECT "loop_id"::text, ${sums} FROM "app"."loop_stats_totals" s WHERE "loop_id" = ANY($1::uuid[]) GROUP BY 1 ORDER BY 1`,
      loops,
    );
    const summedLoops = await t.db.prisma.$queryRawUnsafe<Record<string, string>[]>(
      `SELECT "loop_id"::text, ${sums} FROM "app"."loop_daily_stats" s WHERE "loop_id" = ANY($1::uuid[]) GROUP BY 1 ORDER BY 1`,
      loops,
    );
    expect(totals).toEqual(summedLoops);

    // And the API's "all" adds up to the same totals.
    for (const creator of creators) {
      const figures = await analytics(creator, "all");
      const mine = summedLoops.filter((row) => figures.loops.some((loop) => loop.id === row.loop_id));
      expect(figures.totals.plays).toBe(mine.reduce((total, row) => total + Number(row.plays), 0));
      expect(figures.totals.offers.received).toBe(mine.reduce((total, row) => total + Number(row.offers_received), 0));
      expect(figures.loops.reduce((total, loop) => total + loop.sales, 0)).toBe(figures.totals.sales);
    }
  });
});
