// The catalog cache across processes (issue 21): a change made through one API process is
// announced on catalog_changed, and every other process drops its cached pages when it arrives, not
// after the TTL.
import { randomUUID } from "node:crypto";
import { loopListResponseSchema } from "@loop/rules/schemas/loops";
import request from "supertest";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPrisma, type PrismaClient } from "../src/db/prisma";
import { catalogCache, catalogChanged, listenForCatalogChanges } from "../src/features/loops/catalog-cache";
import { withCatalogCache } from "./support/catalog-cache-env";
import { truncateAll } from "./support/database";
import { createGenre, audioKeys, insertLoopRow } from "./support/listed-loop";
import { signInMember, type Member } from "./support/members";
import { createTestApp, type TestApp } from "./support/test-app";
import { EVENT_DEADLINE_MS, waitFor as waitUntil } from "./support/wait";

let a: TestApp;
let b: TestApp;
let prismaB: PrismaClient;
let creator: Member;
let loopId: string;

const titles = async (t: TestApp) =>
  loopListResponseSchema.parse((await request(t.app).get("/api/loops?sortBy=recent").expect(200)).body).loops.map((loop) => loop.title);

/** The API role's catalog listening for one process: its LISTEN connection (the test app's), its own database client. */
async function listenAs(t: TestApp): Promise<void> {
  listenForCatalogChanges(t.listener, t.db.prisma);
  await t.listener.ready();
}

const waitFor = (condition: () => boolean, what: string) => waitUntil(what, condition, EVENT_DEADLINE_MS, 10);

withCatalogCache();

beforeAll(async () => {
  a = await createTestApp();
  // Replica B: the same database through its own client, so its own cache, as another process.
  prismaB = createPrisma(a.db.url);
  b = await createTestApp({ db: { ...a.db, prisma: prismaB } });
  await truncateAll(a.db.prisma);
  const genreId = await createGenre(a.db.prisma, "House");
  creator = await signInMember(a);
  loopId = randomUUID();
  await insertLoopRow(a.db.prisma, {
    id: loopId,
    userId: creator.id,
    genreId,
    title: "Before",
    isFree: true,
    priceCents: 0,
    durationMs: 20_000,
    ...audioKeys(loopId),
  });
  await listenAs(a);
  await listenAs(b);
});

afterAll(async () => {
  await b?.close();
  await prismaB?.$disconnect();
  await a?.close();
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
  await Promise.all([a.listener.ready(), b.listener.ready()]);

  const generation = catalogCache(prismaB).generation;
  await creator.browser.patch(`/api/loops/${loopId}`).send({ title: "Back" }).expect(200);
  await waitFor(() => catalogCache(prismaB).generation > generation, "B to hear the announcement after reconnecting");
  expect(await titles(b)).toEqual(["Back"]);
});
