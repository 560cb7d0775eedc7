// Issue 21: LOOP as several processes on one Postgres — two API processes (LOOP_ROLES=api) and two
// workers (LOOP_ROLES=worker), all real `src/main.ts` processes on this file's database and the S3
// test server, behind a round-robin proxy (support/round-robin-proxy.ts: it retries a request once
// on the other API when its connection is refused or reset before any answer). What a member
// would notice: a session, the rate limits, live notifications, uploads and settlement work
// whichever process serves them, and a killed or restarted API loses no request.
import { randomUUID } from "node:crypto";
import { depositRefOf } from "@loop/rules/deposit-ref";
import { tokenBalanceSchema } from "@loop/rules/schemas/tokens";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTLEMENT_HANDLERS } from "../src/features/settlement/handlers/all-handlers";
import { killAll, processEnv, startApiProcess, waitReady, type ApiProcess } from "./support/api-processes";
import { clickTrack, wavFile } from "./support/audio";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { tempDeploymentsDir } from "./support/deployments";
import { EventStreamClient } from "./support/event-stream";
import { ledgerCheckCli } from "./support/ledger-check-cli";
import { fundMember } from "./support/members";
import { freePort } from "./support/ports";
import { startRoundRobinProxy, UPSTREAM_HEADER, type RoundRobinProxy } from "./support/round-robin-proxy";
import { newAccount, walletSignIn } from "./support/siwe";
import { startTestS3Server, type TestS3Server } from "./support/storage-s3-server";
import { APP_ORIGIN, setCookie } from "./support/test-app";
import { sleep, waitFor } from "./support/wait";

const SIGN_IN_LIMIT = 6;

/** A signed-in member: its session cookie and the address it connects from (X-Forwarded-For, see the proxy). */
interface Member {
  id: string;
  cookie: string;
  ip: string;
}

describe("two API processes and two workers on one database, behind a round-robin proxy", () => {
  let db: TestDatabase;
  let s3: TestS3Server;
  let proxy: RoundRobinProxy;
  const deployments = tempDeploymentsDir();
  const ports = { a: 0, b: 0 };
  const apis: Record<"a" | "b", ApiProcess | null> = { a: null, b: null };
  const started: ApiProcess[] = [];
  const direct = (name: "a" | "b") => `http://127.0.0.1:${ports[name]}`;
  const other = (name: string) => (name === "a" ? "b" : "a");
  let workers: { worker: ApiProcess; port: number }[] = [];
  let env: (extra: Record<string, string>) => NodeJS.ProcessEnv;

  function startApi(name: "a" | "b"): ApiProcess {
    const api = startApiProcess(env({ LOOP_ROLES: "api", API_PORT: String(ports[name]) }));
    started.push(api);
    apis[name] = api;
    return api;
  }
  const apiReady = (name: "a" | "b") => waitReady(apis[name]!, `${direct(name)}/api/health/ready`);

  let ipCount = 0;
  /** Every member connects from an address of its own, so that the sign-in limit (per address) counts each alone. */
  const newIp = () => `10.0.${Math.floor(++ipCount / 250)}.${(ipCount % 250) + 1}`;

  /** A wallet sign-in, as the web app does it, at `base` (an API or the proxy). */
  async function signIn(base: string): Promise<Member> {
    const ip = newIp();
    const agent = request.agent(base).set("Origin", APP_ORIGIN).set("X-Forwarded-For", ip);
    const response = await walletSignIn(agent, newAccount());
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return { id: response.body.id as string, cookie: setCookie(response, "loop_session")!.split(";")[0]!, ip };
  }
  /** A request as the member's browser makes it (the app's Origin, its cookie, its address). */
  function call(
    base: string,
    path: string,
    member: Member | null,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    return fetch(`${base}${path}`, {
      method: init.method ?? "GET",
      headers: {
        Origin: APP_ORIGIN,
        "X-Forwarded-For": member?.ip ?? "10.255.0.1",
        ...(member ? { Cookie: member.cookie } : {}),
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  }
  const balanceOf = async (base: string, member: Member) =>
    tokenBalanceSchema.parse(await (await call(base, "/api/tokens/balance", member)).json()).balance;

  beforeAll(async () => {
    [db, s3] = await Promise.all([createTestDatabase(), startTestS3Server()]);
    deployments.write(31337); // the chain has contracts: the workers settle its indexed events
    const [a, b, worker1, worker2] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    Object.assign(ports, { a, b });
    env = (extra) =>
      processEnv(db.url, {
        ...s3.env,
        DEPLOYMENTS_DIR: deployments.dir,
        // Behind the proxy: its X-Forwarded-For names the client (per-address limits).
        TRUST_PROXY: "loopback",
        RATE_LIMIT_WALLET_SIGNIN_PER_IP: String(SIGN_IN_LIMIT),
        SETTLEMENT_ENABLED: "true",
        SETTLEMENT_POLL_MS: "50",
        SETTLEMENT_BATCH_SIZE: "5",
        ...extra,
      });
    workers = [worker1, worker2].map((port) => {
      const worker = startApiProcess(env({ LOOP_ROLES: "worker", API_PORT: String(port), WORKER_HEALTH_PORT: String(port) }));
      started.push(worker);
      return { worker, port };
    });
    startApi("a");
    startApi("b");
    await Promise.all([
      apiReady("a"),
      apiReady("b"),
      ...workers.map(({ worker, port }) => waitReady(worker, `http://127.0.0.1:${port}/health/ready`)),
    ]);
    proxy = await startRoundRobinProxy([
      { name: "a", port: a },
      { name: "b", port: b },
    ]);
  });

  afterAll(async () => {
    await proxy?.close();
    await killAll(started);
    await Promise.all([db?.drop(), s3?.close()]);
    deployments.remove();
  });

  it("a session made through one API works on the other, directly and through the proxy; signing out on one ends it on both", async () => {
    const member = await signIn(direct("a"));
    for (const base of [direct("a"), direct("b"), proxy.url, proxy.url]) {
      const response = await call(base, "/api/auth/user", member);
      expect([base, response.status]).toEqual([base, 200]);
      expect(((await response.json()) as { id: string }).id).toBe(member.id);
    }
    // The last two went through the proxy: one to each API.
    const upstreams = [];
    for (let i = 0; i < 2; i++) upstreams.push((await call(proxy.url, "/api/auth/user", member)).headers.get(UPSTREAM_HEADER));
    expect(upstreams.sort()).toEqual(["a", "b"]);

    expect((await call(direct("b"), "/api/logout", member, { method: "POST" })).status).toBe(204);
    expect((await call(direct("a"), "/api/auth/user", member)).status).toBe(401);
    expect((await call(proxy.url, "/api/auth/user", member)).status).toBe(401);
  });

  it(`the wallet sign-in limit is shared: ${SIGN_IN_LIMIT} requests split across both APIs pass, the next is refused by either`, async () => {
    const client: Member = { id: "", cookie: "", ip: "203.0.113.7" };
    const nonce = (base: string) => call(base, "/api/auth/nonce", client);
    for (let i = 0; i < SIGN_IN_LIMIT; i++) {
      const response = await nonce(direct(i % 2 === 0 ? "a" : "b"));
      expect([i, response.status]).toEqual([i, 200]);
      expect(response.headers.get("ratelimit")).toContain(`remaining=${SIGN_IN_LIMIT - 1 - i}`);
    }
    for (const base of [direct("a"), direct("b"), proxy.url, proxy.url]) {
      const refused = await nonce(base);
      expect([base, refused.status]).toEqual([base, 429]);
      expect(await refused.json()).toMatchObject({ message: expect.any(String) });
    }
    // The limit is the address's: another member signs in through either API meanwhile.
    await signIn(direct("a"));
    await signIn(direct("b"));
  });

  it("a notification caused through one API reaches an event stream held open on the other", async () => {
    const [sender, recipient] = await Promise.all([signIn(proxy.url), signIn(proxy.url)]);
    await fundMember({ db }, sender.id, 100n); // bought LOOP: the welcome bonus cannot be sent
    const stream = await EventStreamClient.open(proxy.url, recipient.cookie, { "X-Forwarded-For": recipient.ip });
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      await stream.waitForSync(1);
      const holder = stream.response.headers.get(UPSTREAM_HEADER)!;
      const sent = await call(direct(other(holder)), "/api/tokens/transfer", sender, {
        method: "POST",
        body: { toUserId: recipient.id, amount: "7.5", description: "Across processes" },
      });
      expect(sent.status).toBe(201);
      const received = await stream.waitForNotification("Tokens Received");
      expect(received.message).toContain("7.5 LOOP");
      expect(stream.notifications()).toHaveLength(1);
    } finally {
      stream.abort();
    }
  });

  it("an upload through one API is processed by a worker process and its preview served by the other API", async () => {
    const member = await signIn(proxy.url);
    const genre = await db.prisma.genre.create({ data: { name: "Multi" } });
    // Through the proxy: ~176 kB, streamed to the API (never retried).
    const uploaded = await request(proxy.url)
      .post("/api/loops/upload")
      .set("Origin", APP_ORIGIN)
      .set("Cookie", member.cookie)
      .set("X-Forwarded-For", member.ip)
      .field("title", "Across processes")
      .field("genreId", String(genre.id))
      .attach("audio", wavFile([clickTrack(120, 2)]), { filename: "across.wav", contentType: "audio/wav" });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const receiver = uploaded.headers[UPSTREAM_HEADER] as string;
    const id = uploaded.body.id as string;
    const status = await waitFor("the worker to process the upload", async () => {
      const loop = (await (await call(direct(other(receiver)), `/api/loops/${id}/status`, member)).json()) as { status: string };
      return loop.status === "processing" ? null : loop.status;
    });
    expect(status).toBe("ready");

    const preview = await call(direct(other(receiver)), `/api/loops/${id}/preview`, member);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toMatch(/^audio\/mpeg/);
    const bytes = Buffer.from(await preview.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1000);
    // The very object the worker stored in the bucket, and the same bytes from the other API.
    const { previewKey } = await db.prisma.loop.findUniqueOrThrow({ where: { id } });
    const stored = s3.requests.filter((r) => r.method === "PUT" && r.path.endsWith(`/${previewKey!}`));
    expect(stored.map((r) => r.bodyBytes)).toEqual([bytes.length]);
    const fromReceiver = Buffer.from(await (await call(direct(receiver as "a" | "b"), `/api/loops/${id}/preview`, member)).arrayBuffer());
    expect(fromReceiver.equals(bytes)).toBe(true);
    expect(s3.rejected).toEqual([]);
  });

  // Settlement: the real chain and indexer (settlement.test.ts) take a Hardhat node, a deployment
  // and Ponder's start (tens of seconds), beyond this file's budget; what this test is about is how
  // two settling processes share the work. So the events are written into the indexer's tables
  // as Ponder writes them (its DDL for ponder.schema.ts's `deposited` and its `_ponder_checkpoint`,
  // ponder 0.16: hex as lower-case text, bigint as numeric(78)), block after block while both
  // workers poll every 50 ms with batches of 5: each pass of either finds events the other may be
  // applying. Each event must give exactly one settled row, one ledger entry, one notification.
  /** The SQL type Ponder gives an event column of ponder.schema.ts (t.bigint(), t.integer(), t.boolean(), t.hex()). */
  const ponderType = (column: string) =>
    /^(amount|price|fee|value|offer_id|release_at|expires_at)$/.test(column)
      ? "numeric(78)"
      : column === "format"
        ? "integer"
        : column === "accepted"
          ? "boolean"
          : "text";

  it("two settling workers apply each indexed event once", async () => {
    const members = await Promise.all([signIn(proxy.url), signIn(proxy.url), signIn(proxy.url)]);
    const before = await Promise.all(members.map((member) => balanceOf(proxy.url, member)));
    await db.prisma.$executeRawUnsafe(`CREATE SCHEMA "indexer"`);
    await db.prisma.$executeRawUnsafe(`
      CREATE TABLE "indexer"."_ponder_checkpoint" (
        "chain_name" TEXT PRIMARY KEY, "chain_id" BIGINT NOT NULL, "safe_checkpoint" VARCHAR(75) NOT NULL,
        "latest_checkpoint" VARCHAR(75) NOT NULL, "finalized_checkpoint" VARCHAR(75) NOT NULL)`);
    // Every table settlement reads, as Ponder makes them (a pass needs them all); only deposits get rows.
    for (const { table, columns } of SETTLEMENT_HANDLERS) {
      const own = columns.map((column) => `"${column}" ${ponderType(column)} NOT NULL`);
      await db.prisma.$executeRawUnsafe(`
        CREATE TABLE IF NOT EXISTS "indexer"."${table}" (
          "chain_id" integer NOT NULL, "tx_hash" text NOT NULL, "log_index" integer NOT NULL, "block_number" numeric(78) NOT NULL,
          "block_hash" text NOT NULL, "block_timestamp" numeric(78) NOT NULL, "address" text NOT NULL, ${own.join(", ")},
          CONSTRAINT "${table}_pk" PRIMARY KEY ("chain_id", "tx_hash", "log_index"))`);
    }
    await db.prisma.$executeRawUnsafe(`CREATE INDEX "deposited_account_ref_index" ON "indexer"."deposited" ("account_ref")`);

    const hex = (bytes: number) =>
      `0x${randomUUID()
        .replaceAll("-", "")
        .repeat(2)
        .slice(0, bytes * 2)}`;
    /** Ponder's checkpoint: timestamp, chain id, block, transaction index, event type, event index. */
    const checkpoint = (timestamp: number, block: number) =>
      `${String(timestamp).padStart(10, "0")}${"31337".padStart(16, "0")}${String(block).padStart(16, "0")}${"0".repeat(16)}5${"0".repeat(16)}`;
    const BLOCKS = 8;
    const PER_BLOCK = 5;
    const expected = new Map<string, bigint>(members.map((member) => [member.id, 0n]));
    const start = Math.floor(Date.now() / 1000);
    for (let block = 1; block <= BLOCKS; block++) {
      const blockHash = hex(32);
      const rows = Array.from({ length: PER_BLOCK }, (_, logIndex) => {
        const member = members[(block + logIndex) % members.length]!;
        const loop = BigInt(block * 10 + logIndex);
        expected.set(member.id, expected.get(member.id)! + loop);
        const txHash = hex(32);
        return [txHash, logIndex, blockHash, member, loop] as const;
      });
      // One block per transaction, its rows and the checkpoint together, as the indexer commits them.
      await db.prisma.$transaction(async (tx) => {
        for (const [txHash, logIndex, hash, member, loop] of rows) {
          await tx.$executeRawUnsafe(
            `INSERT INTO "indexer"."deposited" VALUES (31337, $1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            txHash,
            logIndex,
            block,
            hash,
            start + block,
            `0x${"f6e7d8c9ba".repeat(4)}`,
            `0x${"5a".repeat(20)}`,
            depositRefOf(member.id),
            (loop * 10n ** 18n).toString(),
          );
        }
        const at = checkpoint(start + block, block);
        await tx.$executeRawUnsafe(
          `INSERT INTO "indexer"."_ponder_checkpoint" VALUES ('hardhat', 31337, $1, $1, $1)
           ON CONFLICT ("chain_name") DO UPDATE SET "safe_checkpoint" = $1, "latest_checkpoint" = $1, "finalized_checkpoint" = $1`,
          at,
        );
      });
      await sleep(30);
    }
    const total = BLOCKS * PER_BLOCK;
    await waitFor("every event to be settled", async () => (await db.prisma.settledEvent.count()) === total).catch(
      async (error: unknown) => {
        throw new Error(
          `${String(error)}: ${await db.prisma.settledEvent.count()} of ${total}\n${workers.map(({ worker }) => worker.output()).join("\n")}`,
        );
      },
    );
    await sleep(300); // more passes of both workers: nothing more happens
    const settled = await db.prisma.settledEvent.findMany();
    expect(settled).toHaveLength(total);
    expect(new Set(settled.map((row) => `${row.txHash}:${row.logIndex}`)).size).toBe(total);
    expect(settled.every((row) => row.kind === "deposited" && row.outcome === "applied")).toBe(true);
    const deposits = await db.prisma.ledgerEntry.findMany({ where: { kind: "deposit" } });
    expect(deposits).toHaveLength(total);
    expect(new Set(deposits.map((entry) => entry.idempotencyKey)).size).toBe(total);
    expect(await db.prisma.notification.count({ where: { title: "Deposit Received" } })).toBe(total);
    for (const [i, member] of members.entries()) {
      const credited = expected.get(member.id)!;
      expect(Number(await balanceOf(proxy.url, member))).toBe(Number(before[i]) + Number(credited));
    }
    const check = await ledgerCheckCli(db.url);
    expect(check.code, check.output).toBe(0);
  });

  it("killing an API loses no request through the proxy; neither does a rolling restart under load", async () => {
    const member = await signIn(proxy.url);
    const recipient = await signIn(proxy.url);
    await fundMember({ db }, member.id, 1000n);
    const recipientBefore = Number(await balanceOf(proxy.url, recipient));
    const paths = ["/api/loops", "/api/auth/user", "/api/tokens/balance", "/api/health/ready"];

    // 1. ~200 GETs, 4 at a time; API A is SIGKILLed after the first 40.
    const retriesBefore = proxy.retries.length;
    let done = 0;
    const statuses: number[] = [];
    let killed: Promise<unknown> | null = null;
    await Promise.all(
      Array.from({ length: 4 }, async (_, client) => {
        for (let i = 0; i < 50; i++) {
          const response = await call(proxy.url, paths[(client + i) % paths.length]!, member);
          await response.arrayBuffer();
          statuses.push(response.status);
          if (++done === 40) killed = apis.a!.stop("SIGKILL");
        }
      }),
    );
    expect(await killed).toBe("SIGKILL");
    expect(statuses).toHaveLength(200);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(proxy.retries.length).toBeGreaterThan(retriesBefore);
    expect(proxy.failures).toEqual([]);
    startApi("a");
    await apiReady("a");

    // 2. A rolling restart (SIGTERM A, start it, ready; then B) under continuous load: three
    // clients reading, one sending transfers with an Idempotency-Key. They read what members read,
    // not the readiness probe: a draining API answers it 503 on purpose (that is what takes it out
    // of a balancer's rotation), and a request reaching it on a kept-alive connection while it
    // drains got that 503 whenever the drain took long enough (a loaded machine).
    const memberPaths = paths.filter((path) => path !== "/api/health/ready");
    let loading = true;
    const failed: string[] = [];
    let reads = 0;
    const transfers: string[] = [];
    const readers = Array.from({ length: 3 }, async (_, client) => {
      for (let i = 0; loading; i++) {
        const path = memberPaths[(client + i) % memberPaths.length]!;
        const response = await call(proxy.url, path, member).catch((error: unknown) => ({ status: String(error) }) as const);
        if ("arrayBuffer" in response) await response.arrayBuffer();
        if (response.status !== 200) failed.push(`GET ${path}: ${response.status}`);
        reads++;
      }
    });
    const sender = (async () => {
      while (loading) {
        const key = randomUUID();
        const response = await call(proxy.url, "/api/tokens/transfer", member, {
          method: "POST",
          headers: { "Idempotency-Key": key },
          body: { toUserId: recipient.id, amount: "1" },
        }).catch((error: unknown) => ({ status: String(error) }) as const);
        if ("arrayBuffer" in response) await response.arrayBuffer();
        if (response.status === 201) transfers.push(key);
        else failed.push(`POST transfer: ${response.status}`);
      }
    })();
    for (const name of ["a", "b"] as const) {
      await sleep(300);
      const exit = await apis[name]!.stop("SIGTERM");
      expect(exit, apis[name]!.output()).toBe(0);
      startApi(name);
      await apiReady(name);
    }
    await sleep(300);
    loading = false;
    await Promise.all([...readers, sender]);
    expect(failed).toEqual([]);
    expect(proxy.failures).toEqual([]);
    expect(reads).toBeGreaterThan(50);
    expect(transfers.length).toBeGreaterThan(5);
    // Every transfer answered 201 was made, once: the recipient got exactly that much.
    const received = Number(await balanceOf(proxy.url, recipient)) - recipientBefore;
    expect(received).toBe(transfers.length);
  });
});
