import { readdirSync } from "node:fs";
import path from "node:path";
import decode from "@audio/decode";
import { DURATION_BAND_MS, DURATION_BANDS, loopListResponseSchema, loopPeaksSchema, MAX_AUDIO_SECONDS } from "@loop/rules/schemas/loops";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { detectTempo, mixToMono } from "../src/audio/analysis";
import { sniffAudioFormat, SNIFF_BYTES } from "../src/audio/sniff";
import { DEMO_CATALOG, type DemoItem } from "../src/db/demo-catalog/catalog";
import { demoCatalogEnabled, renderDemoAudio, seedDemoCatalog } from "../src/db/demo-catalog/seed-demo-catalog";
import { durationOf, SAMPLE_RATE, synthesize } from "../src/db/demo-catalog/synth";
import { originalKey } from "../src/features/loops/record-upload";
import { DEMO_CREATORS, DEMO_GENRES, seed } from "../src/db/seed";
import { truncateAll } from "./support/database";
import { suiteApp } from "./support/suite-app";
import type { TestApp } from "./support/test-app";
import { EVENT_DEADLINE_MS } from "./support/wait";

/** Files under the local storage's root, at any depth. */
function storedFiles(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, entry) => sum + (entry.isDirectory() ? storedFiles(path.join(dir, entry.name)) : 1),
    0,
  );
}

const LOOPS = DEMO_CATALOG.filter((item) => !item.track);
const TRACKS = DEMO_CATALOG.filter((item) => item.track);
/** The items the worker test processes: WAV and MP3 loops, a track, free and paid, every duration band. */
const WORKER_SAMPLE = ["Piano House Anthem", "Lagos Sunrise", "Warehouse Pulse", "Deep Sunset Groove", "Gravity Wobble", "Night Shift"];

describe("demo catalog: the synthesizer", () => {
  it("is deterministic, stereo at 44.1 kHz, as long as its bars, and not silent", () => {
    const item = LOOPS.find((candidate) => candidate.title === "Piano House Anthem")!;
    const recipe = { ...item.recipe, seed: 7, seamless: true };
    const [left, right] = synthesize(recipe);
    expect(left.length).toBe(Math.round(durationOf(recipe) * SAMPLE_RATE));
    expect(right.length).toBe(left.length);
    const again = synthesize(recipe);
    expect(Buffer.from(again[0].buffer).equals(Buffer.from(left.buffer))).toBe(true);
    let peak = 0;
    let energy = 0;
    for (let i = 0; i < left.length; i++) {
      peak = Math.max(peak, Math.abs(left[i]!), Math.abs(right[i]!));
      energy += left[i]! ** 2;
    }
    expect(peak).toBeGreaterThan(0.85);
    expect(peak).toBeLessThanOrEqual(0.9);
    expect(Math.sqrt(energy / left.length)).toBeGreaterThan(0.05);
    // The two sides differ (panned voices, echoes): real stereo.
    expect(Buffer.from(left.buffer).equals(Buffer.from(right.buffer))).toBe(false);
  });

  it("makes WAV and MP3 files that decode back to the intended length and tempo", async () => {
    for (const title of ["Piano House Anthem", "Warehouse Pulse", "Gravity Wobble"]) {
      const item = DEMO_CATALOG.find((candidate) => candidate.title === title)!;
      const bytes = await renderDemoAudio(item, 3);
      expect(sniffAudioFormat(bytes.subarray(0, SNIFF_BYTES))).toBe(item.format);
      const decoded = await decode(bytes);
      expect(decoded.sampleRate).toBe(SAMPLE_RATE);
      expect(decoded.channelData).toHaveLength(2);
      const seconds = decoded.channelData[0]!.length / decoded.sampleRate;
      // MP3 adds an encoder delay and pads the last frame (a few tens of ms).
      expect(Math.abs(seconds - durationOf(item.recipe))).toBeLessThan(item.format === "mp3" ? 0.12 : 0.001);
      const bpm = detectTempo(mixToMono(decoded.channelData), decoded.sampleRate);
      expect(bpm, title).not.toBeNull();
      expect(Math.abs(bpm! - item.recipe.bpm), `${title}: detected ${bpm}, intended ${item.recipe.bpm}`).toBeLessThanOrEqual(2);
    }
    expect(new Set(DEMO_CATALOG.map((item) => item.format))).toEqual(new Set(["wav", "mp3"]));
  });

  it("can be turned off with LOOP_DEMO_CATALOG", () => {
    expect(demoCatalogEnabled({})).toBe(true);
    expect(demoCatalogEnabled({ LOOP_DEMO_CATALOG: "1" })).toBe(true);
    for (const off of ["0", "false", "off", "no", " OFF "]) expect(demoCatalogEnabled({ LOOP_DEMO_CATALOG: off })).toBe(false);
  });
});

describe("demo catalog: the seed", () => {
  let t: TestApp;
  suiteApp((app) => (t = app));

  it("covers every genre and creator, free and paid, loops and tracks, in every duration band", () => {
    expect(LOOPS.length).toBeGreaterThanOrEqual(22);
    expect(TRACKS.length).toBeGreaterThanOrEqual(3);
    expect(TRACKS.length).toBeLessThanOrEqual(4);
    expect(new Set(DEMO_CATALOG.map((item) => item.genre))).toEqual(new Set(DEMO_GENRES));
    expect(new Set(DEMO_CATALOG.map((item) => item.creator))).toEqual(new Set(DEMO_CREATORS.map((creator) => creator.username)));
    const prices = new Set(DEMO_CATALOG.map((item) => item.price));
    for (const price of ["0.00", "2.99", "4.99", "12.00", "25.00"]) expect(prices).toContain(price);
    for (const item of LOOPS) {
      const bars = item.recipe.sections.reduce((sum, section) => sum + section.bars, 0);
      expect(bars, item.title).toBeGreaterThanOrEqual(4);
      expect(bars, item.title).toBeLessThanOrEqual(16);
    }
    // Nothing the worker would refuse: a format it reads, no longer than an upload may be.
    for (const item of DEMO_CATALOG) {
      expect(["wav", "mp3"], item.title).toContain(item.format);
      expect(durationOf(item.recipe), item.title).toBeLessThanOrEqual(MAX_AUDIO_SECONDS[item.track ? "track" : "loop"]);
    }
    for (const item of TRACKS) {
      expect(durationOf(item.recipe), item.title).toBeGreaterThanOrEqual(60);
      expect(durationOf(item.recipe), item.title).toBeLessThanOrEqual(90);
    }
    const seconds = LOOPS.map((item) => durationOf(item.recipe));
    expect(seconds.filter((s) => s < 29).length).toBeGreaterThanOrEqual(3);
    expect(seconds.filter((s) => s > 31 && s < 59).length).toBeGreaterThanOrEqual(3);
    expect(seconds.filter((s) => s > 61).length).toBeGreaterThanOrEqual(1);
  });

  it("stores and enqueues every item like an upload, once", async () => {
    const prisma = t.db.prisma;
    // Each item's first bar only: the whole catalog's 17 minutes of audio cost 25 s of CPU per run,
    // and what is checked here is the rows, files and jobs. Whole items are rendered and decoded
    // above, and processed by the worker below.
    const render = (item: DemoItem, seed: number) =>
      renderDemoAudio({ ...item, recipe: { ...item.recipe, sections: [{ ...item.recipe.sections[0]!, bars: 1 }] } }, seed);
    expect(await seedDemoCatalog(prisma, t.storage, { render })).toMatchObject({ seeded: false, reason: expect.stringMatching(/missing/) });
    await seed(prisma, { adminEmail: "admin@loop.local" });

    const result = await seedDemoCatalog(prisma, t.storage, { render });
    expect(result).toEqual({ seeded: true, loops: LOOPS.length, tracks: TRACKS.length });
    const rows = await prisma.loop.findMany({ include: { genre: true, user: true } });
    expect(rows).toHaveLength(DEMO_CATALOG.length);
    expect(rows.every((row) => row.status === "processing")).toBe(true);
    expect(await prisma.job.count({ where: { queue: "loop.process", state: "queued" } })).toBe(DEMO_CATALOG.length);
    for (const row of rows) {
      const item = DEMO_CATALOG.find((candidate) => candidate.title === row.title)!;
      expect(row.originalKey).toBe(originalKey(row.id));
      expect(row.originalFormat).toBe(item.format);
      expect((await t.storage.stat(row.originalKey))?.size).toBeGreaterThan(10_000);
      expect(row.user.username).toBe(item.creator);
      expect(row.genre.name).toBe(item.genre);
      expect(row.priceCents).toBe(Math.round(Number(item.price) * 100));
      expect(row.isFree).toBe(item.price === "0.00");
      expect(row.bpm).toBe(item.recipe.bpm);
      expect(row.key).toBe(item.recipe.key);
      expect(row.tags).toBe(item.tags.join(","));
      expect(row.contentType).toBe(item.track ? "track" : "loop");
      expect(row.artistName).toBe(item.track?.artistName ?? null);
      expect(row.lyrics).toBe(item.track?.lyrics ?? null);
      expect(row.releaseDate?.toISOString().slice(0, 10) ?? null).toBe(item.track?.releaseDate ?? null);
      expect(row.createdAt.getTime()).toBeLessThan(Date.now() - item.ageHours * 3_600_000 + 60_000);
    }

    // A restart (the seed runs on every `pnpm dev`) adds nothing and stores nothing.
    const files = async () => (await Promise.all(rows.map((row) => t.storage.stat(row.originalKey)))).filter(Boolean).length;
    expect(await seedDemoCatalog(prisma, t.storage, { render })).toEqual({
      seeded: false,
      loops: 0,
      tracks: 0,
      reason: "the database already has loops",
    });
    expect(await seed(prisma, { adminEmail: "admin@loop.local" })).toMatchObject({ seeded: false });
    expect(await prisma.loop.count()).toBe(DEMO_CATALOG.length);
    expect(await prisma.job.count()).toBe(DEMO_CATALOG.length);
    expect(await files()).toBe(DEMO_CATALOG.length);
  });

  it("the worker makes them ready, and the marketplace lists them with previews and waveforms", async () => {
    // Processing the whole catalog (17 minutes of audio) cost a minute of CPU per test run; a sample
    // of every kind goes through the real worker: WAV and MP3 loops, a track, free and paid, every
    // duration band, and the loops whose tempo is checked. What could refuse the others is checked
    // for every item above (format, length within the limits).
    const prisma = t.db.prisma;
    await truncateAll(prisma);
    await seed(prisma, { adminEmail: "admin@loop.local" });
    const items = WORKER_SAMPLE.map((title) => DEMO_CATALOG.find((item) => item.title === title)!);
    expect(await seedDemoCatalog(prisma, t.storage, { items })).toMatchObject({ seeded: true });

    // Two threads, as two API instances would.
    t.startWorker();
    t.startWorker();
    const deadline = Date.now() + EVENT_DEADLINE_MS;
    for (;;) {
      const counts = await prisma.loop.groupBy({ by: ["status"], _count: true });
      const count = (status: string) => counts.find((row) => row.status === status)?._count ?? 0;
      expect(count("failed")).toBe(0);
      if (count("ready") === items.length) break;
      if (Date.now() > deadline) throw new Error(`demo items not processed in time: ${JSON.stringify(counts)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    const ready = await prisma.loop.findMany();
    for (const loop of ready) {
      const item = items.find((candidate) => candidate.title === loop.title)!;
      for (const key of [loop.previewKey, loop.mp3Key, loop.wavKey, loop.peaksKey]) {
        expect(key, loop.title).toBeTruthy();
        expect((await t.storage.stat(key!))?.size, `${loop.title}: ${key}`).toBeGreaterThan(0);
      }
      expect(Math.abs(loop.durationMs! - durationOf(item.recipe) * 1000), loop.title).toBeLessThan(150);
    }
    // The detected tempo of loops with a steady kick is the intended one.
    for (const title of ["Warehouse Pulse", "Piano House Anthem", "Deep Sunset Groove", "Lagos Sunrise"]) {
      const loop = ready.find((candidate) => candidate.title === title)!;
      expect(Math.abs(loop.detectedBpm! - loop.bpm!), `${title}: detected ${loop.detectedBpm}`).toBeLessThanOrEqual(2);
    }

    // The marketplace shows them: every duration band, free and paid, previews and waveforms.
    const list = async (query: string) => loopListResponseSchema.parse((await request(t.app).get(`/api/loops${query}`).expect(200)).body);
    expect((await list("?limit=100")).total).toBe(items.length);
    const inBand = (band: keyof typeof DURATION_BAND_MS, ms: number) => {
      const limits: { lt?: number; gte?: number; lte?: number; gt?: number } = DURATION_BAND_MS[band];
      return (
        (limits.lt === undefined || ms < limits.lt) &&
        (limits.gte === undefined || ms >= limits.gte) &&
        (limits.lte === undefined || ms <= limits.lte) &&
        (limits.gt === undefined || ms > limits.gt)
      );
    };
    for (const band of DURATION_BANDS) {
      const expected = ready.filter((loop) => inBand(band, loop.durationMs!)).length;
      expect(expected, band).toBeGreaterThanOrEqual(1);
      expect((await list(`?duration=${band}`)).total, band).toBe(expected);
    }
    expect((await list("?isFree=true")).total).toBe(items.filter((item) => item.price === "0.00").length);
    expect((await list("?isFree=false")).total).toBe(items.filter((item) => item.price !== "0.00").length);
    expect((await list("?contentType=track")).total).toBe(items.filter((item) => item.track).length);
    const newest = (await list("?sortBy=recent&limit=1")).loops[0]!;
    expect(newest.title).toBe([...items].sort((a, b) => a.ageHours - b.ageHours)[0]!.title);
    const preview = await request(t.app).get(`/api/loops/${newest.id}/preview`).expect(200);
    expect(preview.headers["content-type"]).toMatch(/audio\/mpeg/);
    const peaks = loopPeaksSchema.parse((await request(t.app).get(`/api/loops/${newest.id}/peaks`).expect(200)).body);
    expect(peaks.peaks.length).toBeGreaterThan(100);
  });

  it("adds the catalog once when two seeders race, and leaves no file of the loser behind", async () => {
    const prisma = t.db.prisma;
    await truncateAll(prisma);
    await seed(prisma, { adminEmail: "admin@loop.local" });
    const filesBefore = storedFiles(t.config.filesDir);
    const items = [LOOPS.find((item) => item.title === "Neurofunk Alarm")!, LOOPS.find((item) => item.title === "Gravity Wobble")!];
    const results = await Promise.all([seedDemoCatalog(prisma, t.storage, { items }), seedDemoCatalog(prisma, t.storage, { items })]);
    expect(results.filter((result) => result.seeded)).toHaveLength(1);
    const rows = await prisma.loop.findMany();
    expect(rows).toHaveLength(2);
    expect(await prisma.job.count()).toBe(2);
    expect(results.find((result) => !result.seeded)?.reason).toMatch(/already has loops|another seeder/);
    // Only the winner's two originals were added to storage.
    for (const row of rows) expect(await t.storage.stat(row.originalKey)).not.toBeNull();
    expect(storedFiles(t.config.filesDir)).toBe(filesBefore + 2);
  });
});
