// A range's per-loop table from kept sums (issue 39 §4, migrations 20261203090000_analytics_range_sums
// and 20261206100000_analytics_range_deltas): each creator's per-loop sums of a range are kept up to
// today, and every write adds its deltas to them. What it answers must always equal a recount of the
// daily rollups: when a past day changes (a refund, a late play), at once; on a new day, over the new
// range; for today's events without rebuilding anything; and when a write races a rebuild.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { creatorAnalytics } from "../src/features/analytics/analytics.service";
import { createListedLoop } from "./support/listed-loop";
import { signInMember } from "./support/members";
import { suiteApp } from "./support/suite-app";
import type { TestApp } from "./support/test-app";
import { waitFor } from "./support/wait";

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe("analytics: a range's kept sums", () => {
  let t: TestApp;
  suiteApp((app) => (t = app));

  /** A play counted `daysAgo` days before now (the rollup triggers add it to that UTC day). */
  const play = (loopId: string, daysAgo: number) =>
    t.db.prisma.$executeRaw`INSERT INTO "app"."play_listeners" ("loop_id", "listener", "counted_at")
      VALUES (${loopId}::uuid, ${randomBytes(32)}, now() - make_interval(days => ${daysAgo}))`;
  /** A card sale of $4.99 recorded `daysAgo` days before now; its id. */
  const cardSale = async (loopId: string, buyerId: string, daysAgo: number) => {
    const rows = await t.db.prisma.$queryRaw<{ id: string }[]>`
      INSERT INTO "app"."purchases" ("loop_id", "buyer_id", "format", "price_cents", "fee_cents", "method", "external_ref", "created_at")
      VALUES (${loopId}::uuid, ${buyerId}::uuid, 'mp3', 499, 20, 'card', ${`pi_${randomBytes(6).toString("hex")}`},
              now() - make_interval(days => ${daysAgo}))
      RETURNING "id"::text AS "id"`;
    return rows[0]!.id;
  };
  /** The per-loop figures recounted from the daily rollups over `days` days ending `today`. */
  const recount = async (userId: string, days: number, today: string) => {
    const from = dayOf(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY_MS);
    const rows = await t.db.prisma.$queryRaw<{ id: string; plays: bigint; sales: bigint; refunds: bigint }[]>`
      SELECT l."id"::text AS "id", COALESCE(sum(s."plays"), 0)::bigint AS "plays",
             COALESCE(sum(s."sales_card"), 0)::bigint AS "sales", COALESCE(sum(s."refunds"), 0)::bigint AS "refunds"
      FROM "app"."loops" l LEFT JOIN "app"."loop_daily_stats" s ON s."loop_id" = l."id" AND s."day" BETWEEN ${from}::date AND ${today}::date
      WHERE l."user_id" = ${userId}::uuid GROUP BY l."id"`;
    return Object.fromEntries(
      rows.map((row) => [row.id, { plays: Number(row.plays), sales: Number(row.sales), refunds: Number(row.refunds) }]),
    );
  };
  const figures = async (userId: string, today: string) => {
    const answer = await creatorAnalytics(t.db.prisma, userId, "30d", today);
    return Object.fromEntries(answer.loops.map((loop) => [loop.id, { plays: loop.plays, sales: loop.sales, refunds: loop.refunds }]));
  };
  /** Until a session waits for an advisory lock (a rebuild behind a write in progress). */
  const waitForLockWaiter = () =>
    waitFor("a rebuild waiting for the write in progress", async () => {
      const [row] = await t.db.prisma.$queryRaw<{ waiting: bigint }[]>`
        SELECT count(*) AS "waiting" FROM pg_locks WHERE "locktype" = 'advisory' AND NOT "granted"`;
      return row !== undefined && row.waiting > 0n;
    });
  const keptPlays = async (userId: string, loopId: string) =>
    Number((await t.db.prisma.loopRangeSum.findUnique({ where: { userId_days_loopId: { userId, days: 30, loopId } } }))?.plays ?? 0);
  const kept = (userId: string) => t.db.prisma.creatorRangeSum.findUnique({ where: { userId_days: { userId, days: 30 } } });

  it("answers the rollups' recount: after a past day changes, for today's events, and on the next day", async () => {
    const seller = await signInMember(t, "range_seller");
    const buyer = await signInMember(t, "range_buyer");
    const [a, b] = [await createListedLoop(t.db.prisma, seller.id, "Kept A"), await createListedLoop(t.db.prisma, seller.id, "Kept B")];
    for (const daysAgo of [10, 10, 10, 1, 0, 0]) await play(a, daysAgo);
    await play(b, 40); // outside 30 days
    await play(b, 29); // the range's first day
    const sale = await cardSale(a, buyer.id, 5);
    const today = dayOf(Date.now());

    // The first request keeps the sums up to today.
    expect(await figures(seller.id, today)).toEqual(await recount(seller.id, 30, today));
    expect((await figures(seller.id, today))[a]).toEqual({ plays: 6, sales: 1, refunds: 0 });
    expect((await figures(seller.id, today))[b]).toEqual({ plays: 1, sales: 0, refunds: 0 });
    const first = await kept(seller.id);
    expect(first && dayOf(first.through.getTime())).toBe(today);

    // Today's events are added to the kept sums by the write itself: nothing is rebuilt.
    await play(a, 0);
    expect(await keptPlays(seller.id, a)).toBe(7);
    expect((await figures(seller.id, today))[a]).toEqual({ plays: 7, sales: 1, refunds: 0 });
    expect((await kept(seller.id))?.generation).toBe(first!.generation);

    // A past day changes: a late play ten days ago, then the sale of five days ago refunded today.
    await play(a, 10);
    expect((await figures(seller.id, today))[a]).toEqual({ plays: 8, sales: 1, refunds: 0 });
    await t.db.prisma.$executeRaw`UPDATE "app"."purchases" SET "refunded_at" = now(), "refund_ref" = 'test' WHERE "id" = ${sale}::uuid`;
    expect((await figures(seller.id, today))[a]).toEqual({ plays: 8, sales: 0, refunds: 1 });
    expect(await figures(seller.id, today)).toEqual(await recount(seller.id, 30, today));

    // The next day: the range moves on (B's play of 29 days ago leaves it) and the sums are rebuilt.
    const tomorrow = dayOf(Date.parse(`${today}T00:00:00Z`) + DAY_MS);
    expect(await figures(seller.id, tomorrow)).toEqual(await recount(seller.id, 30, tomorrow));
    expect((await figures(seller.id, tomorrow))[b]).toEqual({ plays: 0, sales: 0, refunds: 0 });
    expect(dayOf((await kept(seller.id))!.through.getTime())).toBe(tomorrow);
  });

  it("counts a play once when it commits while the sums are being rebuilt", async () => {
    const seller = await signInMember(t, "race_seller");
    const loop = await createListedLoop(t.db.prisma, seller.id, "Raced");
    await play(loop, 3);
    const today = dayOf(Date.now());
    expect((await figures(seller.id, today))[loop]?.plays).toBe(1);

    // A play is written (its deltas wait on the creator's lock) while the next day's rebuild runs.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const playWritten = new Promise<void>((resolve) => (written = resolve));
    const racingPlay = t.db.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO "app"."play_listeners" ("loop_id", "listener", "counted_at")
        VALUES (${loop}::uuid, ${randomBytes(32)}, now() - interval '1 day')`;
      written();
      await held;
    });
    await playWritten;
    const tomorrow = dayOf(Date.parse(`${today}T00:00:00Z`) + DAY_MS);
    const rebuilt = figures(seller.id, tomorrow);
    // The rebuild waits for the uncommitted play on the creator's lock; then the play commits.
    await waitForLockWaiter();
    release();
    await racingPlay;
    expect((await rebuilt)[loop]?.plays).toBe(2);
    expect(await figures(seller.id, tomorrow)).toEqual(await recount(seller.id, 30, tomorrow));
    expect(await keptPlays(seller.id, loop)).toBe(2);
  });
});
