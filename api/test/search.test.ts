import { randomUUID } from "node:crypto";
import { SEARCH_TOTAL_CAP, searchResponseSchema } from "@loop/rules/schemas/search";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "../src/db/prisma";
import { createGenre } from "./support/listed-loop";
import { browser, createTestApp, type TestApp } from "./support/test-app";

describe("search: GET /api/search", () => {
  let t: TestApp;
  let genre: number;
  let hipHop: number;
  const users: Record<string, string> = {};

  async function insertUser(username: string, data: Partial<Prisma.UserUncheckedCreateInput> = {}) {
    users[username] = (await t.db.prisma.user.create({ data: { username, ...data } })).id;
  }

  async function insertLoop(title: string, username: string, data: Partial<Prisma.LoopUncheckedCreateInput> = {}) {
    const id = randomUUID();
    await t.db.prisma.loop.create({
      data: {
        id,
        userId: users[username]!,
        genreId: genre,
        title,
        priceCents: 1250,
        bpm: 128,
        status: "ready",
        originalKey: `loops/${id}/original`,
        originalFormat: "wav",
        ...data,
      },
    });
    return id;
  }

  const search = async (q: string, extra = "") => {
    const response = await request(t.app)
      .get(`/api/search?q=${encodeURIComponent(q)}${extra}`)
      .expect(200);
    return searchResponseSchema.parse(response.body);
  };
  const loopTitles = async (q: string) => (await search(q)).loops.map((loop) => loop.title);
  const usernames = async (q: string) => (await search(q)).users.map((user) => user.username);

  beforeAll(async () => {
    t = await createTestApp({ empty: true });
    // Every loop's genre is in its search document: a name no test query is close to.
    genre = await createGenre(t.db.prisma, "Techno");
    hipHop = await createGenre(t.db.prisma, "Lofi Hip Hop");
    await insertUser("maple_beats", {
      firstName: "Maple",
      lastName: "Stone",
      level: 3,
      experience: 400,
      profileImageUrl: "https://img.example/m.png",
    });
    await insertUser("drummer_joe", { firstName: "Joe", lastName: "Drummond" });
    await insertUser("beat", { experience: 1 });
    await insertUser("beatsmith", { experience: 50 });
    await insertUser("the_beat_lab", { experience: 900 });
    await insertUser("maple_banned", { isBanned: true, banReason: "spam" });
    const wallet = await t.db.prisma.user.create({ data: { username: "wallet_maple" } });
    users.wallet_maple = wallet.id;
    await t.db.prisma.walletLink.create({
      data: { userId: wallet.id, address: "0x00000000000000000000000000000000000000A1", chainId: 31337 },
    });

    await insertLoop("Deep Drums", "drummer_joe", { downloadCount: 50 });
    await insertLoop("Drums Deep", "maple_beats");
    await insertLoop("Dubstep Wobble Drop", "maple_beats", { isFree: true, priceCents: 0, bpm: null, detectedBpm: 140 });
    await insertLoop("Maple Syrup Groove", "maple_beats");
    await insertLoop("Kickdrum Basics", "maple_beats");
    await insertLoop("Drums Private", "maple_beats", { isPublic: false });
    await insertLoop("Drums Processing", "maple_beats", { status: "processing" });
    await insertLoop("Drums Failed", "maple_beats", { status: "failed" });
    await insertLoop("Drums Of The Banned", "maple_banned");
    await insertLoop("100% Pure", "beat");
    await insertLoop("Midnight Groove", "drummer_joe", {
      tags: "bass,808",
      description: "Warm sub under a dusty shuffle.",
      downloadCount: 9,
    });
    await insertLoop("Subway Bass", "beatsmith");
    await insertLoop("Rain Window", "beatsmith", { genreId: hipHop, description: "Vinyl crackle and a sleepy Rhodes." });
    await insertLoop("Dusty Keys", "beatsmith", { tags: "keys, bass", isPublic: false });
  });
  afterAll(() => t.close());

  it("finds loops by prefix: starts-with first, then a word starting with it, then containing it", async () => {
    // Never: private, processing, failed, or a banned user's loops.
    expect(await loopTitles("drum")).toEqual(["Drums Deep", "Deep Drums", "Kickdrum Basics"]);
    expect(await loopTitles("DRUMS")).toEqual(["Drums Deep", "Deep Drums"]);
  });

  it("forgives typos", async () => {
    expect(await loopTitles("dubstp")).toEqual(["Dubstep Wobble Drop"]);
    expect(await loopTitles("wobbl drop")).toEqual(["Dubstep Wobble Drop"]);
    expect(await loopTitles("dubsteep")).toEqual(["Dubstep Wobble Drop"]);
    expect(await loopTitles("mapel syrup")).toEqual(["Maple Syrup Groove"]);
    expect(await usernames("drumer")).toContain("drummer_joe");
  });

  it("finds users by username prefix, a word of it, or their names; never banned users", async () => {
    const result = await search("mapl");
    expect(result.users.map((user) => user.username)).toEqual(["maple_beats", "wallet_maple"]);
    expect(result.totalUsers).toBe(2);
    expect(result.users[0]).toEqual({
      id: users.maple_beats,
      username: "maple_beats",
      profileImageUrl: "https://img.example/m.png",
      firstName: "Maple",
      lastName: "Stone",
      walletAddress: null,
      level: 3,
      experience: 400,
    });
    expect(result.users[1]!.walletAddress).toBe("0x00000000000000000000000000000000000000A1");
    expect(result.loops.map((loop) => loop.title)).toEqual(["Maple Syrup Groove"]);
    expect(await usernames("drummond")).toEqual(["drummer_joe"]);
    expect(await usernames("stone")).toEqual(["maple_beats"]);
  });

  it("ranks the exact match first, then prefixes, then word prefixes", async () => {
    // Among word prefixes, the closer word first: "beat" is a whole word of the_beat_lab.
    expect(await usernames("beat")).toEqual(["beat", "beatsmith", "the_beat_lab", "maple_beats"]);
  });

  it("answers the loop shape, with the creator's or detected BPM and the price as text", async () => {
    const { loops, totalLoops } = await search("dubstep");
    expect(totalLoops).toBe(1);
    expect(loops[0]).toEqual({
      id: expect.any(String),
      title: "Dubstep Wobble Drop",
      genre: { id: genre, name: "Techno" },
      bpm: 140,
      price: "0.00",
      isFree: true,
      user: { id: users.maple_beats, username: "maple_beats" },
    });
    const drums = await search("drums deep");
    expect(drums.loops[0]).toMatchObject({ title: "Drums Deep", bpm: 128, price: "12.50", isFree: false });
  });

  it("pages each list with limit and offset; the totals count every match", async () => {
    const first = await search("drum", "&limit=1");
    expect(first.loops.map((loop) => loop.title)).toEqual(["Drums Deep"]);
    expect(first.totalLoops).toBe(3);
    const second = await search("drum", "&limit=2&offset=1");
    expect(second.loops.map((loop) => loop.title)).toEqual(["Deep Drums", "Kickdrum Basics"]);
    expect(second.totalLoops).toBe(3);
    const past = await search("drum", "&offset=10");
    expect(past.loops).toEqual([]);
    expect(past.totalLoops).toBe(3);
    expect(past.totalUsers).toBe(1);
  });

  it("finds loops by their tags, description words and genre name, below the title matches", async () => {
    // Title matches first (a word of it, then a close word), then the loop tagged 'bass' (never the private one).
    expect(await loopTitles("bass")).toEqual(["Subway Bass", "Kickdrum Basics", "Midnight Groove"]);
    expect(await loopTitles("crackle")).toEqual(["Rain Window"]);
    expect(await loopTitles("rhodes")).toEqual(["Rain Window"]);
    expect(await loopTitles("dusty")).toEqual(["Midnight Groove"]);
    expect(await loopTitles("hip hop")).toEqual(["Rain Window"]);
    // Typos are forgiven in titles only (fuzzy matching of whole descriptions costs too much per search).
    expect(await loopTitles("sleepy rhodse")).toEqual([]);
    expect(await loopTitles("Rain Windwo")).toEqual(["Rain Window"]);
    const lofi = await search("lofi");
    expect(lofi.totalLoops).toBe(1);
    expect(lofi.loops[0]).toMatchObject({ title: "Rain Window", genre: { id: hipHop, name: "Lofi Hip Hop" } });
  });

  it("follows edits of tags, description and the genre's name", async () => {
    const id = await insertLoop("Edited Later", "beat", { tags: "strings" });
    expect(await loopTitles("strings")).toEqual(["Edited Later"]);
    await t.db.prisma.loop.update({ where: { id }, data: { tags: "brass", description: "Horn section stabs." } });
    expect(await loopTitles("strings")).toEqual([]);
    expect(await loopTitles("horn section")).toEqual(["Edited Later"]);
    const other = await createGenre(t.db.prisma, "Orchestral");
    await t.db.prisma.loop.update({ where: { id }, data: { genreId: other } });
    expect(await loopTitles("orchestral")).toEqual(["Edited Later"]);
    await t.db.prisma.genre.update({ where: { id: other }, data: { name: "Cinematic" } });
    expect(await loopTitles("orchestral")).toEqual([]);
    expect(await loopTitles("cinematic")).toEqual(["Edited Later"]);
    await t.db.prisma.loop.delete({ where: { id } });
  });

  const vocabulary = async (word: string) =>
    (
      await t.db.prisma.$queryRaw<
        { loops: number; title_loops: number; users: number }[]
      >`SELECT "loops", "title_loops", "users" FROM "app"."search_words" WHERE "word" = ${word}`
    )[0] ?? null;

  it("a loop's popularity (a sale, a download) moves it among equal matches; its words and the vocabulary stay", async () => {
    await insertUser("zebra_maker");
    const alpha = await insertLoop("Zebra Alpha", "zebra_maker", { tags: "stripes" });
    await insertLoop("Zebra Beta", "zebra_maker", { tags: "stripes" });
    const postings = () =>
      t.db.prisma.$queryRaw<{ word: string; kind: number; listed: boolean; popularity: number }[]>`
        SELECT "word", "kind", "listed", "popularity" FROM "app"."loop_search_words" WHERE "loop_id" = ${alpha}::uuid ORDER BY "word"`;
    const before = await postings();
    const counts = { zebra: await vocabulary("zebra"), stripes: await vocabulary("stripes") };
    // Equal matches rank by popularity, then the newest first.
    expect(await loopTitles("zebra")).toEqual(["Zebra Beta", "Zebra Alpha"]);

    await t.db.prisma.loop.update({ where: { id: alpha }, data: { purchaseCount: { increment: 1 }, downloadCount: { increment: 2 } } });
    expect(await loopTitles("zebra")).toEqual(["Zebra Alpha", "Zebra Beta"]);
    expect(await postings()).toEqual(before.map((posting) => ({ ...posting, popularity: 3 })));
    expect({ zebra: await vocabulary("zebra"), stripes: await vocabulary("stripes") }).toEqual(counts);

    // A rank change with a word change in the same statement: the words follow too.
    await t.db.prisma.loop.update({ where: { id: alpha }, data: { purchaseCount: { increment: 1 }, tags: "chevrons" } });
    expect((await postings()).map((posting) => `${posting.word} ${posting.popularity}`)).toEqual(
      expect.arrayContaining(["chevrons 4", "zebra 4"]),
    );
    expect(await vocabulary("stripes")).toEqual({ loops: 1, title_loops: 0, users: 0 });
  });

  it("keeps its vocabulary: words and their counts follow inserts, edits, renames, bans and deletes", async () => {
    await insertUser("quartz_maker", { firstName: "Quinn" });
    expect(await vocabulary("quartz")).toEqual({ loops: 0, title_loops: 0, users: 1 });
    const id = await insertLoop("Quokka Shuffle", "quartz_maker", { tags: "quokka,zither" });
    expect(await vocabulary("quokka")).toEqual({ loops: 1, title_loops: 1, users: 0 });
    expect(await vocabulary("zither")).toEqual({ loops: 1, title_loops: 0, users: 0 });
    expect(await loopTitles("quokka")).toEqual(["Quokka Shuffle"]);
    expect(await loopTitles("quoka")).toEqual(["Quokka Shuffle"]);

    // An edit: the words that went are gone from the vocabulary.
    await t.db.prisma.loop.update({ where: { id }, data: { title: "Wombat Shuffle", tags: "" } });
    expect(await vocabulary("quokka")).toBeNull();
    expect(await vocabulary("zither")).toBeNull();
    expect(await loopTitles("quokka")).toEqual([]);
    expect(await loopTitles("wombat")).toEqual(["Wombat Shuffle"]);

    // Unlisted (private) loops are not counted nor found; listed again, they are.
    await t.db.prisma.loop.update({ where: { id }, data: { isPublic: false } });
    expect(await vocabulary("wombat")).toBeNull();
    expect(await loopTitles("wombat")).toEqual([]);
    await t.db.prisma.loop.update({ where: { id }, data: { isPublic: true } });
    expect(await vocabulary("wombat")).toEqual({ loops: 1, title_loops: 1, users: 0 });

    // A renamed user: found by the new name only.
    await t.db.prisma.user.update({ where: { id: users.quartz_maker }, data: { username: "opal_maker" } });
    expect(await vocabulary("quartz")).toBeNull();
    expect(await usernames("quartz")).toEqual([]);
    expect(await usernames("opal")).toEqual(["opal_maker"]);

    // A ban hides the user and their loops (and takes them out of the counts); unbanned, they are back.
    await t.db.prisma.user.update({ where: { id: users.quartz_maker }, data: { isBanned: true, banReason: "spam" } });
    expect(await vocabulary("opal")).toBeNull();
    expect(await vocabulary("wombat")).toBeNull();
    expect(await search("wombat")).toEqual({ users: [], loops: [], totalUsers: 0, totalLoops: 0 });
    expect(await usernames("quinn")).toEqual([]);
    await t.db.prisma.user.update({ where: { id: users.quartz_maker }, data: { isBanned: false, banReason: null } });
    expect(await loopTitles("wombat")).toEqual(["Wombat Shuffle"]);
    expect(await usernames("quinn")).toEqual(["opal_maker"]);

    // Deleted: gone, words and all.
    await t.db.prisma.loop.delete({ where: { id } });
    expect(await vocabulary("wombat")).toBeNull();
    expect(await vocabulary("shuffle")).toEqual({ loops: 1, title_loops: 0, users: 0 }); // Midnight Groove's description
  });

  it("matches every word of the query, forgiving typos in any of them, and a short last word as a prefix", async () => {
    expect(await loopTitles("drums d")).toEqual(["Drums Deep", "Deep Drums"]);
    expect(await loopTitles("deep drms")).toEqual(["Deep Drums", "Drums Deep"]);
    expect(await loopTitles("groove midnigt")).toEqual(["Midnight Groove"]);
    expect(await loopTitles("drums zzzqqq")).toEqual([]);
    expect(await usernames("maple stone")).toEqual(["maple_beats"]);
    expect(await usernames("joe drumond")).toEqual(["drummer_joe"]);
  });

  it("counts a word's matches from the vocabulary; past SEARCH_TOTAL_CAP a total may be a lower bound, and says so", async () => {
    const rows = Array.from({ length: SEARCH_TOTAL_CAP + 1 }, () => {
      const id = randomUUID();
      return {
        id,
        userId: users.beat!,
        genreId: genre,
        title: "Zephyr Pad",
        priceCents: 100,
        status: "ready" as const,
        originalKey: `loops/${id}/original`,
        originalFormat: "wav",
      };
    });
    await t.db.prisma.loop.createMany({ data: rows });
    const one = await search("zephyr", "&limit=2");
    expect(one.loops.map((loop) => loop.title)).toEqual(["Zephyr Pad", "Zephyr Pad"]);
    expect(one.totalLoops).toBe(SEARCH_TOTAL_CAP + 1);
    expect(one.totalLoopsCapped).toBeUndefined();
    // Two words: the loops that have both are counted up to the cap, then the total is a lower bound.
    const two = await search("zephyr pad", "&limit=2");
    expect(two.totalLoopsCapped).toBe(true);
    expect(two.totalLoops).toBeGreaterThanOrEqual(SEARCH_TOTAL_CAP);
    expect(two.totalLoops).toBeLessThanOrEqual(SEARCH_TOTAL_CAP + 1);
    // Paging past a lower bound: the total stays above what was loaded, so paging carries on.
    const deep = await search("zephyr pad", "&limit=50&offset=980");
    expect(deep.loops).toHaveLength(21);
    expect(deep.totalLoops).toBeGreaterThan(980 + 21 - 1);
    await t.db.prisma.loop.deleteMany({ where: { title: "Zephyr Pad" } });
    expect(await vocabulary("zephyr")).toBeNull();
    expect(await search("zephyr")).toEqual({ users: [], loops: [], totalUsers: 0, totalLoops: 0 });
  });

  it("matches LIKE wildcards literally", async () => {
    expect(await loopTitles("100%")).toEqual(["100% Pure"]);
    expect(await loopTitles("%%%")).toEqual([]);
    expect(await loopTitles("___")).toEqual([]);
  });

  it("400 when the query is shorter than 3 characters", async () => {
    for (const q of ["", "ab", "  ab  ", "a "]) {
      const response = await request(t.app)
        .get(`/api/search?q=${encodeURIComponent(q)}`)
        .expect(400);
      expect(response.body).toMatchObject({ message: "Type at least 3 characters to search" });
    }
    expect((await request(t.app).get("/api/search").expect(400)).body).toMatchObject({ message: "Type at least 3 characters to search" });
    expect((await request(t.app).get("/api/search?q=drum&limit=51").expect(400)).body.message).toMatch(/^Invalid limit/);
    expect((await request(t.app).get("/api/search?q=drum&limit=0").expect(400)).body.message).toMatch(/^Invalid limit/);
    expect((await request(t.app).get("/api/search?q=drum&offset=-1").expect(400)).body.message).toMatch(/^Invalid offset/);
  });

  it("no results is an empty answer", async () => {
    expect(await search("zzzqqq")).toEqual({ users: [], loops: [], totalUsers: 0, totalLoops: 0 });
  });

  it("works signed in too", async () => {
    const agent = browser(t.app);
    const response = await agent.get("/api/search?q=maple").expect(200);
    expect(response.body.totalLoops).toBe(1);
  });
});
