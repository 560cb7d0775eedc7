// Process roles (issue 21): LOOP_ROLES, the probes of an API process and of a worker-only one, and
// jobs queued by an API-only process picked up by a worker in another process when announced.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { ConfigError, loadConfig } from "../src/config";
import { createPgListener, type PgListener } from "../src/db/pg-listener";
import { createPrisma, type PrismaClient } from "../src/db/prisma";
import type { AppDeps } from "../src/deps";
import { queuedJobHooks } from "../src/roles/api-role";
import { startWorkerHealthServer } from "../src/roles/worker-health";
import { startWorkerRole, type WorkerRole } from "../src/roles/worker-role";
import { answers, killAll, processEnv, startApiProcess, waitReady, type ApiProcess } from "./support/api-processes";
import { clickTrack, wavFile } from "./support/audio";
import { createTestDatabase, truncateAll, type TestDatabase } from "./support/database";
import { EventStreamClient } from "./support/event-stream";
import { createGenre } from "./support/listed-loop";
import { signInAdmin, signInMember, type Member } from "./support/members";
import { freePort } from "./support/ports";
import { newAccount, walletSignIn } from "./support/siwe";
import { APP_ORIGIN, createTestApp, setCookie, testLogger, type TestApp } from "./support/test-app";
import { EVENT_DEADLINE_MS, waitFor } from "./support/wait";

describe("LOOP_ROLES and WORKER_HEALTH_PORT", () => {
  it("default to both roles in one process, and the health port to API_PORT", () => {
    expect(loadConfig({})).toMatchObject({ roles: ["api", "worker"], workerHealthPort: 3000 });
    expect(loadConfig({ API_PORT: "4100" }).workerHealthPort).toBe(4100);
    expect(loadConfig({ WORKER_HEALTH_PORT: "9100" }).workerHealthPort).toBe(9100);
  });

  it("take api, worker or both (in either order)", () => {
    expect(loadConfig({ LOOP_ROLES: "api" }).roles).toEqual(["api"]);
    expect(loadConfig({ LOOP_ROLES: "worker" }).roles).toEqual(["worker"]);
    expect(loadConfig({ LOOP_ROLES: "api,worker" }).roles).toEqual(["api", "worker"]);
    expect(loadConfig({ LOOP_ROLES: " worker , api " }).roles).toEqual(["api", "worker"]);
    expect(loadConfig({ LOOP_ROLES: "  " }).roles).toEqual(["api", "worker"]);
  });

  it("refuse anything else with a ConfigError naming the variable", () => {
    for (const raw of ["web", "API", "api,", ",worker", "api;worker", "api,api", "api,worker,cron", "all"]) {
      expect(() => loadConfig({ LOOP_ROLES: raw }), raw).toThrow(ConfigError);
      expect(() => loadConfig({ LOOP_ROLES: raw }), raw).toThrow(`LOOP_ROLES must be api, worker or api,worker (got "${raw.trim()}")`);
    }
    expect(() => loadConfig({ WORKER_HEALTH_PORT: "http" })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKER_HEALTH_PORT: "0" })).toThrow("WORKER_HEALTH_PORT");
  });
});

describe("health probes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOOP_ROLES: "api" } });
  });
  afterAll(() => t?.close());

  it("an API process answers GET /api/health/live and /api/health/ready; /api/health is unchanged", async () => {
    const live = await request(t.app).get("/api/health/live").expect(200);
    expect(live.body).toEqual({ status: "ok", roles: ["api"] });
    expect(live.headers["cache-control"]).toBe("no-store");
    expect((await request(t.app).get("/api/health/ready").expect(200)).body).toEqual({ status: "ok", roles: ["api"] });
    expect((await request(t.app).get("/api/health").expect(200)).body).toMatchObject({ status: "ok", database: "ok" });
  });

  it("a worker-only process answers GET /health/live and /health/ready on its own port", async () => {
    const health = await startWorkerHealthServer({ prisma: t.db.prisma, roles: ["worker"], host: "127.0.0.1", port: 0 });
    const origin = `http://127.0.0.1:${health.port}`;
    try {
      const live = await fetch(`${origin}/health/live`);
      expect(live.status).toBe(200);
      expect(live.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await live.json()).toEqual({ status: "ok", roles: ["worker"] });
      const ready = await fetch(`${origin}/health/ready`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: "ok", roles: ["worker"] }]);
      // It serves nothing else: no API here.
      expect((await fetch(`${origin}/api/loops`)).status).toBe(404);
      expect((await fetch(`${origin}/health/ready`, { method: "POST" })).status).toBe(404);
      // Shutting down: no longer ready, still alive.
      health.markStopping();
      const stopping = await fetch(`${origin}/health/ready`);
      expect([stopping.status, await stopping.json()]).toEqual([503, { status: "error", roles: ["worker"] }]);
      expect((await fetch(`${origin}/health/live`)).status).toBe(200);
    } finally {
      await health.close();
    }
  });

  it("a worker whose database does not answer is alive but not ready (503)", async () => {
    const unreachable = createPrisma("postgresql://postgres:postgres@127.0.0.1:9/loop", { poolSize: 1 });
    const health = await startWorkerHealthServer({ prisma: unreachable, roles: ["worker"], host: "127.0.0.1", port: 0 });
    try {
      const ready = await fetch(`http://127.0.0.1:${health.port}/health/ready`);
      expect([ready.status, await ready.json()]).toEqual([503, { status: "error", roles: ["worker"] }]);
      expect((await fetch(`http://127.0.0.1:${health.port}/health/live`)).status).toBe(200);
    } finally {
      await health.close();
      await unreachable.$disconnect().catch(() => {});
    }
  });
});

describe("an API-only process and a worker process on one database", () => {
  /** The API-only process: the test app, its hooks as main.ts makes them without a local worker. */
  let api: TestApp;
  let member: Member;
  let genreId: number;
  /** The worker process: its own database client and LISTEN connection. */
  let workerPrisma: PrismaClient;
  let listener: PgListener;
  let worker: WorkerRole;
  /**
   * The poll interval of the worker's queues, far longer than these tests: a job taken before it
   * was taken because it was announced, however slow the machine (the control of the NOTIFY
   * wake-up: without the announcement nothing happens, the first test).
   */
  const POLL_MS = 30 * 60_000;
  /** What the API-only process does when it queues a job: set by the tests (nothing at first). */
  let queued: Partial<Pick<AppDeps, "onLoopQueued" | "onBroadcastQueued">> = {};

  beforeAll(async () => {
    api = await createTestApp({
      env: { LOOP_ROLES: "api" },
      onLoopQueued: () => queued.onLoopQueued?.(),
      onBroadcastQueued: () => queued.onBroadcastQueued?.(),
    });
    await truncateAll(api.db.prisma);
    genreId = await createGenre(api.db.prisma, "Techno");
    member = await signInMember(api);
    workerPrisma = createPrisma(api.db.url);
    listener = createPgListener({ databaseUrl: api.db.url, logger: testLogger });
    const config = { ...api.config, roles: ["worker" as const], settlement: { ...api.config.settlement, enabled: false } };
    const workerDeps: AppDeps = { ...api.deps, config, prisma: workerPrisma, notificationHub: undefined };
    worker = startWorkerRole(workerDeps, listener, { pollMs: POLL_MS });
    await listener.ready();
    // The queues were polled at start (and woken once the listener connected): both sleep now. The
    // wait lets those polls end on a loaded machine before the first test uploads (no event tells).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  });
  afterAll(async () => {
    await worker?.stop();
    await listener?.stop();
    await workerPrisma?.$disconnect();
    await api?.close();
  });

  const upload = (title: string) =>
    member.browser
      .post("/api/loops/upload")
      .field("title", title)
      .field("genreId", String(genreId))
      .attach("audio", wavFile([clickTrack(120, 2)]), { filename: `${title}.wav`, contentType: "audio/wav" })
      .expect(201);
  const jobOf = async (loopId: string) =>
    (await api.db.prisma.job.findMany()).find((job) => (job.payload as { loopId?: string }).loopId === loopId)!;
  const waitUntil = (condition: () => Promise<boolean>, what: string) => waitFor(what, condition, EVENT_DEADLINE_MS, 25);

  it("without an announcement the worker does not see a queued job before its poll interval", async () => {
    queued = {};
    const { body } = await upload("Unannounced");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await jobOf(body.id)).toMatchObject({ state: "queued", attempts: 0 });
  });

  it("a job queued by the API-only process is announced (NOTIFY) and processed by the worker at once", async () => {
    queued = queuedJobHooks(api.db.prisma, null, testLogger);
    const { body } = await upload("Announced");
    // Only the announcement can wake the worker before its poll (POLL_MS): it claims the job.
    await waitUntil(async () => (await jobOf(body.id)).state !== "queued", "the worker to claim the job");
    await waitUntil(
      async () => (await api.db.prisma.loop.findUniqueOrThrow({ where: { id: body.id } })).status !== "processing",
      "the loop to be processed",
    );
    expect(await api.db.prisma.loop.findUniqueOrThrow({ where: { id: body.id } })).toMatchObject({ status: "ready" });
    expect(await jobOf(body.id)).toMatchObject({ state: "completed", attempts: 1 });
    // Woken, the worker took the earlier job too (the oldest first).
    const earlier = await api.db.prisma.loop.findFirstOrThrow({ where: { title: "Unannounced" } });
    await waitUntil(
      async () => (await api.db.prisma.loop.findUniqueOrThrow({ where: { id: earlier.id } })).status === "ready",
      "the earlier loop",
    );
  });

  it("a broadcast queued by the API-only process is fanned out by the worker at once", async () => {
    const admin = await signInAdmin(api);
    const response = await admin.browser
      .post("/api/admin/notifications")
      .send({ userId: "all", title: "Hello", message: "To everyone", type: "info" })
      .expect(202);
    const broadcastId = (response.body as { broadcastId: string }).broadcastId;
    await waitUntil(
      async () => (await api.db.prisma.notificationBroadcast.findUniqueOrThrow({ where: { id: broadcastId } })).status === "done",
      "the broadcast to be sent",
    );
    expect(await api.db.prisma.notification.count({ where: { broadcastId } })).toBe(await api.db.prisma.user.count());
  });

  it("stopping the worker puts the audio job in hand back for another worker", async () => {
    // 90 s of stereo: several seconds of processing, well past the moment the worker is stopped.
    const { body } = await member.browser
      .post("/api/loops/upload")
      .field("title", "Long")
      .field("genreId", String(genreId))
      .attach("audio", wavFile([clickTrack(120, 90), clickTrack(90, 90)]), { filename: "long.wav", contentType: "audio/wav" })
      .expect(201);
    await waitUntil(async () => (await jobOf(body.id)).state === "active", "the worker to claim the job");
    // The audio thread is at work by now.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await worker.stop();
    expect(await jobOf(body.id)).toMatchObject({ state: "queued", attempts: 1 });
    expect((await jobOf(body.id)).lastError).toMatch(/^worker stopped/);
    expect((await api.db.prisma.loop.findUniqueOrThrow({ where: { id: body.id } })).status).toBe("processing");
  });
});

describe("src/main.ts as an API process and a worker process", () => {
  let db: TestDatabase;
  let filesDir: string;
  let apiPort: number;
  let workerPort: number;
  let healthPort: number;
  const children: ApiProcess[] = [];

  function start(roles: string): ApiProcess {
    const started = startApiProcess(
      processEnv(db.url, {
        LOOP_ROLES: roles,
        FILES_DIR: filesDir,
        API_PORT: String(roles === "worker" ? workerPort : apiPort),
        WORKER_HEALTH_PORT: String(healthPort),
      }),
    );
    children.push(started);
    return started;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    filesDir = mkdtempSync(path.join(os.tmpdir(), "loop-files-"));
    [apiPort, workerPort, healthPort] = [await freePort(), await freePort(), await freePort()];
  });
  afterAll(async () => {
    await killAll(children);
    await db?.drop();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  it("an upload to the API process is processed by the worker process; both stop on SIGTERM with 0", async () => {
    const worker = start("worker");
    const api = start("api");
    // Ready once started (its database reached): how long that takes is the machine's.
    await waitReady(worker, `http://127.0.0.1:${healthPort}/health/ready`);
    const health = await fetch(`http://127.0.0.1:${healthPort}/health/ready`);
    expect([health.status, await health.json()], worker.output()).toEqual([200, { status: "ok", roles: ["worker"] }]);
    const live = await answers(`http://127.0.0.1:${apiPort}/api/health/live`);
    expect([live.status, await live.json()], api.output()).toEqual([200, { status: "ok", roles: ["api"] }]);
    // The worker serves no API: nothing listens on its API_PORT, and its health port serves only the probes.
    await expect(fetch(`http://127.0.0.1:${workerPort}/api/health`)).rejects.toThrow();
    expect((await fetch(`http://127.0.0.1:${healthPort}/api/health`)).status).toBe(404);

    const genreId = await createGenre(db.prisma, "Processes");
    const member = request.agent(`http://127.0.0.1:${apiPort}`);
    member.set("Origin", APP_ORIGIN);
    const signedIn = await walletSignIn(member, newAccount());
    expect(signedIn.status).toBe(200);

    // One LISTEN session per process: the API's catalog cache and its live notification streams
    // share one (db/pg-listener.ts), the worker's job wake-ups have the other.
    const stream = await EventStreamClient.open(`http://127.0.0.1:${apiPort}`, setCookie(signedIn, "loop_session")!.split(";")[0]!);
    try {
      await stream.waitForSync(1);
      // Each process connects its listener once started: wait for both, then no more appear.
      const listening = () => db.prisma.$queryRaw<{ application_name: string }[]>`
        SELECT "application_name" FROM pg_stat_activity WHERE "datname" = current_database() AND "query" LIKE 'LISTEN %'`;
      await waitFor("both processes to listen", async () => (await listening()).length >= 2);
      expect((await listening()).map((session) => session.application_name)).toEqual(["loop-listener", "loop-listener"]);
    } finally {
      stream.abort();
    }

    const { body } = await member
      .post("/api/loops/upload")
      .field("title", "Across processes")
      .field("genreId", String(genreId))
      .attach("audio", wavFile([clickTrack(120, 2)]), { filename: "across.wav", contentType: "audio/wav" })
      .expect(201);
    await waitFor(
      "the worker process to process the upload",
      async () => (await db.prisma.loop.findUniqueOrThrow({ where: { id: body.id } })).status !== "processing",
      EVENT_DEADLINE_MS,
      100,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${worker.output()}`);
    });
    expect((await db.prisma.loop.findUniqueOrThrow({ where: { id: body.id } })).status).toBe("ready");

    const [apiExit, workerExit] = await Promise.all([api.stop("SIGTERM"), worker.stop("SIGTERM")]);
    expect(apiExit, api.output()).toBe(0);
    expect(workerExit, worker.output()).toBe(0);
  });
});
