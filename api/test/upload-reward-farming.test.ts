// Issue 35 (part 4): upload rewards a script cannot farm. An upload earns the reward only for sound the
// platform has not heard (a fingerprint of the decoded audio, compared while the upload is processed:
// one changed byte, a re-encode or a little more gain changes nothing), only at the minimum price
// (platform setting), and only for a creator who can be reached (a confirmed e-mail, or a linked
// wallet that has received LOOP on chain). A reward whose loop leaves sale within 30 days — hidden,
// made private, free or cheaper than the minimum, deleted — goes back, once, from what is still
// promotional in the creator's balance (never below zero), and the creator is told.
import { randomUUID } from "node:crypto";
import { transferListSchema } from "@loop/rules/schemas/tokens";
import { formatLoopBrief } from "@loop/rules/units";
import {
  UPLOAD_REWARD_RETURNED_TITLE,
  UPLOAD_REWARD_UNITS,
  uploadRewardReturnDescription,
  uploadRewardReturnedMessage,
  type UploadRewardReturnReason,
} from "@loop/rules/upload-reward";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../src/features/ledger/ledger-check";
import { platformAccountId, postEntry, promoAccountId } from "../src/features/ledger/ledger.service";
import { sweepUploadRewards } from "../src/features/upload-rewards/upload-rewards.service";
import { tokenBalance } from "./support/api-calls";
import { melody, mp3File, wavFile } from "./support/audio";
import { createGenre, createListedLoop } from "./support/listed-loop";
import { createTestDatabase } from "./support/database";
import { LOOP, checkLedgerAfterEach, violationsOf } from "./support/ledger";
import { fundMember, signInMember, type Member } from "./support/members";
import type { TestApp } from "./support/test-app";
import { processedUpload, recordedUpload, rewardQueries, startUploadRewardApp } from "./support/upload-rewards";

const HOUR = 3_600_000;
/** The stand-in for Ponder's schema in this file's database (the real indexer writes the same table and columns). */
const INDEXER_SCHEMA = "farming_indexer";

describe("upload rewards a script cannot farm", () => {
  let t: TestApp;
  let genreId: number;
  let admin: Member;
  let stop: () => Promise<void>;

  /** A creator who can be reached: a confirmed e-mail (wallet sign-in makes accounts without one). */
  const creator = () => signInMember(t, `creator-${randomUUID().slice(0, 8)}@example.com`);
  const upload = async (member: Member, title: string, bytes: Buffer, { price = "1.99", type = "wav" } = {}) => {
    const response = await member.browser
      .post("/api/loops/upload")
      .field("title", title)
      .field("genreId", String(genreId))
      .field("price", price)
      .attach("audio", bytes, { filename: `${title}.${type}`, contentType: type === "mp3" ? "audio/mpeg" : "audio/wav" });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const id = response.body.id as string;
    expect((await processedUpload(member.browser, id)).status).toBe("ready");
    return id;
  };
  const recorded = (member: Member, title: string, price = "1") => recordedUpload(t.db.prisma, member.id, genreId, title, price);
  const reward = (loopId: string) => t.db.prisma.uploadReward.findUniqueOrThrow({ where: { loopId } });
  const { listedHoursAgo, rewardEntries } = rewardQueries(() => t.db.prisma);
  /** The sweep as the API runs it (the indexer's table in INDEXER_SCHEMA, the local chain). */
  const sweep = () =>
    sweepUploadRewards(t.db.prisma, { windowMs: t.config.uploadRewards.windowMs, indexer: { schema: INDEXER_SCHEMA, chainIds: [31337] } });
  const balance = (member: Member) => tokenBalance(member.browser);
  const notices = async (member: Member, title: string) =>
    (
      (await member.browser.get("/api/notifications").expect(200)).body as {
        title: string;
        message: string;
        type: string;
        actionUrl: string;
      }[]
    ).filter((n) => n.title === title);
  /** A rewarded loop of `member`: listed 25 hours, swept. */
  const rewardedLoop = async (member: Member, title: string) => {
    const id = await recorded(member, title);
    await listedHoursAgo([id], 25);
    expect((await sweep()).decided).toEqual({ rewarded: 1 });
    return id;
  };

  beforeAll(async () => {
    ({ t, genreId, admin, stop } = await startUploadRewardApp());
  });
  checkLedgerAfterEach(() => t.db.prisma);
  afterAll(() => stop());

  it("the same sound earns one reward at most — one byte changed, re-encoded as MP3, a little louder — and a different sound still earns one", async () => {
    const [first, copier] = [await creator(), await creator()];
    const sound = melody(35, 8);
    const wav = wavFile([sound]);
    const original = await upload(first, "Original", wav);

    // Byte for byte different files: one changed byte in the samples, the same samples as MP3, 1 dB louder.
    const oneByte = Buffer.from(wav);
    oneByte[20_001] = oneByte[20_001]! ^ 0x01;
    const louder = wavFile([sound.map((sample) => sample * 1.12)]);
    const copies = {
      oneByte: await upload(copier, "One Byte", oneByte),
      mp3: await upload(copier, "As MP3", await mp3File([sound]), { type: "mp3" }),
      louder: await upload(first, "Louder", louder),
    };
    const different = await upload(copier, "Different", wavFile([melody(36, 8)]));
    const hashes = await t.db.prisma.loop.findMany({
      where: { id: { in: [original, ...Object.values(copies)] } },
      select: { originalSha256: true },
    });
    expect(new Set(hashes.map((loop) => Buffer.from(loop.originalSha256!).toString("hex"))).size).toBe(4);

    // Decided while processed: each copy is the original's sound.
    for (const id of Object.values(copies)) {
      expect(await reward(id)).toMatchObject({ status: "duplicate", entryId: null });
      const print = await t.db.prisma.loopFingerprint.findUniqueOrThrow({ where: { loopId: id } });
      // The original, or a copy of it processed before (the closest match is recorded).
      expect([original, ...Object.values(copies)].filter((other) => other !== id)).toContain(print.matchedLoopId);
      expect(print.matchBer).toBeLessThan(0.3);
    }
    expect((await t.db.prisma.loopFingerprint.findUniqueOrThrow({ where: { loopId: copies.oneByte } })).matchedLoopId).toBe(original);
    for (const id of [original, different]) {
      expect(await reward(id)).toMatchObject({ status: "waiting" });
      expect((await t.db.prisma.loopFingerprint.findUniqueOrThrow({ where: { loopId: id } })).matchedLoopId).toBeNull();
    }

    await listedHoursAgo([original, different, ...Object.values(copies)], 25);
    expect((await sweep()).decided).toEqual({ rewarded: 2 });
    expect((await rewardEntries(first.id)).map((entry) => entry.idempotencyKey)).toEqual([`upload-reward:${original}`]);
    expect((await rewardEntries(copier.id)).map((entry) => entry.idempotencyKey)).toEqual([`upload-reward:${different}`]);
    expect((await balance(copier)).promotional).toBe("1000.00000000");
  });

  it("an upload priced below the minimum price (platform setting, $1 by default) earns none", async () => {
    const member = await creator();
    const cheap = await recorded(member, "Cheap", "0.99");
    const atMinimum = await recorded(member, "At Minimum", "1");
    await listedHoursAgo([cheap, atMinimum], 25);
    expect((await sweep()).decided).toEqual({ rewarded: 1, below_min_price: 1 });
    expect(await reward(cheap)).toMatchObject({ status: "below_min_price", entryId: null });

    // Raised to $2.50 by an admin: a $2 loop earns none either.
    await t.db.prisma.platformSettings.update({ where: { id: true }, data: { uploadRewardMinPriceCents: 250 } });
    try {
      const two = await recorded(member, "Two Dollars", "2");
      await listedHoursAgo([two], 25);
      expect((await sweep()).decided).toEqual({ below_min_price: 1 });
    } finally {
      await t.db.prisma.platformSettings.update({ where: { id: true }, data: { uploadRewardMinPriceCents: 100 } });
    }
    expect((await rewardEntries(member.id)).map((entry) => entry.idempotencyKey)).toEqual([`upload-reward:${atMinimum}`]);
  });

  it("a creator nobody can reach earns none: wallet-only whose wallet never received LOOP, without a confirmed e-mail", async () => {
    const [reached, unreached, dusted, byMail] = [await signInMember(t), await signInMember(t), await signInMember(t), await creator()];
    const loops = {
      reached: await recorded(reached, "Held LOOP"),
      unreached: await recorded(unreached, "Never Held"),
      dusted: await recorded(dusted, "Zero Transfer"),
      byMail: await recorded(byMail, "By Mail"),
    };
    await listedHoursAgo(Object.values(loops), 25);

    // The indexer's table is not there yet (Ponder starting): wallet-only creators wait, the others are decided.
    expect((await sweep()).decided).toEqual({ rewarded: 1 });
    expect(await reward(loops.byMail)).toMatchObject({ status: "rewarded" });
    for (const id of [loops.reached, loops.unreached, loops.dusted]) expect(await reward(id)).toMatchObject({ status: "waiting" });

    // Ponder's token_transfer rows: LOOP sent to one wallet; a transfer of nothing to another; one sent from the third.
    await t.db.prisma.$executeRawUnsafe(`CREATE SCHEMA "${INDEXER_SCHEMA}"`);
    await t.db.prisma.$executeRawUnsafe(`CREATE TABLE "${INDEXER_SCHEMA}"."token_transfer" (
      "chain_id" integer NOT NULL, "tx_hash" text NOT NULL, "log_index" integer NOT NULL, "block_number" numeric(78) NOT NULL,
      "block_hash" text NOT NULL, "block_timestamp" numeric(78) NOT NULL, "address" text NOT NULL,
      "from" text NOT NULL, "to" text NOT NULL, "value" numeric(78) NOT NULL, PRIMARY KEY ("chain_id", "tx_hash", "log_index"))`);
    const transfer = (from: string, to: string, value: string, logIndex: number) =>
      t.db.prisma.$executeRawUnsafe(
        `INSERT INTO "${INDEXER_SCHEMA}"."token_transfer" VALUES (31337, '0x${"ab".repeat(32)}', $1, 7, '0x${"cd".repeat(32)}', 1700000000, '0x${"11".repeat(20)}', $2, $3, $4::numeric)`,
        logIndex,
        from.toLowerCase(),
        to.toLowerCase(),
        value,
      );
    const someone = `0x${"22".repeat(20)}`;
    await transfer(someone, reached.account.address, "1000000000000000000", 0);
    await transfer(someone, dusted.account.address, "0", 1);
    await transfer(unreached.account.address, someone, "5", 2);

    expect((await sweep()).decided).toEqual({ rewarded: 1, unreachable: 2 });
    expect(await reward(loops.reached)).toMatchObject({ status: "rewarded" });
    expect(await reward(loops.unreached)).toMatchObject({ status: "unreachable", entryId: null });
    expect(await reward(loops.dusted)).toMatchObject({ status: "unreachable", entryId: null });
    expect((await balance(unreached)).promotional).toBe("500.00000000");
    expect((await balance(reached)).promotional).toBe("1000.00000000");
  });

  it("a loop taken down within 30 days of its reward gives it back once — hidden, made private, made free, priced below the minimum, deleted — and the creator is told", async () => {
    const member = await creator();
    const cases: [UploadRewardReturnReason, string, () => Promise<unknown>][] = [];
    const hidden = await rewardedLoop(member, "Hidden Loop");
    cases.push([
      "hidden",
      "Hidden Loop",
      () => admin.browser.put(`/api/admin/loops/${hidden}/moderation`).send({ hidden: true, reason: "Stolen audio" }).expect(200),
    ]);
    const madePrivate = await rewardedLoop(member, "Private Loop");
    cases.push(["private", "Private Loop", () => member.browser.patch(`/api/loops/${madePrivate}`).send({ isPublic: false }).expect(200)]);
    const madeFree = await rewardedLoop(member, "Free Loop");
    cases.push(["free", "Free Loop", () => member.browser.patch(`/api/loops/${madeFree}`).send({ isFree: true }).expect(200)]);
    const cheaper = await rewardedLoop(member, "Cheaper Loop");
    cases.push(["below_min_price", "Cheaper Loop", () => member.browser.patch(`/api/loops/${cheaper}`).send({ price: 0.5 }).expect(200)]);
    const deleted = await rewardedLoop(member, "Deleted Loop");
    // No path of the app deletes a loop today: any that does (here the row itself) gives the reward back.
    cases.push(["deleted", "Deleted Loop", () => t.db.prisma.loop.delete({ where: { id: deleted } })]);
    // 500 welcome + 5 × 500 rewarded.
    expect((await balance(member)).promotional).toBe("3000.00000000");

    const ids = [hidden, madePrivate, madeFree, cheaper, deleted];
    for (const [i, [reason, title, takeDown]] of cases.entries()) {
      await takeDown();
      expect(await reward(ids[i]!)).toMatchObject({ status: "returned", returnReason: reason, returnedUnits: UPLOAD_REWARD_UNITS });
      expect((await balance(member)).promotional).toBe(`${3000 - 500 * (i + 1)}.00000000`);
      expect((await notices(member, UPLOAD_REWARD_RETURNED_TITLE)).find((n) => n.message.includes(title))).toEqual(
        expect.objectContaining({ type: "warning", message: uploadRewardReturnedMessage(title, reason, "500"), actionUrl: "/tokens" }),
      );
    }
    expect(uploadRewardReturnedMessage("Hidden Loop", "hidden", "500")).toBe(
      "Upload reward returned: Hidden Loop was hidden by a moderator within 30 days of its reward, so 500 promotional LOOP went back.",
    );

    // Once: restored and hidden again, made public and private again, nothing more goes back.
    await admin.browser.put(`/api/admin/loops/${hidden}/moderation`).send({ hidden: false }).expect(200);
    await admin.browser.put(`/api/admin/loops/${hidden}/moderation`).send({ hidden: true, reason: "Again" }).expect(200);
    await member.browser.patch(`/api/loops/${madePrivate}`).send({ isPublic: true }).expect(200);
    await member.browser.patch(`/api/loops/${madePrivate}`).send({ isPublic: false }).expect(200);
    expect(await rewardEntries(member.id, "upload_reward_return")).toHaveLength(5);
    expect(await notices(member, UPLOAD_REWARD_RETURNED_TITLE)).toHaveLength(5);
    expect((await balance(member)).promotional).toBe("500.00000000");

    // Each return: one entry, the creator's promotional account → issuance, keyed by the loop; a Transfer History line.
    const returns = await rewardEntries(member.id, "upload_reward_return");
    for (const entry of returns) {
      expect(entry.postings.map((p) => [p.account.kind, p.account.userId, p.amount]).sort()).toEqual([
        ["issuance", null, UPLOAD_REWARD_UNITS],
        ["user_promo", member.id, -UPLOAD_REWARD_UNITS],
      ]);
    }
    expect(returns.map((entry) => entry.idempotencyKey).sort()).toEqual(ids.map((id) => `upload-reward-return:${id}`).sort());
    const history = transferListSchema.parse((await member.browser.get("/api/tokens/transfers").expect(200)).body);
    expect(history.find((line) => line.description === uploadRewardReturnDescription("Hidden Loop"))).toMatchObject({
      transferType: "upload_reward",
      direction: "out",
      amount: "500.00000000",
    });
    // The deleted loop's reward stays recorded.
    expect(await reward(deleted)).toMatchObject({ status: "returned", userId: member.id });
  });

  it("only what is still promotional goes back, never below zero nor from withdrawable LOOP; after 30 days nothing does", async () => {
    const [member, seller] = [await creator(), await creator()];
    await fundMember(t, member.id, 100n);
    const [partly, spent, old] = [
      await rewardedLoop(member, "Partly Spent"),
      await rewardedLoop(member, "All Spent"),
      await rewardedLoop(member, "Old Loop"),
    ];
    // 500 welcome + 3 × 500 = 2,000 promotional LOOP, spent first: a $3.43 loop + its 7¢ MP3 fee ($3.50,
    // 1,750 LOOP) leaves 250 of it, and the 100 withdrawable LOOP.
    const forSale = await createListedLoop(t.db.prisma, seller.id, "For Sale", 343);
    await member.browser.post("/api/purchases").send({ loopId: forSale, format: "mp3", paymentMethod: "loop" }).expect(201);
    expect(await balance(member)).toMatchObject({ promotional: "250.00000000", withdrawable: "100.00000000" });

    await admin.browser.put(`/api/admin/loops/${partly}/moderation`).send({ hidden: true, reason: "Spam" }).expect(200);
    expect(await reward(partly)).toMatchObject({ status: "returned", returnedUnits: 250n * LOOP });
    expect(await balance(member)).toMatchObject({ promotional: "0.00000000", withdrawable: "100.00000000" });
    expect((await notices(member, UPLOAD_REWARD_RETURNED_TITLE)).map((n) => n.message)).toEqual([
      uploadRewardReturnedMessage("Partly Spent", "hidden", formatLoopBrief(250n * LOOP)),
    ]);

    // Nothing promotional left: decided returned, nothing taken (the withdrawable LOOP stays), told so.
    await member.browser.patch(`/api/loops/${spent}`).send({ isFree: true }).expect(200);
    expect(await reward(spent)).toMatchObject({ status: "returned", returnedUnits: 0n, returnEntryId: null });
    expect(await balance(member)).toMatchObject({ promotional: "0.00000000", withdrawable: "100.00000000" });
    expect((await notices(member, UPLOAD_REWARD_RETURNED_TITLE)).map((n) => n.message)).toContain(
      uploadRewardReturnedMessage("All Spent", "free", "0"),
    );
    expect(uploadRewardReturnedMessage("All Spent", "free", "0")).toBe(
      "Upload reward returned: All Spent was made free within 30 days of its reward; its promotional LOOP was already spent, so nothing was taken.",
    );

    // Rewarded 31 days ago: taken down now, the reward stays.
    await t.db.prisma
      .$executeRaw`UPDATE "app"."upload_rewards" SET "decided_at" = CURRENT_TIMESTAMP - INTERVAL '31 days' WHERE "loop_id" = ${old}::uuid`;
    await admin.browser.put(`/api/admin/loops/${old}/moderation`).send({ hidden: true, reason: "Late" }).expect(200);
    expect(await reward(old)).toMatchObject({ status: "rewarded", returnedUnits: null });
    expect(await notices(member, UPLOAD_REWARD_RETURNED_TITLE)).toHaveLength(2);
  });
});

describe("ledger:check and returned upload rewards", () => {
  it("reports a return not recorded as its loop's, or larger than the reward", async () => {
    const db = await createTestDatabase();
    try {
      const user = (
        await db.prisma.user.create({ data: { username: `u_${randomUUID().slice(0, 8)}`, email: `${randomUUID()}@example.com` } })
      ).id;
      const genre = await createGenre(db.prisma, "Check Genre");
      const loopId = await recordedUpload(db.prisma, user, genre, "Checked", "2");
      await db.prisma.$executeRaw`UPDATE "app"."upload_rewards" SET "listed_since" = CURRENT_TIMESTAMP - INTERVAL '25 hours'`;
      expect((await sweepUploadRewards(db.prisma, { windowMs: 24 * HOUR })).decided).toEqual({ rewarded: 1 });
      expect(await checkLedger(db.prisma)).toEqual([]);

      // 600 LOOP taken back by hand (the welcome bonus and the reward make 1,000 promotional), recorded nowhere…
      const taken = await postEntry(db.prisma, {
        idempotencyKey: `upload-reward-return:${loopId}`,
        kind: "upload_reward_return",
        postings: [
          { accountId: await promoAccountId(db.prisma, user), amount: -600n * LOOP },
          { accountId: await platformAccountId(db.prisma, "issuance"), amount: 600n * LOOP },
        ],
      });
      const check =
        "upload reward return not from the creator's promotional account to issuance, over the reward, or not recorded as its loop's";
      expect(await violationsOf(db.prisma, taken.id)).toEqual([check]);
      // …and recorded: more than the reward.
      await db.prisma.$executeRaw`
        UPDATE "app"."upload_rewards" SET "status" = 'returned', "return_reason" = 'hidden', "returned_at" = CURRENT_TIMESTAMP,
          "returned_units" = ${600n * LOOP}, "return_entry_id" = ${taken.id}::uuid WHERE "loop_id" = ${loopId}::uuid`;
      expect(await violationsOf(db.prisma, taken.id)).toEqual([check]);
    } finally {
      await db.drop();
    }
  });
});
