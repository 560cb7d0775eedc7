// What a loop's page (/loops/:id, issue 36) reads from the API: the loop's detail with a track's
// fields, "Similar loops" (GET /api/loops/:id/similar: same genre, near BPM, same or relative key),
// 404 for a loop the viewer may not see, and the notifications and e-mails that link to the page.
import { randomUUID } from "node:crypto";
import { publicLoopSchema, similarLoopsResponseSchema } from "@loop/rules/schemas/loops";
import { notificationListSchema } from "@loop/rules/schemas/notifications";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { postWithKey } from "./support/api-calls";
import { createGenre, insertDownloadableLoop, insertLoopRow, type LoopRow } from "./support/listed-loop";
import { fundMember, signInMember, type Member } from "./support/members";
import { decodeQuotedPrintable } from "./support/smtp";
import type { TestApp } from "./support/test-app";
import { ledgerCheckedAppWithSmtp, type SmtpServer } from "./support/suite-app";

describe("a loop's page: detail, similar loops, unavailable loops, links", () => {
  let t: TestApp;
  let smtp: SmtpServer;
  let creator: Member;
  let house: number;
  let techno: number;

  ledgerCheckedAppWithSmtp((app, mail) => {
    t = app;
    smtp = mail;
  });

  beforeAll(async () => {
    creator = await signInMember(t, `creator-${randomUUID()}@example.com`);
    const suffix = randomUUID().slice(0, 8);
    house = await createGenre(t.db.prisma, `House ${suffix}`);
    techno = await createGenre(t.db.prisma, `Techno ${suffix}`);
  });

  /** A ready, public loop of the creator in House, 120 BPM, A minor, unless `row` says otherwise. */
  const loop = (title: string, row: Partial<LoopRow> = {}) =>
    insertLoopRow(t.db.prisma, { userId: creator.id, genreId: house, title, bpm: 120, key: "A minor", durationMs: 16_000, ...row });
  const similarTitles = async (id: string, as = request(t.app)) =>
    similarLoopsResponseSchema.parse((await as.get(`/api/loops/${id}/similar`).expect(200)).body).loops.map((found) => found.title);

  it("GET /api/loops/:id gives a track's artist, album, release date and lyrics, with its description and tags", async () => {
    // Given and answered the same.
    const same = {
      title: "Neon Avenue",
      contentType: "track",
      description: "A late-night drive.",
      tags: "synthwave,night",
      artistName: "Mia Loop",
      albumName: "City Lights",
      lyrics: "Neon on the avenue\nAll night long",
      bpm: 98,
      key: "F# minor",
    } as const;
    const id = await insertLoopRow(t.db.prisma, {
      ...same,
      userId: creator.id,
      genreId: house,
      releaseDate: new Date("2026-10-02T00:00:00.000Z"),
      durationMs: 185_000,
      priceCents: 1299,
    });
    const track = publicLoopSchema.parse((await request(t.app).get(`/api/loops/${id}`).expect(200)).body);
    expect(track).toMatchObject({
      ...same,
      id,
      releaseDate: "2026-10-02",
      duration: 185,
      price: "12.99",
      genre: { id: house, name: expect.stringMatching(/^House /) },
      user: { id: creator.id },
    });
  });

  it("similar loops: same genre, BPM within ±5 (±6% when more), same or relative key, closest first, never the loop itself", async () => {
    const origin = await loop("Origin");
    // Matches: the same key, the relative major (C major), the detected BPM and key when the creator gave none.
    await loop("Twin", { downloadCount: 3 });
    await loop("Relative Major", { bpm: 123, key: "C major" });
    await loop("Detected", { bpm: null, detectedBpm: 118, key: null, detectedKey: "C major" });
    await loop("Edge Of Window", { bpm: 127 }); // 120 ± 7 (6% of 120 is 7.2, more than 5)
    // Not matches: too far in tempo, a key neither the same nor relative, the parallel major, another genre,
    // and loops nobody else may see.
    await loop("Too Fast", { bpm: 128 });
    await loop("Too Slow", { bpm: 112 });
    await loop("Other Key", { key: "E minor" });
    await loop("Parallel Major", { key: "A major" });
    await loop("Other Genre", { genreId: techno });
    await loop("Private", { isPublic: false });
    await loop("Hidden", { status: "hidden", hiddenReason: "test" });
    await loop("Processing", { status: "processing" });
    await loop("Failed", { status: "failed" });

    // Nearest BPM first; at equal distance the same key before the relative one.
    expect(await similarTitles(origin)).toEqual(["Twin", "Detected", "Relative Major", "Edge Of Window"]);
    // Another member signed in sees the same loops, with their own fields.
    const listener = await signInMember(t);
    const twin = (await t.db.prisma.loop.findFirstOrThrow({ where: { title: "Twin", userId: creator.id } })).id;
    await listener.browser.post(`/api/loops/${twin}/like`).expect(200);
    const seen = similarLoopsResponseSchema.parse((await listener.browser.get(`/api/loops/${origin}/similar`).expect(200)).body).loops;
    expect(seen.map((found) => [found.title, found.likedByMe])).toEqual([
      ["Twin", true],
      ["Detected", false],
      ["Relative Major", false],
      ["Edge Of Window", false],
    ]);
  });

  it("similar loops: any spelling of the key (A# = Bb, its relative C# major = Db major), and at most 8", async () => {
    const genre = await createGenre(t.db.prisma, `Drum & Bass ${randomUUID().slice(0, 8)}`);
    const origin = await loop("Bb Origin", { genreId: genre, bpm: 170, key: "Bb minor" });
    // 170 ± 10 (6% of 170).
    await loop("Sharp Spelling", { genreId: genre, bpm: 171, key: "A# minor" });
    await loop("Relative Flat", { genreId: genre, bpm: 172, key: "Db major" });
    await loop("Relative Sharp", { genreId: genre, bpm: 180, key: "C# major" });
    await loop("Out Of Tempo", { genreId: genre, bpm: 181, key: "Bb minor" });
    expect(await similarTitles(origin)).toEqual(["Sharp Spelling", "Relative Flat", "Relative Sharp"]);

    // Nine more at 160 BPM in the same key: ten away, like "Relative Sharp", and ahead of it (the same key first).
    for (let i = 0; i < 9; i += 1) await loop(`Crowd ${i}`, { genreId: genre, bpm: 160, key: "Bb minor" });
    const many = await similarTitles(origin);
    expect(many).toHaveLength(8);
    expect(many.slice(0, 2)).toEqual(["Sharp Spelling", "Relative Flat"]);
    expect(many.slice(2).every((title) => title.startsWith("Crowd "))).toBe(true);
  });

  it("a hidden loop, someone else's private loop and an unknown id answer 404 (detail and similar); the creator still opens theirs", async () => {
    const hidden = await loop("Taken Down", { status: "hidden", hiddenReason: "Copyright claim" });
    const privateLoop = await loop("Sketch", { isPublic: false });
    const stranger = await signInMember(t);
    for (const id of [hidden, privateLoop, randomUUID(), "not-a-uuid"]) {
      for (const as of [request(t.app), stranger.browser]) {
        expect((await as.get(`/api/loops/${id}`).expect(404)).body).toMatchObject({ message: "Loop Not Found" });
        expect((await as.get(`/api/loops/${id}/similar`).expect(404)).body).toMatchObject({ message: "Loop Not Found" });
      }
    }
    expect((await creator.browser.get(`/api/loops/${hidden}`).expect(200)).body).toMatchObject({ status: "hidden" });
    expect((await creator.browser.get(`/api/loops/${privateLoop}`).expect(200)).body).toMatchObject({ isPublic: false });
  });

  it("a purchase's notification and both e-mails link to the loop's page", async () => {
    const seller = await signInMember(t, `seller-${randomUUID()}@example.com`);
    const buyer = await signInMember(t, `buyer-${randomUUID()}@example.com`);
    await fundMember(t, buyer.id, "3000");
    const id = await insertDownloadableLoop(t, { userId: seller.id, title: "Golden Hour", priceCents: 499 });
    const bought = await postWithKey(buyer.browser, "/api/purchases", { loopId: id, format: "mp3", paymentMethod: "loop" }).expect(201);

    const bell = notificationListSchema.parse((await buyer.browser.get("/api/notifications").expect(200)).body);
    expect(bell.find((n) => n.title === "Purchase Complete")).toMatchObject({ actionUrl: `/loops/${id}` });

    const page = `http://localhost:5173/loops/${id}`;
    const receipt = decodeQuotedPrintable((await smtp.mailTo((await emailOf(buyer.id))!)).raw);
    expect(receipt).toContain(`<a href="${page}"><strong>Golden Hour</strong></a>`);
    // Downloaded again from the buyer's library (issue 37), which keeps it even once it is no longer listed.
    expect(receipt).toContain(`download it again any time from your library: http://localhost:5173/library?entry=${bought.body.licenceId}`);
    const notice = decodeQuotedPrintable((await smtp.mailTo((await emailOf(seller.id))!)).raw);
    expect(notice).toContain(`<a href="${page}"><strong>Golden Hour</strong></a>`);
  });

  const emailOf = async (userId: string) => (await t.db.prisma.user.findUniqueOrThrow({ where: { id: userId } })).email;
});
