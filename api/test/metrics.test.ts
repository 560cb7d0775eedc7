// GET /metrics (issue 21): the latency histogram labelled by route pattern, the scrape-time gauges
// (job queues, pending payouts, ledger totals), a failing query that leaves its gauges out, and the
// access rule (METRICS_TOKEN; 404 in production without one).
import { randomUUID } from "node:crypto";
import type { Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../src/app";
import { loadConfig } from "../src/config";
import type { AppDeps, Logger } from "../src/deps";
import { BROADCAST_QUEUE } from "../src/features/admin/notification-broadcast";
import { ERROR_CODES } from "@loop/rules/error-codes";
import { PROCESS_LOOP } from "../src/jobs/loop-worker";
import { enqueue } from "../src/jobs/queue";
import { fundMember, signInMember } from "./support/members";
import { createTestApp, testLogger, type TestApp } from "./support/test-app";
import { ledgerCheckedApp } from "./support/suite-app";
import { WITHDRAWABLE } from "./support/withdrawable";

const ETH = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const LOOP = 10n ** 8n; // ledger units per LOOP
const TOKEN = "metrics-token-for-the-tests-0123456789";

interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** The samples of one metric in Prometheus text format. */
function samples(text: string, name: string): Sample[] {
  const found: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const labels = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1]!, pair[2]!]));
    found.push({ labels, value: Number(match[3]) });
  }
  return found;
}

/** The value of the sample of `name` whose labels include `labels`; undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  return samples(text, name).find((candidate) => Object.entries(labels).every(([key, value]) => candidate.labels[key] === value))?.value;
}

async function scrape(app: Express): Promise<string> {
  const response = await request(app).get("/metrics").expect(200);
  expect(response.headers["content-type"]).toMatch(/^text\/plain;/);
  expect(response.headers["content-type"]).toContain("version=0.0.4");
  expect(response.headers["cache-control"]).toBe("no-store");
  return response.text;
}

describe("GET /metrics", () => {
  let t: TestApp;
  ledgerCheckedApp((app) => (t = app));
  /** Another app on the same database and services: a registry of its own, so nothing scraped or cached before. */
  const freshApp = (overrides: Partial<AppDeps> = {}) => createApp({ ...t.deps, ...overrides });

  it("times requests by route pattern (never the URL's ids), method and status; unmatched paths share one label", async () => {
    const app = freshApp();
    for (let i = 0; i < 3; i++) await request(app).get("/api/loops").expect(200);
    const unknown = [randomUUID(), randomUUID()];
    for (const id of unknown) await request(app).get(`/api/loops/${id}`).expect(404);
    await request(app).get("/api/no-such-route").expect(404);
    await request(app).get("/api/another-missing-route").expect(404);

    const text = await scrape(app);
    const count = "loop_http_request_duration_seconds_count";
    expect(sample(text, count, { method: "GET", route: "/api/loops", status: "200" })).toBe(3);
    expect(sample(text, count, { method: "GET", route: "/api/loops/:id", status: "404" })).toBe(2);
    expect(sample(text, count, { method: "GET", route: "unmatched", status: "404" })).toBe(2);
    for (const id of unknown) expect(text).not.toContain(id);
    expect(text).not.toContain("no-such-route");
    // Buckets from 1 ms to 10 s, cumulative: every request is under +Inf.
    const buckets = samples(text, "loop_http_request_duration_seconds_bucket").filter((s) => s.labels.route === "/api/loops");
    expect(buckets.map((s) => s.labels.le)).toEqual([
      "0.001",
      "0.0025",
      "0.005",
      "0.01",
      "0.025",
      "0.05",
      "0.1",
      "0.25",
      "0.5",
      "1",
      "2.5",
      "5",
      "10",
      "+Inf",
    ]);
    expect(buckets.at(-1)!.value).toBe(3);
    expect(sample(text, "loop_http_request_duration_seconds_sum", { route: "/api/loops" })).toBeGreaterThan(0);

    // The scrape itself is counted at the next one.
    expect(sample(await scrape(app), count, { route: "/metrics", status: "200" })).toBe(1);
  });

  it("has the process defaults with the loop_ prefix", async () => {
    const text = await scrape(freshApp());
    expect(text).toContain("# TYPE loop_process_cpu_user_seconds_total counter");
    expect(text).toContain("# TYPE loop_nodejs_heap_size_used_bytes gauge");
    expect(text).not.toMatch(/^process_/m);
  });

  it("job queues: depth, running jobs and the age of the oldest waiting job, per queue", async () => {
    const app = freshApp();
    let text = await scrape(app);
    expect(sample(text, "loop_job_queue_depth", { queue: PROCESS_LOOP })).toBe(0);
    expect(sample(text, "loop_job_queue_depth", { queue: BROADCAST_QUEUE })).toBe(0);
    expect(sample(text, "loop_job_queue_oldest_waiting_age_seconds", { queue: PROCESS_LOOP })).toBe(0);

    // No worker runs in this app: the job stays queued.
    await enqueue(t.db.prisma, PROCESS_LOOP, { loopId: randomUUID() });
    await t.db.prisma.$executeRaw`INSERT INTO "app"."jobs" ("queue", "payload", "run_after", "created_at")
      VALUES (${PROCESS_LOOP}, '{}'::jsonb, now() - interval '90 seconds', now() - interval '90 seconds')`;
    await t.db.prisma.$executeRaw`INSERT INTO "app"."jobs" ("queue", "payload", "state", "locked_until")
      VALUES (${BROADCAST_QUEUE}, '{}'::jsonb, 'active', now() + interval '1 minute')`;
    text = await scrape(app);
    expect(sample(text, "loop_job_queue_depth", { queue: PROCESS_LOOP })).toBe(2);
    expect(sample(text, "loop_job_queue_running", { queue: PROCESS_LOOP })).toBe(0);
    expect(sample(text, "loop_job_queue_depth", { queue: BROADCAST_QUEUE })).toBe(0);
    expect(sample(text, "loop_job_queue_running", { queue: BROADCAST_QUEUE })).toBe(1);
    const age = sample(text, "loop_job_queue_oldest_waiting_age_seconds", { queue: PROCESS_LOOP })!;
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(200);
    await t.db.prisma.$executeRaw`DELETE FROM "app"."jobs"`;
  });

  it("pending payouts: count and amount by status and method, zero for the others", async () => {
    const app = freshApp();
    const before = await scrape(app);
    const pending = { status: "pending", method: "crypto_eth" };
    const count0 = sample(before, "loop_payouts_pending", pending)!;
    const amount0 = sample(before, "loop_payouts_pending_amount_units", pending)!;
    expect(sample(before, "loop_payouts_pending", { status: "processing", method: "loop" })).toBe(0);

    const member = await signInMember(t, WITHDRAWABLE);
    await member.browser.post("/api/tokens/withdraw").send({ amount: "20", method: "crypto_eth", destination: ETH }).expect(201);
    const after = await scrape(app);
    expect(sample(after, "loop_payouts_pending", pending)).toBe(count0 + 1);
    expect(sample(after, "loop_payouts_pending_amount_units", pending)).toBe(amount0 + Number(20n * LOOP));
  });

  it("ledger totals by account kind, in ledger units: the welcome bonus and an airdrop", async () => {
    const first = await scrape(freshApp());
    const kinds = (text: string) => samples(text, "loop_ledger_balance_units").map((s) => s.labels.kind!);
    expect(first).toMatch(/# HELP loop_ledger_balance_units .*ledger units/);
    const balance = (text: string, kind: string) => sample(text, "loop_ledger_balance_units", { kind }) ?? 0;
    // Every kind adds up to zero (the ledger's invariant), issuance negative.
    expect(kinds(first).reduce((sum, kind) => sum + balance(first, kind), 0)).toBe(0);

    const app = freshApp();
    const before = await scrape(app);
    const member = await signInMember(t); // the 500 LOOP welcome bonus, promotional
    await fundMember(t, member.id, 100n); // 100 LOOP withdrawable
    const after = await scrape(app);
    // The platform's accounts are read at every scrape.
    expect(balance(after, "issuance")).toBe(balance(before, "issuance") - Number(600n * LOOP));
    // The members' totals are refreshed at most once a minute: a new app (new registry) reads them now.
    const fresh = await scrape(freshApp());
    expect(balance(fresh, "user_promo")).toBe(balance(before, "user_promo") + Number(500n * LOOP));
    expect(balance(fresh, "user")).toBe(balance(before, "user") + Number(100n * LOOP));
    expect(kinds(fresh).reduce((sum, kind) => sum + balance(fresh, kind), 0)).toBe(0);
  });

  it("a failing query leaves its gauges out, logs once, and never fails the scrape", async () => {
    const warn = vi.fn();
    const logger: Logger = { ...testLogger, warn };
    const failing = new Proxy(t.db.prisma, {
      get: (target, property, receiver) =>
        property === "$queryRaw" ? () => Promise.reject(new Error("database is down")) : Reflect.get(target, property, receiver),
    });
    const app = freshApp({ prisma: failing, logger });
    for (let i = 0; i < 2; i++) {
      const text = await scrape(app);
      expect(text).toContain("# TYPE loop_ledger_balance_units gauge");
      expect(samples(text, "loop_ledger_balance_units")).toEqual([]);
      expect(samples(text, "loop_job_queue_depth")).toEqual([]);
      expect(samples(text, "loop_payouts_pending")).toEqual([]);
      expect(text).toContain("loop_process_cpu_user_seconds_total");
    }
    const messages = warn.mock.calls.map((call) => String(call[0]));
    for (const group of ["job queues", "pending payouts", "ledger totals"]) {
      expect(messages.filter((message) => message.includes(group))).toHaveLength(1);
    }
  });
});

describe("GET /metrics access", () => {
  let t: TestApp;
  const others: TestApp[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await Promise.all(others.map((other) => other.close())); // they share t's database, dropped by t
    await t.close();
  });

  const appWith = async (env: Record<string, string>) => {
    const other = await createTestApp({ db: t.db, env });
    others.push(other);
    return other.app;
  };

  it("with METRICS_TOKEN: the bearer token or 401", async () => {
    const app = await appWith({ METRICS_TOKEN: TOKEN });
    const refused = await request(app).get("/metrics").expect(401);
    expect(refused.body).toMatchObject({ message: ERROR_CODES.METRICS_TOKEN_REQUIRED.message, code: "METRICS_TOKEN_REQUIRED" });
    expect(refused.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
    await request(app).get("/metrics").set("Authorization", `Bearer ${TOKEN}x`).expect(401);
    await request(app).get("/metrics").set("Authorization", TOKEN).expect(401);
    const text = (await request(app).get("/metrics").set("Authorization", `Bearer ${TOKEN}`).expect(200)).text;
    expect(text).toContain("# TYPE loop_http_request_duration_seconds histogram");
  });

  it("in production: 404 without METRICS_TOKEN (nothing measured), the token's rule with one", async () => {
    const closed = await appWith({ NODE_ENV: "production" });
    await request(closed).get("/api/loops").expect(200);
    expect((await request(closed).get("/metrics").expect(404)).body).toMatchObject({ message: "No route for GET /metrics" });
    const open = await appWith({ NODE_ENV: "production", METRICS_TOKEN: TOKEN });
    await request(open).get("/metrics").expect(401);
    await request(open).get("/metrics").set("Authorization", `Bearer ${TOKEN}`).expect(200);
  });

  it("METRICS_TOKEN shorter than 32 characters stops the start", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be at least 32 characters/);
    expect(loadConfig({ METRICS_TOKEN: ` ${TOKEN} ` }).metricsToken).toBe(TOKEN);
  });
});
