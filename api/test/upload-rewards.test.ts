// The upload reward (issue 22): 500 promotional LOOP for a member's upload that passed processing
// and stayed listed through the moderation window, decided once by a background sweep — once per
// loop (swept twice, concurrently, or after a lost decision), never for a loop that failed
// processing, was hidden by a moderator or whose creator was banned within the window, nor for a
// free loop, a duplicate of an earlier loop's file, or past 5 rewarded loops a day. The reward is
// promotional LOOP: the balance shows it as such and it cannot be sent or withdrawn. ledger:check
// passes after every test and is shown to catch a wrong or over-cap reward.
import { createHash, randomUUID } from "node:crypto";
import { promotionalRefusalMessage, transferListSchema } from "@loop/rules/schemas/tokens";
import { UPLOAD_REWARD_UNITS, UPLOAD_REWARDS_PER_DAY, UPLOAD_REWARD_WINDOW_HOURS, uploadRewardMessage } from "@loop/rules/upload-reward";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { checkLedger } from "../src/features/ledger/ledger-check";
import { promoAccountId, userAccountId } from "../src/features/ledger/ledger.service";
import { startUploadRewardSweeper } from "../src/features/upload-rewards/upload-reward-sweeper";
import { sweepUploadRewards, uploadRewardKey } from "../src/features/upload-rewards/upload-rewards.service";
import { tokenBalance } from "./support/api-calls";
import { clickTrack, wavFile } from "./support/audio";
import { LOOP, checkLedgerAfterEach, expectLedgerCheckCliOk, postFromIssuance, violationsOf } from "./support/ledger";
import { createTestDatabase } from "./support/database";
import { createGenre } from "./support/listed-loop";
import { signInMember } from "./support/members";
import { newAccount } from "./support/siwe";
import type { TestApp } from "./support/test-app";
import { processedUpload, recordedUpload, rewardQueries, startUploadRewardApp } from "./support/upload-rewards";
import { EVENT_DEADLINE_MS } from "./support/wait";

const HOUR = 3_600_000;
const ETH = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
/** The UTC day `n` days ago, YYYY-MM-DD. */
const daysAgo = (n: number) => new Date(Date.now() - n * 24 * HOUR).toISOString().slice(0, 10);

describe("upload reward", () => {
  let t: TestApp;
  let genreId: number;
  let admin: Member;
  let stop: () => Promise<void>;
  let tone = 0;
  type Member = Awaited<ReturnType<typeof signInMember>>;
  /** A member with a confirmed e-mail: one the reward can reach (issue 35; the other conditions: upload-reward-farming.test.ts). */
  const reachable = () => signInMember(t, `member-${randomUUID().slice(0, 8)}@example.com`);

  /** A short WAV no other test upload has (each call a different tempo). */
  const uniqueWav = () => wavFile([clickTrack(60 + ++tone, 1)]);
  const upload = async (member: Member, title: string, fields: Record<string, string> = { price: "1.99" }, bytes = uniqueWav()) => {
    const request = member.browser.post("/api/loops/upload").field("title", title).field("genreId", String(genreId));
    for (const [name, value] of Object.entries(fields)) void request.field(name, value);
    const response = await request.attach("audio", bytes, { filename: `${title}.wav`, contentType: "audio/wav" });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as string;
  };
  const processed = (member: Member, id: string) => processedUpload(member.browser, id);
  const uploadReady = async (member: Member, title: string, fields?: Record<string, string>, bytes?: Buffer) => {
    const id = await upload(member, title, fields, bytes);
    expect((await processed(member, id)).status).toBe("ready");
    return id;
  };
  const reward = (loopId: string) => t.db.prisma.uploadReward.findUniqueOrThrow({ where: { loopId } });
  const { listedHoursAgo, rewardEntries } = rewardQueries(() => t.db.prisma);
  /** The sweep as the API runs it: the configured window, now. */
  const sweep = (options: { batchSize?: number } = {}) =>
    sweepUploadRewards(t.db.prisma, { windowMs: t.config.uploadRewards.windowMs, ...options });
  const balance = (member: Member) => tokenBalance(member.browser);

  beforeAll(async () => {
    ({ t, genreId, admin, stop } = await startUploadRewardApp());
  });
  checkLedgerAfterEach(() => t.db.prisma);
  afterAll(() => stop());

  it("the window is 24 hours by default (UPLOAD_REWARD_WINDOW_MS), the sweep every minute (UPLOAD_REWARD_SWEEP_MS)", () => {
    expect(UPLOAD_REWARD_WINDOW_HOURS).toBe(24);
    expect(t.config.uploadRewards).toEqual({ windowMs: 24 * HOUR, sweepMs: 60_000 });
    expect(loadConfig({ NODE_ENV: "test", UPLOAD_REWARD_WINDOW_MS: "5000", UPLOAD_REWARD_SWEEP_MS: "250" }).uploadRewards).toEqual({
      windowMs: 5000,
      sweepMs: 250,
    });
  });

  it("a paid loop listed for 24 hours earns 500 promotional LOOP once: swept twice, concurrently, and after a lost decision", async () => {
    const member = await reachable();
    const id = await uploadReady(member, "Night Drive");
    // Listed now: the window has just begun, the sweep decides nothing.
    const waiting = await reward(id);
    expect(waiting).toMatchObject({ userId: member.id, status: "waiting", entryId: null, decidedAt: null });
    expect(waiting.listedSince).not.toBeNull();
    expect((await sweep()).decided).toEqual({});
    await listedHoursAgo([id], 23);
    expect((await sweep()).decided).toEqual({});
    expect((await reward(id)).status).toBe("waiting");

    // Past the window: two processes sweeping at once pay it once.
    await listedHoursAgo([id], 25);
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect([a.decided.rewarded ?? 0, b.decided.rewarded ?? 0].sort()).toEqual([0, 1]);
    expect((await sweep()).decided).toEqual({});
    const decided = await reward(id);
    expect(decided).toMatchObject({ status: "rewarded" });
    expect(decided.liveDay).not.toBeNull();

    // One entry, issuance → the member's promotional account, keyed by the loop.
    const entries = await rewardEntries(member.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id: decided.entryId,
      idempotencyKey: uploadRewardKey(id),
      description: "Upload reward: Night Drive",
    });
    expect(entries[0]!.postings.map((p) => [p.account.kind, p.account.userId, p.amount]).sort()).toEqual([
      ["issuance", null, -UPLOAD_REWARD_UNITS],
      ["user_promo", member.id, UPLOAD_REWARD_UNITS],
    ]);
    expect(UPLOAD_REWARD_UNITS).toBe(500n * LOOP);

    // Promotional LOOP: the welcome bonus and the reward, none of it withdrawable.
    expect(await balance(member)).toEqual({
      balance: "1000.00000000",
      available: "1000.00000000",
      held: "0.00000000",
      withdrawable: "0.00000000",
      promotional: "1000.00000000",
    });
    const other = await reachable();
    expect((await member.browser.post("/api/tokens/transfer").send({ toUserId: other.id, amount: "500" })).body).toMatchObject({
      message: promotionalRefusalMessage("send", "0"),
    });
    expect(
      (await member.browser.post("/api/tokens/withdraw").send({ amount: "500", method: "crypto_eth", destination: ETH })).body,
    ).toMatchObject({ message: promotionalRefusalMessage("withdraw", "0") });

    // Told: a notification, and the Transfer History's line.
    const notifications = (await member.browser.get("/api/notifications").expect(200)).body as {
      title: string;
      message: string;
      type: string;
      actionUrl: string | null;
    }[];
    expect(notifications.filter((n) => n.title === "Upload Reward")).toEqual([
      expect.objectContaining({ type: "success", message: uploadRewardMessage("Night Drive"), actionUrl: "/tokens" }),
    ]);
    expect(uploadRewardMessage("Night Drive")).toBe("Upload reward: you earned 500 LOOP for Night Drive");
    const history = transferListSchema.parse((await member.browser.get("/api/tokens/transfers").expect(200)).body);
    expect(history[0]).toMatchObject({
      transferType: "upload_reward",
      direction: "in",
      fromUserId: null,
      toUserId: "current_user",
      amount: "500.00000000",
      description: "Upload reward: Night Drive",
    });

    // A decision lost after the payment (the row back to waiting): deciding it again pays nothing
    // more and tells nothing more — the ledger's idempotency key alone holds.
    await t.db.prisma
      .$executeRaw`UPDATE "app"."upload_rewards" SET "status" = 'waiting', "entry_id" = NULL, "decided_at" = NULL WHERE "loop_id" = ${id}::uuid`;
    expect((await sweep()).decided).toEqual({ rewarded: 1 });
    expect(await reward(id)).toMatchObject({ status: "rewarded", entryId: decided.entryId });
    expect(await rewardEntries(member.id)).toHaveLength(1);
    expect(await t.db.prisma.notification.count({ where: { userId: member.id, title: "Upload Reward" } })).toBe(1);
    expect((await balance(member)).promotional).toBe("1000.00000000");

    // The landing's "tokens earned" counts it, as it counts the welcome bonus and level rewards:
    // three members' bonuses (the admin, this member, the other) and the reward.
    const stats = (await other.browser.get("/api/stats/public").expect(200)).body as { tokensEarned: string };
    expect(stats.tokensEarned).toBe("2000.00000000");
    // The admin's Level Rewards tab shows it beside the level rewards.
    expect((await admin.browser.get("/api/admin/level-rewards").expect(200)).body).toMatchObject({
      uploadRewardsPaid: { count: 1, total: "500.00000000" },
    });
  });

  it("a loop hidden by a moderator within the window never earns it, even restored; nor does the loop of a member banned meanwhile, even unbanned", async () => {
    const [creator, banned] = [await reachable(), await reachable()];
    const hidden = await uploadReady(creator, "Copied Sample");
    const kept = await uploadReady(creator, "Original Work");
    const ofBanned = await uploadReady(banned, "Spam");
    await listedHoursAgo([hidden], 12);
    await listedHoursAgo([ofBanned], 12);

    await admin.browser.put(`/api/admin/loops/${hidden}/moderation`).send({ hidden: true, reason: "Copyrighted sample" }).expect(200);
    await admin.browser.put(`/api/admin/loops/${hidden}/moderation`).send({ hidden: false }).expect(200);
    await admin.browser.put(`/api/admin/users/${banned.id}/ban`).send({ isBanned: true, banReason: "Spam uploads" }).expect(200);
    await admin.browser.put(`/api/admin/users/${banned.id}/ban`).send({ isBanned: false, banReason: "ignored" }).expect(200);
    expect(await reward(hidden)).toMatchObject({ status: "removed", entryId: null });
    expect(await reward(ofBanned)).toMatchObject({ status: "banned", entryId: null });

    for (const id of [hidden, kept, ofBanned]) await listedHoursAgo([id], 25);
    expect((await sweep()).decided).toEqual({ rewarded: 1 });
    expect((await reward(kept)).status).toBe("rewarded");
    expect(await rewardEntries(banned.id)).toEqual([]);
    expect((await rewardEntries(creator.id)).map((entry) => entry.idempotencyKey)).toEqual([uploadRewardKey(kept)]);
    expect((await balance(banned)).promotional).toBe("500.00000000");
  });

  it("a banned creator whose ban came without the trigger (bypassed) is still refused at the sweep", async () => {
    const member = await reachable();
    const id = await uploadReady(member, "Late Ban");
    await t.db.prisma.$executeRaw`ALTER TABLE "app"."users" DISABLE TRIGGER "users_upload_reward_ban"`;
    try {
      await t.db.prisma.user.update({ where: { id: member.id }, data: { isBanned: true, banReason: "Fraud" } });
    } finally {
      await t.db.prisma.$executeRaw`ALTER TABLE "app"."users" ENABLE TRIGGER "users_upload_reward_ban"`;
    }
    await listedHoursAgo([id], 25);
    expect((await sweep()).decided).toEqual({ banned: 1 });
    expect(await rewardEntries(member.id)).toEqual([]);
  });

  it("a loop whose processing failed earns nothing", async () => {
    const member = await reachable();
    const full = wavFile([clickTrack(97, 4)]);
    const id = await upload(member, "Broken", { price: "2" }, full.subarray(0, full.length / 2));
    expect((await processed(member, id)).status).toBe("failed");
    expect(await reward(id)).toMatchObject({ status: "failed", listedSince: null, entryId: null });
    expect((await sweep()).decided).toEqual({});
    expect(await rewardEntries(member.id)).toEqual([]);
  });

  it("the window runs while the loop is listed: made private it stops, listed again it starts over", async () => {
    const member = await reachable();
    const id = await uploadReady(member, "Shy Loop");
    await listedHoursAgo([id], 20);
    await member.browser.patch(`/api/loops/${id}`).send({ isPublic: false }).expect(200);
    expect(await reward(id)).toMatchObject({ status: "waiting", listedSince: null });
    expect((await sweep()).decided).toEqual({});
    const relisted = Date.now();
    await member.browser.patch(`/api/loops/${id}`).send({ isPublic: true }).expect(200);
    const listedAgain = (await reward(id)).listedSince!;
    expect(listedAgain.getTime()).toBeGreaterThanOrEqual(relisted);
    expect((await sweep()).decided).toEqual({});
    await listedHoursAgo([id], 25);
    expect((await sweep()).decided).toEqual({ rewarded: 1 });
  });

  it("a free loop earns nothing (decided once, at the end of its window)", async () => {
    const member = await reachable();
    const id = await uploadReady(member, "Free Sample", { isFree: "true" });
    await listedHoursAgo([id], 25);
    expect((await sweep()).decided).toEqual({ free: 1 });
    expect(await reward(id)).toMatchObject({ status: "free", entryId: null });
    // Decided: made paid afterwards, it is not considered again.
    await member.browser.patch(`/api/loops/${id}`).send({ isFree: false, price: 3 }).expect(200);
    expect((await sweep()).decided).toEqual({});
    expect(await rewardEntries(member.id)).toEqual([]);
  });

  it("the same file uploaded again — by anyone — earns nothing: the original's SHA-256 is recorded at upload", async () => {
    const [first, copier] = [await reachable(), await reachable()];
    const bytes = uniqueWav();
    const original = await uploadReady(first, "Original");
    const copy = await uploadReady(copier, "Copy", { price: "1" }, bytes);
    const ownCopy = await uploadReady(copier, "Own Copy", { price: "1" }, bytes);
    const sha = createHash("sha256").update(bytes).digest();
    const stored = await t.db.prisma.loop.findMany({ where: { id: { in: [copy, ownCopy] } }, select: { originalSha256: true } });
    expect(stored.map((loop) => Buffer.from(loop.originalSha256!).equals(sha))).toEqual([true, true]);

    for (const id of [original, copy, ownCopy]) await listedHoursAgo([id], 25);
    expect((await sweep()).decided).toEqual({ rewarded: 2, duplicate: 1 });
    expect(await reward(copy)).toMatchObject({ status: "rewarded" });
    expect(await reward(ownCopy)).toMatchObject({ status: "duplicate", entryId: null });
    expect(await reward(original)).toMatchObject({ status: "rewarded" });

    // A re-upload of a file whose first upload failed processing is not a duplicate (failed loops were never content).
    const member = await reachable();
    const full = wavFile([clickTrack(133, 4)]);
    const broken = full.subarray(0, full.length / 2);
    const failed = await upload(member, "Try 1", { price: "1" }, broken);
    expect((await processed(member, failed)).status).toBe("failed");
    const again = await upload(member, "Try 2", { price: "1" }, broken);
    expect((await processed(member, again)).status).toBe("failed");
    expect(await reward(again)).toMatchObject({ status: "failed" });
  });

  it("at most 5 rewarded loops per member per UTC day of going live, under concurrent sweeps; the others are decided once", async () => {
    const member = await reachable();
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await recordedUpload(t.db.prisma, member.id, genreId, `Daily ${i}`));
    // Seven went live on one UTC day (5 minutes apart), the eighth the next day.
    const [day, nextDay] = [daysAgo(3), daysAgo(2)];
    for (const [i, id] of ids.entries()) {
      const at = i < 7 ? `${day}T08:${String(i * 5).padStart(2, "0")}:00Z` : `${nextDay}T00:30:00Z`;
      await t.db.prisma.$executeRaw`UPDATE "app"."upload_rewards" SET "listed_since" = ${new Date(at)} WHERE "loop_id" = ${id}::uuid`;
    }
    const passes = await Promise.all([sweep({ batchSize: 2 }), sweep({ batchSize: 2 }), sweep({ batchSize: 3 })]);
    const total = (status: "rewarded" | "daily_cap") => passes.reduce((sum, pass) => sum + (pass.decided[status] ?? 0), 0);
    expect({ rewarded: total("rewarded"), capped: total("daily_cap") }).toEqual({ rewarded: UPLOAD_REWARDS_PER_DAY + 1, capped: 2 });
    const rows = await t.db.prisma.uploadReward.findMany({ where: { userId: member.id } });
    const perDay = new Map<string, string[]>();
    for (const row of rows)
      perDay.set(`${row.liveDay!.toISOString().slice(0, 10)} ${row.status}`, [
        ...(perDay.get(`${row.liveDay!.toISOString().slice(0, 10)} ${row.status}`) ?? []),
        row.loopId,
      ]);
    expect(Object.fromEntries([...perDay].map(([key, loops]) => [key, loops.length]))).toEqual({
      [`${day} rewarded`]: 5,
      [`${day} daily_cap`]: 2,
      [`${nextDay} rewarded`]: 1,
    });
    expect(await rewardEntries(member.id)).toHaveLength(6);
    expect((await sweep()).decided).toEqual({});
    expect((await balance(member)).promotional).toBe(`${500 + 6 * 500}.00000000`);

    // One sweeper alone pays the first five to go live that day.
    const next = await reachable();
    const more: string[] = [];
    for (let i = 0; i < 6; i++) more.push(await recordedUpload(t.db.prisma, next.id, genreId, `Solo ${i}`));
    for (const [i, id] of more.entries()) {
      await t.db.prisma
        .$executeRaw`UPDATE "app"."upload_rewards" SET "listed_since" = ${new Date(`${daysAgo(5)}T1${i}:00:00Z`)} WHERE "loop_id" = ${id}::uuid`;
    }
    await sweep();
    expect((await Promise.all(more.map(reward))).map((row) => row.status)).toEqual([
      "rewarded",
      "rewarded",
      "rewarded",
      "rewarded",
      "rewarded",
      "daily_cap",
    ]);
  });

  it("the API's sweeper runs a pass at start and then every UPLOAD_REWARD_SWEEP_MS, until stopped", async () => {
    const member = await reachable();
    const first = await recordedUpload(t.db.prisma, member.id, genreId, "At Start");
    const sweeper = startUploadRewardSweeper({
      prisma: t.db.prisma,
      config: { ...t.config, uploadRewards: { windowMs: 0, sweepMs: 100 } },
    });
    try {
      await expect.poll(async () => (await reward(first)).status, { timeout: EVENT_DEADLINE_MS }).toBe("rewarded");
      const later = await recordedUpload(t.db.prisma, member.id, genreId, "Later");
      await expect.poll(async () => (await reward(later)).status, { timeout: EVENT_DEADLINE_MS }).toBe("rewarded");
    } finally {
      await sweeper.stop();
    }
    const after = await recordedUpload(t.db.prisma, member.id, genreId, "After Stop");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await reward(after)).status).toBe("waiting");
  });

  it("pnpm ledger:check passes on the rewards paid", async () => {
    await expectLedgerCheckCliOk(t.db.url);
  });
});

describe("ledger:check and upload rewards", () => {
  it("reports an upload reward credited as withdrawable LOOP or not recorded as its loop's, and rewards over the daily cap", async () => {
    const db = await createTestDatabase();
    try {
      const user = (
        await db.prisma.user.create({
          data: { username: `u_${newAccount().address.slice(2, 10).toLowerCase()}`, email: `${randomUUID()}@example.com` },
        })
      ).id;
      const genre = await createGenre(db.prisma, "Check Genre");
      const violation = (subject: string) => violationsOf(db.prisma, subject);
      expect(await checkLedger(db.prisma)).toEqual([]);

      // Six loops of one day: the sweep pays five; a sixth paid by hand passes the cap.
      const loops: string[] = [];
      for (let i = 0; i < 6; i++) loops.push(await recordedUpload(db.prisma, user, genre));
      const day = daysAgo(2);
      await db.prisma.$executeRaw`UPDATE "app"."upload_rewards" SET "listed_since" = ${new Date(`${day}T12:00:00Z`)}`;
      expect((await sweepUploadRewards(db.prisma, { windowMs: 24 * HOUR })).decided).toEqual({ rewarded: 5, daily_cap: 1 });
      expect(await checkLedger(db.prisma)).toEqual([]);
      const capped = (await db.prisma.uploadReward.findFirstOrThrow({ where: { status: "daily_cap" } })).loopId;
      expect(loops).toContain(capped);
      const extra = await postFromIssuance(db.prisma, {
        idempotencyKey: uploadRewardKey(capped),
        kind: "upload_reward",
        to: { accountId: await promoAccountId(db.prisma, user) },
        amount: UPLOAD_REWARD_UNITS,
      });
      await db.prisma
        .$executeRaw`UPDATE "app"."upload_rewards" SET "status" = 'rewarded', "entry_id" = ${extra.id}::uuid WHERE "loop_id" = ${capped}::uuid`;
      expect(await violation(`${user} ${day}`)).toEqual(["more upload rewards than the daily cap for a member's day"]);
      await db.prisma
        .$executeRaw`UPDATE "app"."upload_rewards" SET "status" = 'daily_cap', "entry_id" = NULL WHERE "loop_id" = ${capped}::uuid`;
      // …and its entry is now recorded as no loop's reward.
      expect(await violation(extra.id)).toEqual([expect.stringMatching(/^upload reward not 500 LOOP from issuance/)]);

      // An upload reward credited as withdrawable LOOP (bypassing the sweep).
      const withdrawable = await postFromIssuance(db.prisma, {
        idempotencyKey: "bad:upload-reward",
        kind: "upload_reward",
        to: { accountId: await userAccountId(db.prisma, user) },
        amount: UPLOAD_REWARD_UNITS,
      });
      expect((await violation(withdrawable.id)).sort()).toEqual([
        expect.stringMatching(/^upload reward not 500 LOOP from issuance/),
        "welcome bonus or level reward credited as withdrawable LOOP",
      ]);
    } finally {
      await db.drop();
    }
  });
});
