// A member's catalog page from kept sessions and marks (issue 39 §2; docs/decisions.md, "A member's
// page costs a visitor's"): the shared page from the catalog cache with the member's own likes,
// ratings, purchases and downloads laid over it in memory, answered before Express. What is kept is
// dropped when the member changes, by this process or any other (the member_changed triggers).
import { randomUUID } from "node:crypto";
import { loopListResponseSchema, type PublicLoop } from "@loop/rules/schemas/loops";
import request from "supertest";
import { afterAll, beforeAll, expect, it } from "vitest";
import { listenForMemberChanges, MEMBER_CHANNEL, MEMBER_MARKS_CHANNEL } from "../src/db/member-changes";
import { catalogCache, listenForCatalogChanges } from "../src/features/loops/catalog-cache";
import { loopsFromCards } from "../src/features/loops/catalog.service";
import { withCatalogCache } from "./support/catalog-cache-env";
import { truncateAll } from "./support/database";
import { audioKeys, createGenre, insertLoopRow } from "./support/listed-loop";
import { signInMember, type Member } from "./support/members";
import { createTestApp, type TestApp } from "./support/test-app";
import { waitFor } from "./support/wait";

let t: TestApp;
let creator: Member;
const loopIds: string[] = [];
const paidLoopId = randomUUID();

withCatalogCache();

beforeAll(async () => {
  t = await createTestApp();
  await truncateAll(t.db.prisma);
  const genreId = await createGenre(t.db.prisma, "House");
  creator = await signInMember(t, "creator@loop.local");
  for (const [i, title] of ["Dawn", "Noon", "Dusk"].entries()) {
    const id = randomUUID();
    loopIds.push(id);
    await insertLoopRow(t.db.prisma, {
      id,
      userId: creator.id,
      genreId,
      title,
      isFree: true,
      priceCents: 0,
      durationMs: 20_000 + i,
      ...audioKeys(id),
    });
  }
  await insertLoopRow(t.db.prisma, {
    id: paidLoopId,
    userId: creator.id,
    genreId,
    title: "Dusk (paid)",
    isFree: false,
    priceCents: 199,
    durationMs: 30_000,
    ...audioKeys(paidLoopId),
  });
  listenForCatalogChanges(t.listener, t.db.prisma);
  listenForMemberChanges(t.listener, t.db.prisma);
  await t.listener.ready();
});

afterAll(async () => {
  await t?.close();
});

const PAGE = "/api/loops?sortBy=recent";

/** The catalog page as the cookie's member gets it (the hot path: a GET with the session cookie). */
async function pageAs(cookie: string, status = 200) {
  const response = await request(t.app).get(PAGE).set("Cookie", cookie).expect(status);
  return response.body as unknown;
}

async function loopsAs(cookie: string): Promise<PublicLoop[]> {
  return loopListResponseSchema.parse(await pageAs(cookie)).loops;
}

const marksOf = (loops: PublicLoop[], loopId: string) => {
  const loop = loops.find((candidate) => candidate.id === loopId)!;
  return { likedByMe: loop.likedByMe, likeCount: loop.likeCount, hasDownloaded: loop.canRate, email: loop.user.email };
};

/**
 * Kept marks are never served past a minute: asking for longer would pass without the announcements.
 * Half of that is still generous for one (it comes at the writer's commit).
 */
const ANNOUNCED_WITHIN_MS = 30_000;

/** Asks until the member's page shows `expected` on the loop (a change another process made is heard within moments). */
const waitForMarks = (cookie: string, loopId: string, expected: Partial<ReturnType<typeof marksOf>>, what: string) =>
  waitFor(
    what,
    async () => {
      const marks = marksOf(await loopsAs(cookie), loopId);
      return Object.entries(expected).every(([key, value]) => marks[key as keyof typeof marks] === value);
    },
    ANNOUNCED_WITHIN_MS,
  );

it("a member's own like shows on their next page, with the cached page's count, and taking it back too", async () => {
  const fan = await signInMember(t);
  const [loopId] = loopIds as [string];
  expect(marksOf(await loopsAs(fan.cookie), loopId)).toMatchObject({ likedByMe: false, likeCount: 0 });
  // The shared page is cached now (TTL a minute): its count stays 0, the member's page counts their like.
  await fan.browser.post(`/api/loops/${loopId}/like`).expect(200);
  await waitForMarks(fan.cookie, loopId, { likedByMe: true, likeCount: 1 }, "the member's like on their page");
  const visitor = loopListResponseSchema.parse((await request(t.app).get(PAGE).expect(200)).body).loops;
  expect(marksOf(visitor, loopId)).toMatchObject({ likedByMe: false, likeCount: 0 });
  await fan.browser.delete(`/api/loops/${loopId}/like`).expect(200);
  await waitForMarks(fan.cookie, loopId, { likedByMe: false, likeCount: 0 }, "the like taken back on the member's page");
});

it("a mark written by another process (straight into the database) shows once it is announced", async () => {
  const fan = await signInMember(t);
  const loopId = loopIds[1]!;
  expect(marksOf(await loopsAs(fan.cookie), loopId)).toMatchObject({ likedByMe: false, hasDownloaded: false });
  await t.db.prisma
    .$executeRaw`INSERT INTO "app"."loop_downloads" ("loop_id", "user_id", "format") VALUES (${loopId}::uuid, ${fan.id}::uuid, 'mp3')`;
  await t.db.prisma.$executeRaw`INSERT INTO "app"."loop_likes" ("loop_id", "user_id") VALUES (${loopId}::uuid, ${fan.id}::uuid)`;
  await waitForMarks(fan.cookie, loopId, { likedByMe: true, hasDownloaded: true }, "the download and like on the member's page");
});

it("a purchase in one statement shows on the buyer's page: its member change is announced after the commit", async () => {
  const buyer = await signInMember(t, { funds: 2000n });
  const loopId = paidLoopId;
  const owned = async () => (await loopsAs(buyer.cookie)).find((loop) => loop.id === loopId)?.purchasedFormats;
  expect(await owned()).toEqual([]);
  await buyer.browser.post("/api/purchases").send({ loopId, format: "mp3", paymentMethod: "loop" }).expect(201);
  await waitFor("the purchase on the buyer's page", async () => (await owned())?.join() === "mp3", ANNOUNCED_WITHIN_MS);
});

it("a change of a member's marks is announced on member_marks_changed, one of who they are on member_changed", async () => {
  const heard = { [MEMBER_CHANNEL]: [] as string[], [MEMBER_MARKS_CHANNEL]: [] as string[] };
  for (const channel of [MEMBER_CHANNEL, MEMBER_MARKS_CHANNEL] as const)
    t.listener.listen(channel, { message: (id) => heard[channel].push(id) });
  await t.listener.ready();
  const fan = await signInMember(t, { funds: 2000n });
  const only = (channel: keyof typeof heard) => async () => heard[channel].includes(fan.id);
  // Marks: a like, a rating, a download and a purchase in one statement (announced after its commit).
  await t.db.prisma.$executeRaw`INSERT INTO "app"."loop_likes" ("loop_id", "user_id") VALUES (${loopIds[0]}::uuid, ${fan.id}::uuid)`;
  await t.db.prisma
    .$executeRaw`INSERT INTO "app"."loop_ratings" ("loop_id", "user_id", "rating") VALUES (${loopIds[1]}::uuid, ${fan.id}::uuid, 5)`;
  await t.db.prisma
    .$executeRaw`INSERT INTO "app"."loop_downloads" ("loop_id", "user_id", "format") VALUES (${loopIds[2]}::uuid, ${fan.id}::uuid, 'mp3')`;
  await fan.browser.post("/api/purchases").send({ loopId: paidLoopId, format: "wav", paymentMethod: "loop" }).expect(201);
  await waitFor(
    "four changes of the fan's marks",
    async () => heard[MEMBER_MARKS_CHANNEL].filter((id) => id === fan.id).length >= 4,
    ANNOUNCED_WITHIN_MS,
  );
  expect(heard[MEMBER_CHANNEL]).not.toContain(fan.id);
  // Who they are: a new e-mail, then signing out (the session deleted).
  await t.db.prisma.user.update({ where: { id: fan.id }, data: { email: `fan-${randomUUID()}@loop.local` } });
  await waitFor("the e-mail's change on member_changed", only(MEMBER_CHANNEL), ANNOUNCED_WITHIN_MS);
  heard[MEMBER_CHANNEL].length = 0;
  await fan.browser.post("/api/logout").set("Accept", "application/json").expect(204);
  await waitFor("the sign-out on member_changed", only(MEMBER_CHANNEL), ANNOUNCED_WITHIN_MS);
});

it("the page laid over in memory is the one the database's overlay makes, the creator's e-mail on their own loops included", async () => {
  const fan = await signInMember(t);
  await fan.browser.post(`/api/loops/${loopIds[2]}/like`).expect(200);
  await t.db.prisma
    .$executeRaw`INSERT INTO "app"."loop_ratings" ("loop_id", "user_id", "rating") VALUES (${loopIds[2]}::uuid, ${fan.id}::uuid, 4)`;
  await waitForMarks(fan.cookie, loopIds[2]!, { likedByMe: true }, "the like");
  // The database's overlay reads every card's live count; the kept one lays the member's marks over
  // the shared page as cached: the same once that page is read after the other tests' likes.
  catalogCache(t.db.prisma).bump();
  const cards = loopListResponseSchema.parse((await request(t.app).get(PAGE).expect(200)).body).loops.map((loop) => JSON.stringify(loop));
  for (const member of [fan, creator]) {
    const expected = await loopsFromCards(t.db.prisma, cards, member.id);
    await waitFor(
      "the kept marks to match the database's",
      async () => JSON.stringify(await loopsAs(member.cookie)) === JSON.stringify(expected),
      ANNOUNCED_WITHIN_MS,
    );
  }
  expect(marksOf(await loopsAs(creator.cookie), loopIds[0]!).email).toBe("creator@loop.local");
  expect(marksOf(await loopsAs(fan.cookie), loopIds[2]!)).toMatchObject({ likedByMe: true, likeCount: 1 });
});

it("a marked page sent in parts (uncompressed) is the same JSON as compressed, with its exact length", async () => {
  const fan = await signInMember(t);
  await fan.browser.post(`/api/loops/${loopIds[1]}/like`).expect(200);
  await waitForMarks(fan.cookie, loopIds[1]!, { likedByMe: true }, "the like");
  const whole = await request(t.app).get(PAGE).set("Cookie", fan.cookie).set("Accept-Encoding", "gzip").expect(200);
  const inParts = await request(t.app).get(PAGE).set("Cookie", fan.cookie).set("Accept-Encoding", "identity").expect(200);
  expect(inParts.headers["content-encoding"]).toBeUndefined();
  expect(Number(inParts.headers["content-length"])).toBe(Buffer.byteLength(inParts.text));
  expect(inParts.text).toBe(whole.text);
  expect(marksOf(loopListResponseSchema.parse(JSON.parse(inParts.text)).loops, loopIds[1]!)).toMatchObject({ likedByMe: true });
});

it("a member banned by another process is refused on their next request; one who signed out is a visitor", async () => {
  const banned = await signInMember(t);
  await loopsAs(banned.cookie);
  await t.db.prisma.user.update({ where: { id: banned.id }, data: { isBanned: true, banReason: "Spam" } });
  const refusal = await waitFor(
    "the ban to apply",
    async () => {
      const response = await request(t.app).get(PAGE).set("Cookie", banned.cookie);
      return response.status === 403 ? response.body : null;
    },
    ANNOUNCED_WITHIN_MS,
  );
  expect(refusal).toMatchObject({ code: "ACCOUNT_BANNED" });

  const leaving = await signInMember(t);
  await leaving.browser.post(`/api/loops/${loopIds[0]}/like`).expect(200);
  await waitForMarks(leaving.cookie, loopIds[0]!, { likedByMe: true }, "the like before signing out");
  await leaving.browser.post("/api/logout").expect(204);
  await waitForMarks(leaving.cookie, loopIds[0]!, { likedByMe: false }, "the old cookie to read as a visitor");
});
