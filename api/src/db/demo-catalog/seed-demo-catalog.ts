// Fills a database that has no loops with the demo catalog (./catalog.ts): each item's audio is
// synthesized (./synth.ts), then it enters exactly as an upload does (POST /api/loops/upload):
// the original goes to storage under the upload's key, the form fields are checked by the
// upload's schema, and the loop row (processing) is recorded with its `loop.process` job in one
// transaction. The API's worker then processes them: previews, peaks, MP3 and WAV are real.
// LOOP_DEMO_CATALOG=0 turns it off. Demo loops are not members' uploads: they earn no upload reward
// (issue 22), but their originals are hashed like uploads, so a member re-uploading one (an MP3 is
// delivered as uploaded) earns nothing either.
import { createHash, randomUUID } from "node:crypto";
import { uploadLoopFieldsSchema, type UploadLoopFields } from "@loop/rules/schemas/loops";
import { sniffAudioFormat, SNIFF_BYTES, type AudioFormat } from "../../audio/sniff";
import { originalKey, recordUpload } from "../../features/loops/record-upload";
import type { Storage } from "../../storage/storage";
import type { PrismaClient } from "../prisma";
import { DEMO_CATALOG, type DemoItem } from "./catalog";
import { synthesize } from "./synth";
import { toMp3, toWav } from "./synth-encode";

/** Keeps two seeders (two `migrate` runs at once) from both adding the catalog. */
const DEMO_CATALOG_LOCK_KEY = 4_242_002;

export const DEMO_CATALOG_ENV = "LOOP_DEMO_CATALOG";

/** On unless LOOP_DEMO_CATALOG is 0, false, off or no. */
export function demoCatalogEnabled(env: Record<string, string | undefined> = process.env): boolean {
  const value = env[DEMO_CATALOG_ENV]?.trim().toLowerCase();
  return !(value === "0" || value === "false" || value === "off" || value === "no");
}

export interface DemoCatalogResult {
  seeded: boolean;
  loops: number;
  tracks: number;
  /** Why nothing was added. */
  reason?: string;
}

export interface DemoCatalogOptions {
  items?: readonly DemoItem[];
  /** "Upload" times are spread before this moment (DemoItem.ageHours). */
  now?: Date;
  /** The "uploaded" file of an item (renderDemoAudio; the tests of the seed's rows render shorter ones). */
  render?: (item: DemoItem, seed: number) => Promise<Buffer>;
}

/** The "uploaded" file of one item: its synthesized audio as WAV or MP3. */
export async function renderDemoAudio(item: DemoItem, seed: number): Promise<Buffer> {
  const channels = synthesize({ ...item.recipe, seed, seamless: !item.track });
  return item.format === "mp3" ? toMp3(channels) : toWav(channels);
}

/** The upload form's fields for an item, as the browser would send them (all text). */
export function demoUploadFields(item: DemoItem, genreId: number): Record<string, string> {
  const fields: Record<string, string> = {
    title: item.title,
    description: item.description,
    genreId: String(genreId),
    price: item.price,
    isFree: String(Number(item.price) === 0),
    bpm: String(item.recipe.bpm),
    key: item.recipe.key,
    tags: item.tags.join(", "),
    contentType: item.track ? "track" : "loop",
  };
  if (item.track) Object.assign(fields, item.track);
  return fields;
}

interface Prepared {
  id: string;
  userId: string;
  genreId: number;
  input: UploadLoopFields;
  format: AudioFormat;
  bytes: number;
  sha256: Buffer;
  createdAt: Date;
}

export async function seedDemoCatalog(
  prisma: PrismaClient,
  storage: Storage,
  options: DemoCatalogOptions = {},
): Promise<DemoCatalogResult> {
  const items = options.items ?? DEMO_CATALOG;
  const now = options.now ?? new Date();
  const render = options.render ?? renderDemoAudio;
  const skip = (reason: string): DemoCatalogResult => ({ seeded: false, loops: 0, tracks: 0, reason });
  // Checked first so that a restart does not synthesize anything; checked again under the lock.
  if ((await prisma.loop.count()) > 0) return skip("the database already has loops");

  const usernames = [...new Set(items.map((item) => item.creator))];
  const genreNames = [...new Set(items.map((item) => item.genre))];
  const [users, genres] = await Promise.all([
    prisma.user.findMany({ where: { username: { in: usernames } }, select: { id: true, username: true } }),
    prisma.genre.findMany({ where: { name: { in: genreNames } } }),
  ]);
  const userIds = new Map(users.map((user) => [user.username, user.id]));
  const genreIds = new Map(genres.map((genre) => [genre.name, genre.id]));
  const missing = [...usernames.filter((name) => !userIds.has(name)), ...genreNames.filter((name) => !genreIds.has(name))];
  if (missing.length) return skip(`the demo creators and genres are not all there (missing: ${missing.join(", ")})`);

  const prepared: Prepared[] = [];
  const stored: string[] = [];
  const removeStored = () => Promise.all(stored.map((key) => storage.delete(key).catch(() => {})));
  try {
    for (const [index, item] of items.entries()) {
      const genreId = genreIds.get(item.genre)!;
      const parsed = uploadLoopFieldsSchema.safeParse(demoUploadFields(item, genreId));
      if (!parsed.success) throw new Error(`demo catalog: "${item.title}": ${parsed.error.issues[0]?.message}`);
      const bytes = await render(item, index + 1);
      const format = sniffAudioFormat(bytes.subarray(0, SNIFF_BYTES));
      if (!format) throw new Error(`demo catalog: "${item.title}": the synthesized ${item.format} is not recognised`);
      const id = randomUUID();
      await storage.put(originalKey(id), bytes);
      stored.push(originalKey(id));
      prepared.push({
        id,
        userId: userIds.get(item.creator)!,
        genreId,
        input: parsed.data,
        format,
        bytes: bytes.length,
        sha256: createHash("sha256").update(bytes).digest(),
        createdAt: new Date(now.getTime() - item.ageHours * 3_600_000),
      });
    }

    const added = await prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${DEMO_CATALOG_LOCK_KEY})`;
        if ((await tx.loop.count()) > 0) return false;
        for (const loop of prepared)
          await recordUpload(tx, { ...loop, originalFormat: loop.format, originalBytes: loop.bytes, originalSha256: loop.sha256 });
        return true;
      },
      { timeout: 60_000 },
    );
    if (!added) {
      await removeStored();
      return skip("another seeder added loops first");
    }
  } catch (error) {
    await removeStored();
    throw error;
  }
  const tracks = items.filter((item) => item.track).length;
  return { seeded: true, loops: items.length - tracks, tracks };
}
