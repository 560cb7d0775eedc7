// The loop card has one source: publicLoopView (features/loops/loop.view.ts). The trigger
// "loops_zz_card_json" renders the same object into the row's card_json so that the catalog's hot
// route serves it as stored, without a JSON round trip (docs/decisions.md, "One source for each
// shape (issue 38 §2)"); this test holds the trigger to the view, for every shape a row can take.
import { randomUUID } from "node:crypto";
import { MAX_PRICE_CENTS } from "@loop/rules/schemas/loops";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "../src/db/prisma";
import { publicLoopInclude, publicLoopView } from "../src/features/loops/loop.view";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { createGenre } from "./support/listed-loop";

/** Every object's keys, depth first, in order: the stored text and the view must list them alike. */
function keyPaths(value: unknown, at = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => keyPaths(item, `${at}[${i}]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => [`${at}.${key}`, ...keyPaths(inner, `${at}.${key}`)]);
}

describe("card_json (trigger loops_zz_card_json) is publicLoopView for a signed-out viewer", () => {
  let db: TestDatabase;
  let plainGenre: number;
  let oddGenre: number;
  let namedCreator: string;
  let bareCreator: string;

  /** Each row's stored card_json parsed, against the view of the same row read through Prisma. */
  async function compareAll() {
    const stored = await db.prisma.$queryRaw<{ id: string; card_json: string }[]>`
      SELECT "id"::text AS id, "card_json" FROM "app"."loops" ORDER BY "id"`;
    const rows = await db.prisma.loop.findMany({ include: publicLoopInclude, orderBy: { id: "asc" } });
    expect(stored.map((row) => row.id)).toEqual(rows.map((row) => row.id));
    for (const [i, row] of rows.entries()) {
      const card: unknown = JSON.parse(stored[i]!.card_json);
      const view = publicLoopView(row, null);
      expect(card, `loop "${row.title}"`).toStrictEqual(view);
      expect(keyPaths(card), `loop "${row.title}" keys`).toEqual(keyPaths(view));
      // The same text once both are written by JSON.stringify: equal numbers, strings and order.
      expect(JSON.stringify(card)).toBe(JSON.stringify(view));
    }
    return rows.length;
  }

  const base = (): Omit<Prisma.LoopUncheckedCreateInput, "title"> => {
    const id = randomUUID();
    return { id, userId: namedCreator, genreId: plainGenre, originalKey: `loops/${id}/original`, originalFormat: "wav" };
  };
  /** The stored files of a processed loop, by delivery format. */
  const files = (id: string, formats: { preview?: boolean; mp3?: number; wav?: boolean; peaks?: boolean }) => ({
    previewKey: formats.preview ? `loops/${id}/preview.mp3` : null,
    mp3Key: formats.mp3 !== undefined ? `loops/${id}/full.mp3` : null,
    mp3Kbps: formats.mp3 ?? null,
    wavKey: formats.wav ? `loops/${id}/full.wav` : null,
    peaksKey: formats.peaks ? `loops/${id}/peaks.json` : null,
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    plainGenre = await createGenre(db.prisma, "House");
    oddGenre = await createGenre(db.prisma, 'Lo-fi "Beats" \\ Ünïcode ✨');
    namedCreator = (await db.prisma.user.create({ data: { username: "zoe_maker", firstName: "Zoë 🎛", email: "zoe@example.com" } })).id;
    bareCreator = (await db.prisma.user.create({ data: { username: "no_first_name" } })).id;

    const rows: Prisma.LoopUncheckedCreateInput[] = [];
    const add = (title: string, fields: Partial<Prisma.LoopUncheckedCreateInput>) => {
      const row = { ...base(), title, ...fields };
      rows.push(row);
      return row.id!;
    };

    // Prices: free, whole dollars, every kind of cents, the largest a listing takes and the column's largest.
    add("Free loop", { isFree: true, priceCents: 0, status: "ready", isPublic: true });
    for (const cents of [1, 5, 10, 99, 100, 101, 199, 499, 1050, 99_999, MAX_PRICE_CENTS, 2_147_483_647])
      add(`Paid ${cents}`, { priceCents: cents, status: "ready", isPublic: true });

    // Content types: a loop, a track with every track field, a track with none.
    add("Track with fields", {
      contentType: "track",
      artistName: "Ärtist & Co.",
      albumName: "Album «Ünïcode» 夜",
      releaseDate: new Date("1969-07-20T00:00:00Z"),
      lyrics: 'Line one\nLine "two"\t\\ end 🎤',
      priceCents: 1299,
      status: "ready",
    });
    add("Track without fields", { contentType: "track", status: "ready" });

    // Tags: none, many (with unicode and commas as entered).
    add("No tags", { tags: "" });
    add("Many tags", { tags: "deep house, lo-fi, 120bpm, ünïcödé, 🎹, a,b,c, x".repeat(3) });

    // Titles, descriptions and names that JSON must escape or carry as they are.
    add('Café del Mar — 夜のループ 🎧 "quoted" \\ back\tslash\u0001', {
      description: "Two\nlines, a </script> and \u2028 a separator",
      userId: bareCreator,
      genreId: oddGenre,
    });

    // Every status (the creator's own unfinished loops are read with the same card).
    add("Processing", { status: "processing" });
    add("Failed", { status: "failed", failureReason: "Too Long: …" });
    add("Hidden", { status: "hidden", hiddenReason: "Spam", hiddenAt: new Date() });
    add("Removed", { status: "removed", removedAt: new Date() });
    add("Unlisted", { status: "ready", isPublic: false, unlisted: true });
    add("Private", { status: "ready", isPublic: false });

    // Delivery formats: none yet, each alone, all (an MP3 upload's own bitrate, and ours).
    for (const [name, formats] of Object.entries({
      none: {},
      preview: { preview: true },
      mp3: { mp3: 320 },
      "mp3 at an upload's bitrate": { mp3: 128 },
      wav: { wav: true },
      peaks: { peaks: true },
      all: { preview: true, mp3: 320, wav: true, peaks: true },
    })) {
      const id = randomUUID();
      add(`Formats: ${name}`, { id, originalKey: `loops/${id}/original`, status: "ready", ...files(id, formats) });
    }

    // Durations (seconds with up to 3 decimals), BPM and key (the creator's win over the detected).
    for (const durationMs of [0, 1, 10, 999, 1000, 1234, 20_000, 600_000, 1_799_999])
      add(`Duration ${durationMs}`, { durationMs, status: "ready" });
    add("Detected only", { bpm: null, detectedBpm: 97, key: null, detectedKey: "F#m" });
    add("Creator's over detected", { bpm: 128, detectedBpm: 64, key: "C", detectedKey: "Am" });

    // Ratings (one decimal, halves rounded up), likes and downloads.
    const ratings: [sum: number, count: number][] = [
      [1, 1],
      [9, 2],
      [7, 3],
      [14, 3],
      [5, 4],
      [333, 100],
      [49_999, 10_001],
    ];
    for (const [sum, count] of ratings)
      add(`Rated ${sum}/${count}`, { ratingSum: sum, ratingCount: count, likeCount: count * 3, downloadCount: sum });

    // Creation times at the millisecond, and an original format per row.
    for (const [i, format] of ["mp3", "wav", "flac", "m4a", "aac", "ogg"].entries())
      add(`Format ${format}`, { originalFormat: format, createdAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, i * 111)) });

    for (const row of rows) await db.prisma.loop.create({ data: row });
  });
  afterAll(() => db.drop());

  it("for every shape of row as inserted", async () => {
    expect(await compareAll()).toBeGreaterThan(50);
  });

  it("after the row, its creator and its genre change", async () => {
    await db.prisma.loop.updateMany({ where: { status: "processing" }, data: { status: "ready", durationMs: 4321, detectedBpm: 140 } });
    await db.prisma.loop.updateMany({ where: { title: "Free loop" }, data: { isFree: false, priceCents: 250, tags: "now, paid" } });
    await db.prisma.user.update({ where: { id: namedCreator }, data: { username: "zoe_renamed", firstName: null } });
    await db.prisma.user.update({ where: { id: bareCreator }, data: { firstName: "Ðavid" } });
    await db.prisma.genre.update({ where: { id: plainGenre }, data: { name: "Deep House 🏠" } });
    await compareAll();
  });

  it("whatever the writing session's date and number settings (a trigger serves every writer: psql, scripts)", async () => {
    await db.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL "DateStyle" = 'SQL, DMY'`);
      await tx.$executeRawUnsafe(`SET LOCAL "extra_float_digits" = -15`);
      await tx.$executeRawUnsafe(`SET LOCAL "TimeZone" = 'Pacific/Chatham'`);
      await tx.$executeRawUnsafe(`UPDATE "app"."loops" SET "like_count" = "like_count" + 1`);
    });
    await compareAll();
  });
});
