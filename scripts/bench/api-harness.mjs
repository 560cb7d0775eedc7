// Shared by the API benchmarks: a scratch embedded Postgres migrated by the API's own `migrate`,
// the real API (src/main.ts) in its own process, CPU accounting from /proc, percentiles, a signed-in
// user made by SQL, a GET with its session, a scratch folder cleaned up also on signals, and the
// stage most of them set up from these (withMigratedDatabase).
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "../lib/embedded-postgres.mjs";
import { httpOk } from "../lib/health.mjs";
import { ROOT } from "../lib/paths.mjs";
import { freePort } from "../lib/ports.mjs";

const API_DIR = path.join(ROOT, "api");

// ---- CPU accounting (independent of what else runs on the machine) ----------------------------

const TICKS_PER_SECOND = 100;

/** utime + stime of every process in `pids` (Linux /proc), in ms; missing processes are skipped. */
export function cpuOf(pids) {
  const result = new Map();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      result.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
    } catch {
      /* gone */
    }
  }
  return result;
}

/** The postmaster and its children (backends, background workers). */
export function postgresPids(dataDir) {
  let postmaster;
  try {
    postmaster = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return [];
  }
  const pids = [postmaster];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ")[1]);
      if (ppid === postmaster) pids.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return pids;
}

/** CPU ms used by the API process and by Postgres while `work` runs. */
export async function measureCpu(apiPid, dataDir, work) {
  const available = process.platform === "linux" && existsSync("/proc/self/stat");
  const before = available ? cpuOf([apiPid, ...postgresPids(dataDir)]) : new Map();
  const result = await work();
  if (!available) return { result, apiMs: NaN, postgresMs: NaN };
  const after = cpuOf([apiPid, ...postgresPids(dataDir)]);
  let postgresMs = 0;
  for (const [pid, ms] of after) if (pid !== apiPid) postgresMs += ms - (before.get(pid) ?? 0);
  return { result, apiMs: (after.get(apiPid) ?? 0) - (before.get(apiPid) ?? 0), postgresMs };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function runNode(args, env, log) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: API_DIR, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      for (const line of output.trim().split("\n")) if (line) log(`  ${line}`);
      if (code === 0) resolve();
      else reject(new Error(`node ${args.join(" ")} exited with code ${code}`));
    });
  });
}

/** SIGTERM, then SIGKILL after 15 s; resolves once the child exited (its output logged under BENCH_VERBOSE). */
async function stopChild(child, output, log) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const kill = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(kill);
  if (process.env.BENCH_VERBOSE) log(output());
}

export function startApi(env, log) {
  // BENCH_API_NODE_ARGS: extra node flags for the API, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const extra = (process.env.BENCH_API_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...extra, "--import", "tsx", "src/main.ts"], {
    cwd: API_DIR,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return {
    child,
    output: () => output,
    stop: () => stopChild(child, () => output, log),
  };
}

/**
 * The bare control of issue 39 (api/bench/control-server.ts): the API's statements through node:http
 * and pg, no framework, on `databaseUrl`. Resolves once it listens: { child, port, stop() }.
 */
export async function startControl(databaseUrl, log) {
  const port = await freePort();
  // BENCH_CONTROL_NODE_ARGS: extra node flags for the control, as BENCH_API_NODE_ARGS for the API.
  const extra = (process.env.BENCH_CONTROL_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...extra, "--import", "tsx", "bench/control-server.ts"], {
    cwd: API_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl, CONTROL_PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listening = new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (output.includes("listening")) resolve();
    });
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => reject(new Error(`the control server exited with ${code}:\n${output}`)));
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  await listening.finally(() => clearTimeout(timer));
  return {
    child,
    port,
    stop: () => stopChild(child, () => output, log),
  };
}

/** The API's environment on a scratch database: no chain, no mail, no demo catalog, no web build. */
export function apiEnv(databaseUrl, apiPort, scratch) {
  return {
    ...process.env,
    NODE_ENV: "development",
    DATABASE_URL: databaseUrl,
    API_PORT: String(apiPort),
    APP_URL: `http://localhost:${apiPort}`,
    FILES_DIR: path.join(scratch, "files"),
    STORAGE_DRIVER: "local",
    LOOP_DEMO_CATALOG: "0",
    CHAIN_IDS: "31337",
    RPC_URL_31337: "http://127.0.0.1:9",
    DEPLOYMENTS_DIR: path.join(scratch, "deployments"),
    SMTP_URL: "smtp://127.0.0.1:9",
    WEB_DIST: "",
  };
}

/** Resolves once GET /api/health answers 200; throws with the API's output if it exits or takes a minute. */
export async function waitForApi(api, port) {
  const deadline = Date.now() + 60_000;
  while (!(await httpOk(`http://127.0.0.1:${port}/api/health`).catch(() => false))) {
    if (api.child.exitCode !== null || Date.now() > deadline) throw new Error(`the API did not start:\n${api.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One user inserted by SQL (the welcome trigger credits it) with a session: { id, cookie }. */
export async function createSignedInUser(db, username) {
  const { rows } = await db.query(`INSERT INTO "app"."users" ("username", "email") VALUES ($1, $1 || '@loop.local') RETURNING "id"`, [
    username,
  ]);
  const token = randomBytes(32).toString("base64url");
  const tokenHash = createHash("sha256").update(token).digest("hex");
  await db.query(`INSERT INTO "app"."sessions" ("token_hash", "user_id", "expires_at") VALUES ($1, $2, now() + interval '1 day')`, [
    tokenHash,
    rows[0].id,
  ]);
  return { id: rows[0].id, cookie: `loop_session=${token}` };
}

/**
 * One request to the API with a session cookie (keep-alive agent optional; a JSON body is sent with
 * the Origin of apiEnv's APP_URL, as the browser does): resolves to { status, body } (body parsed
 * when JSON).
 */
export function apiRequest(port, method, urlPath, { cookie, agent, body } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers = {
    ...(cookie === undefined ? {} : { cookie }),
    ...(payload === undefined
      ? {}
      : { "content-type": "application/json", "content-length": Buffer.byteLength(payload), origin: `http://localhost:${port}` }),
  };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: urlPath, agent, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => {
        try {
          resolve({ status: res.statusCode, body: /json/.test(res.headers["content-type"] ?? "") ? JSON.parse(text) : text });
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** GET on the API with a session cookie (keep-alive agent optional); resolves to the parsed JSON, throws on a non-2xx answer. */
export async function apiGetJson(port, urlPath, cookie, agent) {
  const { status, body } = await apiRequest(port, "GET", urlPath, { cookie, agent });
  if (status < 200 || status >= 300) throw new Error(`GET ${urlPath}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
  return body;
}

/** The load average (1 / 5 / 15 min) as text. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

/**
 * Runs work({ scratch, loadAtStart }) with a fresh temporary folder, then `stop()` (async: stop what
 * the bench started) and removes the folder, also on Ctrl-C / SIGTERM; on a bare process exit,
 * `kill()` (sync, e.g. SIGKILL) is the last resort. Logs the machine's load first.
 */
export async function withScratch(prefix, { log, stop, kill = () => {} }, work) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), prefix));
  const cleanUp = async () => {
    await stop().catch((error) => log(`clean-up: ${error.message}`));
    rmSync(scratch, { recursive: true, force: true });
  };
  const onSignal = (signal) => void cleanUp().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  const onExit = () => {
    kill();
    rmSync(scratch, { recursive: true, force: true });
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  process.once("exit", onExit);
  const loadAtStart = loadAverage();
  log(`machine: ${os.cpus().length} CPU, load average ${loadAtStart} (1 / 5 / 15 min) at the start`);
  try {
    return await work({ scratch, loadAtStart });
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await cleanUp();
    process.off("exit", onExit);
  }
}

/**
 * The stage most API benchmarks share: a scratch folder (withScratch), an embedded Postgres in it
 * migrated by the API's own `migrate`, and the API processes the bench starts on it; all stopped at
 * the end, also on Ctrl-C (what fails to stop is let go, the folder removed all the same), and
 * SIGKILLed on a bare exit. `work(stage)` gets `scratch`, `loadAtStart`, `pgDataDir`, `databaseUrl`,
 * `apiPort` (free; apiEnv's APP_URL names it), `env` (apiEnv on the database), `spawnApi(env)` (starts
 * src/main.ts, kept for the clean-up), `startApi()` (spawns it on `env`, resolves once it answers) and
 * `stopApis()` (stops every API process started so far).
 */
export async function withMigratedDatabase(prefix, log, work) {
  let database = null;
  const apis = [];
  const stopApis = async () => {
    await Promise.all(apis.splice(0).map((api) => api.stop().catch(() => {})));
  };
  const stop = async () => {
    await stopApis();
    await database?.stop().catch(() => {});
  };
  const kill = () => {
    for (const api of apis) if (api.child.exitCode === null) api.child.kill("SIGKILL");
  };
  return withScratch(prefix, { log, stop, kill }, async ({ scratch, loadAtStart }) => {
    const [dbPort, apiPort] = [await freePort(), await freePort()];
    const pgDataDir = path.join(scratch, "postgres");
    database = await startEmbeddedPostgres({ dataDir: pgDataDir, port: dbPort, database: "loop_bench" });
    const env = apiEnv(database.url, apiPort, scratch);
    await runNode(["--import", "tsx", "src/db/migrate-cli.ts"], env, log);
    const spawnApi = (processEnv) => {
      const api = startApi(processEnv, log);
      apis.push(api);
      return api;
    };
    return work({
      scratch,
      loadAtStart,
      pgDataDir,
      databaseUrl: database.url,
      apiPort,
      env,
      spawnApi,
      async startApi() {
        const api = spawnApi(env);
        await waitForApi(api, apiPort);
        return api;
      },
      stopApis,
    });
  });
}

/** `use(db)` with a pg client on `url`, ended afterwards. */
export async function withDbClient(url, use) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return await use(db);
  } finally {
    await db.end();
  }
}
