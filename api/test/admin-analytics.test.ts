// Admin analytics (issue 23): GET /api/admin/analytics is an admin's call; sales by in-app LOOP, PayPal and the
// wallet under their method with exact volume and fees, a refund or reversal taken out; new and active members;
// uploads and processing failures; withdrawals requested and paid; deposits in and payouts out per chain; the
// money-health samples (one row per chain and hour, however many workers sample it) and what the answer makes of
// them; and, after a seeded mixed run, rollups equal to a recount from the raw tables.
import { adminAnalyticsSchema, type AdminAnalytics, type AdminAnalyticsDay, type MethodVolume } from "@loop/rules/schemas/admin-analytics";
import { ANALYTICS_MESSAGES } from "@loop/rules/schemas/analytics";
import { fiatPurchaseStatusSchema, paypalOrderSchema } from "@loop/rules/schemas/fiat-payments";
import { withdrawalSchema } from "@loop/rules/schemas/withdrawals";
import { formatLoop, formatUsd } from "@loop/rules/units";
import { randomBytes, randomUUID } from "node:crypto";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { createPrisma } from "../src/db/prisma";
import type { AppDeps } from "../src/deps";
import { ADMIN_DAILY_COUNTERS, adminAnalytics } from "../src/features/admin/admin-analytics.service";
import {
  hourOf,
  readMoneyHealth,
  sampleMoneyHealth,
  type ChainHealthFigures,
  type MoneyHealthReader,
} from "../src/features/admin/money-health-sampler";
import { noteActiveMember } from "../src/features/auth/active-members";
import { platformAccountId, postEntry } from "../src/features/ledger/ledger.service";
import { completeLoopWithdrawalFromChainInTx } from "../src/features/withdrawals/withdrawal-settlement";
import { paypalEnv, startFakePaypal, type FakePaypal, type PaypalDelivery } from "./fakes/fake-paypal";
import { buyWithLoop } from "./support/api-calls";
import { createListedLoop, createSellableLoop, insertWalletSale } from "./support/listed-loop";
import { signInAdmin, signInMember, type Member } from "./support/members";
import { mixedSales } from "./support/mixed-sales";
import { pickSale, seededRandom } from "./support/seeded-random";
import { ledgerCheckedApp, suiteFake } from "./support/suite-app";
import { testLogger, type TestApp } from "./support/test-app";
import { WITHDRAWABLE } from "./support/withdrawable";

const today = () => new Date().toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hash = () => `0x${randomBytes(32).toString("hex")}`;
const ETH = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const WEI_PER_LOOP = 10n ** 18n;

/** A decimal string as an integer of its own decimals ("5.19" → 519n). */
const int = (text: string) => BigInt(text.replace(".", ""));

/** after − before of one method's figures, formatted as the API formats them. */
function methodDelta(after: MethodVolume, before: MethodVolume): MethodVolume {
  return {
    sales: after.sales - before.sales,
    volumeUsd: formatUsd(int(after.volumeUsd) - int(before.volumeUsd)),
    feesUsd: formatUsd(int(after.feesUsd) - int(before.feesUsd)),
    volumeLoop: formatLoop(int(after.volumeLoop) - int(before.volumeLoop)),
    feesLoop: formatLoop(int(after.feesLoop) - int(before.feesLoop)),
  };
}
const noSale: MethodVolume = { sales: 0, volumeUsd: "0.00", feesUsd: "0.00", volumeLoop: "0.00000000", feesLoop: "0.00000000" };

describe("admin analytics", () => {
  let t: TestApp;
  let paypal: FakePaypal;
  let admin: Member;

  const paypalOptions = suiteFake(startFakePaypal, paypalEnv, (fake) => (paypal = fake));
  ledgerCheckedApp((app) => (t = app), paypalOptions);
  beforeAll(async () => {
    admin = await signInAdmin(t);
  });

  const figures = async (range = "7d"): Promise<AdminAnalytics> =>
    adminAnalyticsSchema.parse((await admin.browser.get(`/api/admin/analytics?range=${range}`).expect(200)).body);
  const todayOf = (answer: AdminAnalytics): AdminAnalyticsDay => {
    const day = answer.days.at(-1)!;
    expect(day.date).toBe(today());
    return day;
  };
  /** The app records a member's first request of the day without waiting: wait for its row. */
  const activeRecorded = async (userId: string) => {
    for (let i = 0; i < 100; i += 1) {
      const rows = await t.db.prisma.$queryRaw<unknown[]>`
        SELECT 1 FROM "app"."member_active_days" WHERE "user_id" = ${userId}::uuid AND "day" = ${today()}::date`;
      if (rows.length > 0) return;
      await sleep(20);
    }
    throw new Error(`member ${userId} was not recorded active`);
  };
  const listing = (seller: Member, priceCents = 499) =>
    createSellableLoop(t.db.prisma, seller.id, `Loop ${randomUUID().slice(0, 6)}`, priceCents);
  const deliverPaypal = (delivery: PaypalDelivery) => request(t.app).post("/api/webhooks/paypal").set(delivery.headers).send(delivery.body);
  const requestWithdrawal = async (member: Member, amount: string, method = "crypto_eth", destination = ETH) =>
    withdrawalSchema.parse((await member.browser.post("/api/tokens/withdraw").send({ amount, method, destination }).expect(201)).body);
  const setStatus = (id: string, body: object) => admin.browser.put(`/api/admin/tokens/withdrawals/${id}/status`).send(body);
  /** The app's config with contracts on its chain (the service and the sampler only need the chain's id and name). */
  const withContracts = (): AppDeps => ({
    ...t.deps,
    config: {
      ...t.config,
      chains: t.config.chains.map((chain) => ({
        ...chain,
        contracts: {
          token: "0x1000000000000000000000000000000000000001",
          marketplace: "0x1000000000000000000000000000000000000002",
          vault: "0x1000000000000000000000000000000000000003",
        },
      })),
    },
  });

  it("is an admin's call: signed out 401, a member 403; the range is checked with the creator's messages", async () => {
    expect((await request(t.app).get("/api/admin/analytics").expect(401)).body).toMatchObject({ message: "Unauthorized" });
    const member = await signInMember(t);
    expect((await member.browser.get("/api/admin/analytics").expect(403)).body).toMatchObject({
      message: "Access Denied: You need admin privileges to access this page.",
    });
    for (const range of ["1y", "", "30", "7D"]) {
      expect((await admin.browser.get(`/api/admin/analytics?range=${range}`).expect(400)).body).toMatchObject({
        message: ANALYTICS_MESSAGES.range,
      });
    }
    const byDefault = adminAnalyticsSchema.parse((await admin.browser.get("/api/admin/analytics").expect(200)).body);
    expect(byDefault.range).toBe("30d");
    expect(byDefault.days).toHaveLength(30);
    expect(byDefault.to).toBe(today());
    expect((await figures("7d")).days).toHaveLength(7);
    expect((await figures("90d")).days).toHaveLength(90);
    const all = await figures("all");
    expect(all.from <= today()).toBe(true);
    expect(all.days.at(-1)!.date).toBe(today());
    // The test app's chain has no contracts: no money health to show.
    expect(all.moneyHealth).toEqual([]);
  });

  it("sales by in-app LOOP, PayPal and the wallet show under their method with exact volume and fees; refunds take them out", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t, { funds: 10_000n });
    const paypalBuyer = await signInMember(t);
    const loopId = await listing(seller);
    const before = todayOf(await figures());

    await buyWithLoop(buyer.browser, loopId, "wav"); // $4.99 + 4% ($0.20): the buyer pays $5.19, 2,595 LOOP
    const order = paypalOrderSchema.parse(
      (await paypalBuyer.browser.post("/paypal/order").send({ loopId, format: "mp3" }).expect(201)).body,
    );
    paypal.approve(order.id);
    fiatPurchaseStatusSchema.parse((await paypalBuyer.browser.post(`/paypal/order/${order.id}/capture`).expect(200)).body);
    // The LOOP paid on chain is the price + fee.
    const wallet = await insertWalletSale(t.db.prisma, {
      loopId,
      buyerId: buyer.id,
      format: "mp3",
      priceCents: 499,
      feeCents: 10,
      loopUnits: 2545n * 10n ** 8n,
    });

    const sold = todayOf(await figures());
    expect(methodDelta(sold.byMethod.loop, before.byMethod.loop)).toEqual({
      sales: 1,
      volumeUsd: "5.19",
      feesUsd: "0.20",
      volumeLoop: "2595.00000000",
      feesLoop: "100.00000000",
    });
    const mp3Sale = { sales: 1, volumeUsd: "5.09", feesUsd: "0.10", volumeLoop: "2545.00000000", feesLoop: "50.00000000" };
    expect(methodDelta(sold.byMethod.paypal, before.byMethod.paypal)).toEqual(mp3Sale);
    expect(methodDelta(sold.byMethod.wallet, before.byMethod.wallet)).toEqual(mp3Sale);
    expect(methodDelta(sold.byMethod.card, before.byMethod.card)).toEqual(noSale);

    // PayPal reports the capture reversed; an arbiter refunds the wallet sale: both leave their day.
    await deliverPaypal(paypal.reverse(order.id)).expect(200);
    await t.db.prisma.purchase.update({ where: { id: wallet.id }, data: { refundedAt: new Date(), refundRef: hash() } });
    const after = await figures();
    expect(methodDelta(todayOf(after).byMethod.paypal, before.byMethod.paypal)).toEqual(noSale);
    expect(methodDelta(todayOf(after).byMethod.wallet, before.byMethod.wallet)).toEqual(noSale);
    expect(methodDelta(todayOf(after).byMethod.loop, before.byMethod.loop).sales).toBe(1);
    // The totals are the days summed.
    expect(after.totals.byMethod.loop.sales).toBe(after.days.reduce((sum, day) => sum + day.byMethod.loop.sales, 0));
  });

  it("counts a new member on the day they joined and an active member once a day, however many requests and processes", async () => {
    await activeRecorded(admin.id);
    const before = todayOf(await figures());
    const member = await signInMember(t);
    const joined = todayOf(await figures());
    expect(joined.newMembers - before.newMembers).toBe(1);
    // Signing in is not yet a signed-in request.
    expect(joined.activeMembers - before.activeMembers).toBe(0);

    await member.browser.get("/api/auth/user").expect(200);
    await activeRecorded(member.id);
    await member.browser.get("/api/auth/user").expect(200);
    await member.browser.get("/api/tokens/balance").expect(200);
    // This process remembers it: no second statement.
    expect(noteActiveMember(t.db.prisma, member.id, testLogger)).toBeNull();
    // Another process (its own client, its own memory) inserts again: ON CONFLICT DO NOTHING counts nothing.
    const other = createPrisma(t.db.url);
    try {
      await noteActiveMember(other, member.id, testLogger);
    } finally {
      await other.$disconnect();
    }
    const active = todayOf(await figures());
    expect(active.activeMembers - before.activeMembers).toBe(1);
    expect(active.newMembers - before.newMembers).toBe(1);
  });

  it("counts an upload, and a loop whose processing failed, once", async () => {
    const creator = await signInMember(t);
    const before = todayOf(await figures());
    await createListedLoop(t.db.prisma, creator.id, "Uploaded");
    const processing = await createListedLoop(t.db.prisma, creator.id, "Broken");
    await t.db.prisma.loop.update({ where: { id: processing }, data: { status: "processing" } });
    // As loop-worker.ts fails a loop.
    await t.db.prisma.loop.updateMany({
      where: { id: processing, status: "processing" },
      data: { status: "failed", failureReason: "Bad audio" },
    });
    // A later change of the failed loop is no new failure.
    await t.db.prisma.loop.update({ where: { id: processing }, data: { title: "Broken (renamed)" } });
    const after = todayOf(await figures());
    expect(after.uploads - before.uploads).toBe(2);
    expect(after.processingFailures - before.processingFailures).toBe(1);
  });

  it("counts withdrawals requested (on the day asked) and paid (on the day completed), with their LOOP", async () => {
    const member = await signInMember(t, WITHDRAWABLE);
    const before = todayOf(await figures());
    const paid = await requestWithdrawal(member, "150");
    const cancelled = await requestWithdrawal(member, "20.5");
    const requested = todayOf(await figures());
    expect(requested.withdrawalsRequested.count - before.withdrawalsRequested.count).toBe(2);
    expect(formatLoop(int(requested.withdrawalsRequested.amountLoop) - int(before.withdrawalsRequested.amountLoop))).toBe("170.50000000");
    expect(requested.withdrawalsPaid).toEqual(before.withdrawalsPaid);

    await setStatus(paid.id, { status: "processing" }).expect(200);
    await setStatus(paid.id, { status: "completed", transactionId: "0xfeedbeef" }).expect(200);
    await member.browser.post(`/api/tokens/withdrawals/${cancelled.id}/cancel`).expect(200);
    const after = todayOf(await figures());
    expect(after.withdrawalsPaid.count - before.withdrawalsPaid.count).toBe(1);
    expect(formatLoop(int(after.withdrawalsPaid.amountLoop) - int(before.withdrawalsPaid.amountLoop))).toBe("150.00000000");
    expect(after.withdrawalsRequested).toEqual(requested.withdrawalsRequested);
  });

  it("per chain: deposits credited and LOOP withdrawals paid out per day, hourly samples, the lag and the latest gap with its causes", async () => {
    const deps = withContracts();
    const chainId = deps.config.chains[0]!.id;
    const member = await signInMember(t, WITHDRAWABLE);
    const before = await adminAnalytics(deps, "7d");
    expect(before.moneyHealth.map((chain) => chain.chainId)).toEqual([chainId]);

    // A deposit as handlers/deposited.ts settles it: its ledger entry, then its settled_events row.
    const [genesis, depositTx] = [hash(), hash()];
    const clearing = await platformAccountId(t.db.prisma, "clearing");
    await postEntry(t.db.prisma, {
      idempotencyKey: `deposit:${chainId}:${genesis}:${depositTx}:3`,
      kind: "deposit",
      postings: [
        { accountId: clearing, amount: -(1234n * 10n ** 8n + 5n) },
        { userId: member.id, amount: 1234n * 10n ** 8n + 5n },
      ],
    });
    const settled = (txHash: string, logIndex: number, kind: string, outcome: string) =>
      t.db.prisma.settledEvent.create({
        data: { chainId, genesisHash: genesis, txHash, logIndex, kind, blockNumber: 7n, blockHash: hash(), outcome },
      });
    await settled(depositTx, 3, "deposited", "applied");
    // An unmatched deposit credited nobody: it is no deposit in (it is a cause of the gap).
    await settled(hash(), 0, "deposited", "unmatched");
    // A `loop` withdrawal paid out on chain, as handlers/paid-out.ts completes it.
    const withdrawal = await requestWithdrawal(member, "40", "loop", ETH);
    await t.db.prisma.$transaction((tx) =>
      completeLoopWithdrawalFromChainInTx(tx, withdrawal.id, { chainId, transactionHash: hash(), to: ETH, amount: 40n * 10n ** 8n }),
    );

    // Samples: three hours ago, and the hour before this one (the gap shown is the latest's).
    const hourNow = hourOf(new Date());
    const sample =
      (reserve: bigint, liability: bigint, causes: ChainHealthFigures["causes"]): MoneyHealthReader =>
      async () => [{ chainId, reserveWei: reserve, liabilityWei: liability, causes, lagBlocks: 2n, lagSeconds: 14 }];
    await sampleMoneyHealth(deps, {
      now: new Date(hourNow.getTime() - 3 * 3_600_000 + 60_000),
      read: sample(100n * WEI_PER_LOOP, 100n * WEI_PER_LOOP, []),
    });
    await sampleMoneyHealth(deps, {
      now: new Date(hourNow.getTime() - 3_600_000 + 120_000),
      read: sample(1300n * WEI_PER_LOOP, 1234n * WEI_PER_LOOP + 5n * 10n ** 10n, [
        { code: "treasury_funding", wei: 50n * WEI_PER_LOOP },
        { code: "deposits_unmatched", wei: 16n * WEI_PER_LOOP - 5n * 10n ** 10n },
      ]),
    });

    const after = await adminAnalytics(deps, "7d");
    const chain = after.moneyHealth[0]!;
    const [todayFlow, todayBefore] = [chain.days.at(-1)!, before.moneyHealth[0]!.days.at(-1)!];
    expect(chain.days.map((day) => day.date)).toEqual(after.days.map((day) => day.date));
    expect(formatLoop(int(todayFlow.depositsInLoop) - int(todayBefore.depositsInLoop))).toBe("1234.00000005");
    expect(formatLoop(int(todayFlow.payoutsOutLoop) - int(todayBefore.payoutsOutLoop))).toBe("40.00000000");
    const mine = chain.samples.filter((s) => Date.parse(s.at) >= hourNow.getTime() - 3 * 3_600_000);
    expect(mine).toEqual([
      {
        at: new Date(hourNow.getTime() - 3 * 3_600_000).toISOString(),
        reserveLoop: "100.00000000",
        liabilityLoop: "100.00000000",
        gapLoop: "0.00000000",
      },
      {
        at: new Date(hourNow.getTime() - 3_600_000).toISOString(),
        reserveLoop: "1300.00000000",
        liabilityLoop: "1234.00000005",
        gapLoop: "65.99999995",
      },
    ]);
    expect(chain.settlementLag).toEqual({ blocks: 2, seconds: 14 });
    expect(chain.gap).toEqual({
      amountLoop: "65.99999995",
      causes: [
        { code: "treasury_funding", label: "Treasury funding (fundReserve)", amountLoop: "50.00000000" },
        { code: "deposits_unmatched", label: "Deposits that credited no member", amountLoop: "15.99999995" },
      ],
    });
    // The answer over HTTP has no chain with contracts here; the service's own answer has the shape the web reads.
    expect(adminAnalyticsSchema.parse(after)).toEqual(after);

    // Two samples of one day ten days ago: hourly within 30 days; "all" keeps the day's last one.
    const tenDaysAgo = new Date(hourNow.getTime() - 10 * 86_400_000);
    tenDaysAgo.setUTCHours(3);
    for (const [hours, reserve] of [
      [0, 7n],
      [5, 9n],
    ] as const)
      await sampleMoneyHealth(deps, {
        now: new Date(tenDaysAgo.getTime() + hours * 3_600_000),
        read: sample(reserve * WEI_PER_LOOP, reserve * WEI_PER_LOOP, []),
      });
    const onThatDay = (answer: typeof after) =>
      answer.moneyHealth[0]!.samples.filter((s) => s.at.slice(0, 10) === tenDaysAgo.toISOString().slice(0, 10)).map((s) => s.reserveLoop);
    expect(onThatDay(await adminAnalytics(deps, "30d"))).toEqual(["7.00000000", "9.00000000"]);
    expect(onThatDay(await adminAnalytics(deps, "all"))).toEqual(["9.00000000"]);
  });

  it("the sampler writes one row per chain and hour, run twice or by two workers at once; without contracts it reads nothing", async () => {
    const deps = withContracts();
    const chainId = deps.config.chains[0]!.id;
    const hour = new Date(hourOf(new Date()).getTime() - 30 * 3_600_000);
    let reads = 0;
    const read: MoneyHealthReader = async () => {
      reads += 1;
      return [{ chainId, reserveWei: 5n * WEI_PER_LOOP, liabilityWei: 5n * WEI_PER_LOOP, causes: [], lagBlocks: 0n, lagSeconds: 0 }];
    };
    const rows = () => t.db.prisma.moneyHealthSample.count({ where: { chainId, sampledAt: hour } });

    expect(await sampleMoneyHealth(deps, { now: new Date(hour.getTime() + 5_000), read })).toBe(1);
    expect(await sampleMoneyHealth(deps, { now: new Date(hour.getTime() + 40 * 60_000), read })).toBe(0);
    expect(reads).toBe(1);
    expect(await rows()).toBe(1);

    // Two workers in the same (next) hour, both before either has written.
    const next = new Date(hour.getTime() + 3_600_000);
    const written = await Promise.all([
      sampleMoneyHealth(deps, { now: new Date(next.getTime() + 1_000), read }),
      sampleMoneyHealth(deps, { now: new Date(next.getTime() + 2_000), read }),
    ]);
    expect(written.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await t.db.prisma.moneyHealthSample.count({ where: { chainId, sampledAt: next } })).toBe(1);

    // The real reader, on the test app's chain without contracts: no figures, no sample.
    expect(await readMoneyHealth(t.deps)).toEqual([]);
    expect(await sampleMoneyHealth(t.deps)).toBe(0);
  });

  it("after a seeded mixed run the rollups equal a recount from the raw tables", async () => {
    const { random, pick } = seededRandom(0x5eed);
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

    const creators = [await signInMember(t), await signInMember(t)];
    const buyers = [await signInMember(t, { funds: 100_000n }), await signInMember(t, { funds: 100_000n })];
    const loops: string[] = [];
    for (const creator of creators) for (let i = 0; i < 3; i += 1) loops.push(await listing(creator, 200 + i * 150));
    const sales = mixedSales(t.db.prisma, loops);
    const withdrawals: string[] = [];

    for (let step = 0; step < 60; step += 1) {
      const kind = pick(["buy", "wallet", "refund", "member", "active", "upload", "fail", "withdraw", "settle"] as const);
      const sale = pickSale(pick, buyers, loops);
      if (kind === "buy") await sales.buyWithLoop(sale);
      else if (kind === "wallet")
        await sales.wallet(sale, () => ({
          loopUnits: 1530n * 10n ** 8n + BigInt(Math.floor(random() * 1000)),
          createdAt: daysAgo(Math.floor(random() * 40)),
        }));
      else if (kind === "refund") await sales.refundWallet(hash());
      else if (kind === "member") {
        await t.db.prisma.user.create({
          data: { username: `m_${randomUUID().slice(0, 8)}`, createdAt: daysAgo(Math.floor(random() * 10)) },
        });
      } else if (kind === "active") {
        await noteActiveMember(t.db.prisma, pick([...creators, ...buyers]).id, testLogger, daysAgo(Math.floor(random() * 5)));
      } else if (kind === "upload") {
        // Uploaded on an earlier day (as the row would have been written then).
        const genre = await t.db.prisma.genre.findFirstOrThrow();
        const id = randomUUID();
        await t.db.prisma.loop.create({
          data: {
            id,
            userId: pick(creators).id,
            genreId: genre.id,
            title: "Seeded",
            originalKey: `loops/${id}/original`,
            originalFormat: "wav",
            createdAt: daysAgo(Math.floor(random() * 20)),
          },
        });
      } else if (kind === "fail") {
        const id = await createListedLoop(t.db.prisma, pick(creators).id, "Failing");
        await t.db.prisma.loop.update({ where: { id }, data: { status: "processing" } });
        await t.db.prisma.loop.updateMany({ where: { id, status: "processing" }, data: { status: "failed", failureReason: "x" } });
      } else if (kind === "withdraw") {
        const member = pick(buyers);
        const w = await requestWithdrawal(member, String(10 + Math.floor(random() * 20)));
        withdrawals.push(w.id);
        const outcome = pick(["pay", "cancel", "open"] as const);
        if (outcome === "pay") {
          await setStatus(w.id, { status: "processing" }).expect(200);
          await setStatus(w.id, { status: "completed", transactionId: hash() }).expect(200);
        } else if (outcome === "cancel") {
          await member.browser.post(`/api/tokens/withdrawals/${w.id}/cancel`).expect(200);
        }
      } else if (kind === "settle") {
        const [genesis, txHash, units] = [hash(), hash(), BigInt(1 + Math.floor(random() * 10_000)) * 10n ** 6n];
        const clearing = await platformAccountId(t.db.prisma, "clearing");
        await postEntry(t.db.prisma, {
          idempotencyKey: `deposit:31337:${genesis}:${txHash}:0`,
          kind: "deposit",
          postings: [
            { accountId: clearing, amount: -units },
            { userId: pick(buyers).id, amount: units },
          ],
        });
        await t.db.prisma.settledEvent.create({
          data: {
            chainId: 31337,
            genesisHash: genesis,
            txHash,
            logIndex: 0,
            kind: "deposited",
            blockNumber: 1n,
            blockHash: hash(),
            outcome: "applied",
          },
        });
      }
    }
    // Requests of this test's members are recorded without waiting: let them land (the recount is one snapshot anyway).
    for (const member of [...creators, ...buyers]) await member.browser.get("/api/auth/user").expect(200);
    for (const member of [...creators, ...buyers]) await activeRecorded(member.id);

    const counters: readonly string[] = ADMIN_DAILY_COUNTERS;
    const zeros = (except: Record<string, string>) => counters.map((c) => `${except[c] ?? "0"}::bigint AS "${c}"`).join(", ");
    const sums = counters.map((c) => `sum("${c}")::text AS "${c}"`).join(", ");
    const method = (m: string) => ({
      [`sales_${m}`]: `(p."method" = '${m}')::int`,
      [`volume_cents_${m}`]: `CASE WHEN p."method" = '${m}' THEN p."price_cents" + p."fee_cents" ELSE 0 END`,
      [`fees_cents_${m}`]: `CASE WHEN p."method" = '${m}' THEN p."fee_cents" ELSE 0 END`,
      [`volume_units_${m}`]: `CASE WHEN p."method" = '${m}' THEN COALESCE(p."loop_units", (p."price_cents" + p."fee_cents")::bigint * 500000000) ELSE 0 END`,
      [`fees_units_${m}`]: `CASE WHEN p."method" = '${m}' THEN p."fee_cents"::bigint * 500000000 ELSE 0 END`,
    });
    // One statement, so one snapshot: the recount (every raw row as one event per UTC day) and the rollups.
    const [result] = await t.db.prisma.$queryRawUnsafe<{ recount: unknown; rollup: unknown; flows: unknown; flows_recount: unknown }[]>(`
      WITH events AS (
        SELECT (p."created_at" AT TIME ZONE 'UTC')::date AS "day", ${zeros({ ...method("loop"), ...method("wallet"), ...method("paypal"), ...method("card") })}
        FROM "app"."purchases" p WHERE p."method" <> 'free' AND p."refunded_at" IS NULL
        UNION ALL SELECT (u."created_at" AT TIME ZONE 'UTC')::date, ${zeros({ new_members: "1" })} FROM "app"."users" u
        UNION ALL SELECT a."day", ${zeros({ active_members: "1" })} FROM "app"."member_active_days" a
        UNION ALL SELECT (l."created_at" AT TIME ZONE 'UTC')::date, ${zeros({ uploads: "1" })} FROM "app"."loops" l
        UNION ALL SELECT (l."updated_at" AT TIME ZONE 'UTC')::date, ${zeros({ processing_failures: "1" })} FROM "app"."loops" l WHERE l."status" = 'failed'
        UNION ALL SELECT (w."created_at" AT TIME ZONE 'UTC')::date, ${zeros({ withdrawals_requested: "1", withdrawals_requested_units: 'w."amount"' })}
          FROM "app"."withdrawals" w
        UNION ALL SELECT (w."processed_at" AT TIME ZONE 'UTC')::date, ${zeros({ withdrawals_paid: "1", withdrawals_paid_units: 'w."amount"' })}
          FROM "app"."withdrawals" w WHERE w."status" = 'completed'
      ), recount AS (
        SELECT "day"::text, ${sums} FROM events GROUP BY "day"
      ), rollup AS (
        SELECT "day"::text, ${sums} FROM "app"."admin_daily_stats" GROUP BY "day"
      ), flows_recount AS (
        SELECT "chain_id", "day"::text, sum("deposits")::text AS "deposits", sum("payouts")::text AS "payouts" FROM (
          SELECT s."chain_id", (s."settled_at" AT TIME ZONE 'UTC')::date AS "day",
                 (SELECT sum(po."amount") FROM "app"."ledger_postings" po WHERE po."entry_id" = e."id" AND po."amount" > 0) AS "deposits", 0 AS "payouts"
          FROM "app"."settled_events" s
          JOIN "app"."ledger_entries" e ON e."idempotency_key" = 'deposit:' || s."chain_id" || ':' || s."genesis_hash" || ':' || s."tx_hash" || ':' || s."log_index"
          WHERE s."kind" = 'deposited' AND s."outcome" = 'applied'
          UNION ALL
          SELECT w."payout_chain_id", (w."processed_at" AT TIME ZONE 'UTC')::date, 0, w."amount"
          FROM "app"."withdrawals" w WHERE w."status" = 'completed' AND w."method" = 'loop' AND w."payout_chain_id" IS NOT NULL
        ) f GROUP BY "chain_id", "day"
      ), flows AS (
        SELECT "chain_id", "day"::text, sum("deposits_in_units")::text AS "deposits", sum("payouts_out_units")::text AS "payouts"
        FROM "app"."chain_daily_flows" GROUP BY "chain_id", "day"
      )
      SELECT (SELECT jsonb_agg(r ORDER BY r."day") FROM recount r) AS "recount",
             (SELECT jsonb_agg(r ORDER BY r."day") FROM rollup r) AS "rollup",
             (SELECT jsonb_agg(f ORDER BY f."chain_id", f."day") FROM flows_recount f) AS "flows_recount",
             (SELECT jsonb_agg(f ORDER BY f."chain_id", f."day") FROM flows f) AS "flows"`);
    // A refund can leave a day's rollup at zeros; a recount has no such day.
    const nonZero = (rows: unknown) =>
      (rows as Record<string, string | number>[]).filter((row) =>
        Object.entries(row).some(([name, value]) => name !== "day" && name !== "chain_id" && value !== "0"),
      );
    expect(nonZero(result!.rollup)).toEqual(nonZero(result!.recount));
    expect(nonZero(result!.flows)).toEqual(nonZero(result!.flows_recount));
    expect((result!.recount as unknown[]).length).toBeGreaterThan(10);
    expect(withdrawals.length).toBeGreaterThan(0);

    // And the answer is those rollups: "all" sums every day of them.
    const all = await figures("all");
    const [sum] = await t.db.prisma.$queryRaw<{ sales: bigint; volume: bigint; uploads: bigint }[]>`
      SELECT sum("sales_wallet")::bigint AS "sales", sum("volume_units_wallet")::bigint AS "volume", sum("uploads")::bigint AS "uploads"
      FROM "app"."admin_daily_stats"`;
    expect(all.totals.byMethod.wallet.sales).toBe(Number(sum!.sales));
    expect(all.totals.byMethod.wallet.volumeLoop).toBe(formatLoop(sum!.volume));
    expect(all.totals.uploads).toBe(Number(sum!.uploads));
  });
});
