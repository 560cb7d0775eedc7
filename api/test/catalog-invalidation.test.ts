// The catalog cache across processes (issue 21): a change made through one API process is
// announced on catalog_changed, and every other process drops its cached pages when it arrives, not
// after the TTL.
import { randomUUID } from "node:crypto";
import { loopListResponseSchema } from "@loop/rules/schemas/loops";
import request from "supertest";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPgListener, type PgListener } from "../src/db/pg-listener";
import { createPrisma, type PrismaClient } from "../src/db/prisma";
import { catalogCache, catalogChanged, listenForCatalogChanges } from "../src/features/loops/catalog-cache";
import { truncateAll } from "./support/database";
import { signInMember, type Member } from "./support/members";
import { createTestApp, testLogger, type TestApp } from "./support/test-app";

let a: TestApp;
let b: TestApp;
let prismaB: PrismaClient;
const listeners: PgListener[] = [];
let creator: Member;
let loopId: string;
const saved = { cache: process.env.CATALOG_CACHE, ttl: process.env.CATALOG_CACHE_TTL_MS };

const titles = async (t: TestApp) =>
  loopListResponseSchema.parse((await request(t.app).get("/api/loops?sortBy=recent").expect(200)).body).loops.map((loop) => loop.title);

/** The API role's listener for one process (its own connection, its own database client). */
async function listenAs(prisma: PrismaClient, url: string): Promise<PgListener> {
  const listener = createPgListener({ databaseUrl: url, logger: testLogger, minBackoffMs: 50, maxBackoffMs: 200 });
  listeners.push(listener);
  listenForCatalogChanges(listener, prisma);
  await listener.ready();
  return listener;
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 3_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  // The cache on, with a TTL long enough that only an invalidation can refresh a page here.
  process.env.CATALOG_CACHE = "1";
  process.env.CATALOG_CACHE_TTL_MS = "60000";
  a = await createTestApp();
  // Replica B: the same database through its own client, so its own cache, as another process.
  prismaB = createPrisma(a.db.url);
  b = await createTestApp({ db: { ...a.db, prisma: prismaB } });
  await truncateAll(a.db.prisma);
  const genreId = (await a.db.prisma.genre.create({ data: { name: "House" } })).id;
  creator = await signInMember(a);
  loopId = randomUUID();
  await a.db.prisma.loop.create({
    data: {
      id: loopId,
      userId: creator.id,
      genreId,
      title: "Before",
      isFree: true,
      priceCents: 0,
      status: "ready",
      durationMs: 20_000,
      originalKey: `loops/${loopId}/original`,
      originalFormat: "wav",
      mp3Key: `loops/${loopId}/audio.mp3`,
      wavKey: `loops/${loopId}/audio.wav`,
    },
  });
  await listenAs(a.db.prisma, a.db.url);
  await listenAs(prismaB, a.db.url);
});

afterAll(async () => {
  await Promise.all(listeners.map((listener) => listener.stop()));
  await b?.close();
  await prismaB?.$disconnect();
  await a?.close();
  for (const [name, value] of [
    ["CATALOG_CACHE", saved.cache],
    ["CATALOG_CACHE_TTL_MS", saved.ttl],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

it("a catalog write through app A clears app B's cached page: B answers the new data on its next request", async () => {
  expect(catalogCache(a.db.prisma)).not.toBe(catalogCache(prismaB));
  expect(catalogCache(prismaB).enabled).toBe(true);
  expect(await titles(b)).toEqual(["Before"]);
  // B's page is cached: a change nobody announces does not show there.
  await a.db.prisma.loop.update({ where: { id: loopId }, data: { title: "Unannounced" } });
  expect(await titles(b)).toEqual(["Before"]);

  const generationA = catalogCache(a.db.prisma).generation;
  const generationB = catalogCache(prismaB).generation;
  await creator.browser.patch(`/api/loops/${loopId}`).send({ title: "After" }).expect(200);
  expect(await titles(a)).toEqual(["After"]);
  // The announcement reaches B within moments (its TTL is a minute).
  await waitFor(() => catalogCache(prismaB).generation > generationB, "B's cache to be dropped");
  expect(await titles(b)).toEqual(["After"]);

  // A dropped its cache once, for its own write: its own announcement's echo is ignored.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(catalogCache(a.db.prisma).generation).toBe(generationA + 1);
});

it("a change announced by a process without the API (a worker's loop becoming ready) reaches both", async () => {
  expect(await titles(a)).toEqual(["After"]);
  expect(await titles(b)).toEqual(["After"]);
  await a.db.prisma.loop.update({ where: { id: loopId }, data: { title: "Processed" } });
  // A worker process: its own database client, no app, no listener.
  const workerPrisma = createPrisma(a.db.url);
  try {
    const generations = [catalogCache(a.db.prisma).generation, catalogCache(prismaB).generation];
    catalogChanged(workerPrisma);
    await waitFor(
      () => catalogCache(a.db.prisma).generation > generations[0]! && catalogCache(prismaB).generation > generations[1]!,
      "both caches to be dropped",
    );
    expect(await titles(a)).toEqual(["Processed"]);
    expect(await titles(b)).toEqual(["Processed"]);
  } finally {
    await workerPrisma.$disconnect();
  }
});

it("after its listening connection was lost, a process drops its cache and hears announcements again", async () => {
  expect(await titles(b)).toEqual(["Processed"]);
  await a.db.prisma.loop.update({ where: { id: loopId }, data: { title: "While Away" } });
  const before = catalogCache(prismaB).generation;
  // Every listening session of this database is cut (as a Postgres restart or a proxy would).
  await a.db.prisma.$executeRaw`
    SELECT pg_terminate_backend("pid") FROM pg_stat_activity WHERE "application_name" = 'loop-listener' AND "datname" = current_database()`;
  // Reconnected: what was announced meanwhile may be lost, so the cache is dropped.
  await waitFor(() => catalogCache(prismaB).generation > before, "B to reconnect and drop its cache");
  expect(await titles(b)).toEqual(["While Away"]);
  await Promise.all(listeners.map((listener) => listener.ready()));

  const generation = catalogCache(prismaB).generation;
  await creator.browser.patch(`/api/loops/${loopId}`).send({ title: "Back" }).expect(200);
  await waitFor(() => catalogCache(prismaB).generation > generation, "B to hear the announcement after reconnecting");
  expect(await titles(b)).toEqual(["Back"]);
});
