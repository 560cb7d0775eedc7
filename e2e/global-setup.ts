// Starts a complete, separate LOOP stack for the browser tests, as users get it: the production
// build (`pnpm build`, made once per run unless the caller says it just made it) served by the real
// orchestrator of `pnpm start` (`node scripts/start.mjs`, NODE_ENV=production) with its own
// embedded Postgres, MailDev, Ponder and, through LOOP_LOCAL_CHAIN=1, a local Hardhat chain with the
// contracts deployed. Its own data folder (.data-e2e/<run>), its own free ports, no DATABASE_URL:
// so it runs beside a developer's `pnpm dev` without touching it. No Vite dev server, no file
// watcher. The returned function (Playwright's global teardown) stops it with SIGINT, as Ctrl-C would.
// Card payments: Stripe cannot be reached from here, so the API's Stripe client is pointed
// (STRIPE_API_BASE) at the local fake of the API tests, which runs in this process for the whole run.
import { type ChildProcess, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FullConfig } from "@playwright/test";
import { type FakeStripe, startFakeStripe } from "../api/test/fakes/fake-stripe";
import { spawnStack, stackEnv } from "../scripts/lib/stack-env.cjs";
import { STACK_FILE_ENV, type StackInfo } from "./support/stack";

const ROOT = path.resolve(__dirname, "..");
const E2E_DATA = path.join(ROOT, ".data-e2e");
/** The whole stack's start (database, chain and deployment, indexer, API, web): ~30 s here, far longer on a loaded machine. */
const READY_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 60_000;
/** Set by `pnpm test`, whose build step made the production build this run serves. */
export const PREBUILT_ENV = "LOOP_E2E_PREBUILT";
/** The ports of a developer's `pnpm dev` (docs/conventions.md): never used here. */
const DEV_DEFAULT_PORTS = new Set([54329, 3000, 5173, 8545, 42069, 1025, 1080]);

const log = (text: string) => console.log(`[e2e] ${text}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tryListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "EADDRNOTAVAIL" || error.code === "EAFNOSUPPORT"));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Free on every loopback and wildcard address (what scripts/lib/ports.mjs checks before starting). */
async function isPortFree(port: number): Promise<boolean> {
  for (const host of ["127.0.0.1", "0.0.0.0", "::1", "::"]) if (!(await tryListen(port, host))) return false;
  return true;
}

function osPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function freePorts(names: string[]): Promise<Record<string, number>> {
  const taken = new Set<number>();
  const ports: Record<string, number> = {};
  for (const name of names) {
    for (let attempt = 0; ; attempt++) {
      if (attempt > 50) throw new Error("could not find free ports for the e2e stack");
      const port = await osPort();
      if (taken.has(port) || DEV_DEFAULT_PORTS.has(port) || !(await isPortFree(port))) continue;
      taken.add(port);
      ports[name] = port;
      break;
    }
  }
  return ports;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function commandLine(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  } catch {
    return null;
  }
}

interface LockRecord {
  pid?: number;
  children?: Array<{ pid: number; cmd?: string }>;
}

/**
 * Deletes the folders of earlier runs, except those of a run still in progress (its orchestrator
 * holds the folder's dev.lock). The process groups a killed orchestrator left behind go first.
 */
function pruneEarlierRuns(keep: string) {
  if (!existsSync(E2E_DATA)) return;
  for (const name of readdirSync(E2E_DATA)) {
    const dir = path.join(E2E_DATA, name);
    if (dir === keep) continue;
    const lockFile = path.join(dir, "dev.lock");
    if (existsSync(lockFile)) {
      let lock: LockRecord = {};
      try {
        lock = JSON.parse(readFileSync(lockFile, "utf8")) as LockRecord;
      } catch {
        /* unreadable: treat as stale */
      }
      if (lock.pid && isAlive(lock.pid) && /scripts[\\/](dev|start)\.mjs/.test(commandLine(lock.pid) ?? "scripts/start.mjs")) continue;
      for (const child of lock.children ?? []) {
        const cmd = commandLine(child.pid);
        if (!isAlive(-child.pid) || (cmd !== null && child.cmd && !cmd.includes(child.cmd))) continue;
        log(`stopping process group ${child.pid} left over by a killed e2e stack`);
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          /* gone */
        }
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The end of the orchestrator's output: from its own failure report ("start │ deploy exited with
 * code 1. Its last lines:") when there is one, else the last lines.
 */
function lastLines(file: string, count = 40): string {
  let lines: string[];
  try {
    lines = readFileSync(file, "utf8").trimEnd().split("\n");
  } catch {
    return "(no output)";
  }
  const report = lines.findLastIndex((line) =>
    /^(dev|start)\s+│ .*(Its last lines:|cannot start|is already running|not built yet)/.test(line),
  );
  return (report >= 0 ? lines.slice(report, report + count) : lines.slice(-count)).join("\n");
}

async function httpOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000), redirect: "manual" });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGINT (Ctrl-C: the orchestrator stops every child it started), then waits for it to exit. */
async function stopStack(child: ChildProcess, logFile: string): Promise<void> {
  if (exited(child)) return;
  const done = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const t0 = Date.now();
  child.kill("SIGINT");
  const timedOut = await Promise.race([done.then(() => false), sleep(STOP_TIMEOUT_MS).then(() => true)]);
  if (timedOut) {
    // A second SIGINT makes the orchestrator SIGKILL every process group it started.
    log(`the stack did not stop in ${STOP_TIMEOUT_MS / 1000} s: interrupting it again. Its last lines:\n${lastLines(logFile, 20)}`);
    child.kill("SIGINT");
    await Promise.race([done, sleep(10_000)]);
    if (!exited(child)) child.kill("SIGKILL");
  }
  log(`stack stopped in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** `pnpm build` (the API bundle and the web app), with the pnpm that runs us (scripts/lib/pnpm.mjs). */
async function buildProduction(): Promise<void> {
  const t0 = Date.now();
  log("building the production app (pnpm build)");
  const { pnpm } = (await import(pathToFileURL(path.join(ROOT, "scripts", "lib", "pnpm.mjs")).href)) as {
    pnpm: (...args: string[]) => [string, string[]];
  };
  const [command, args] = pnpm("build");
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    throw new Error(
      `pnpm build failed (${result.error?.message ?? `exit code ${result.status}`}):\n${`${result.stdout}\n${result.stderr}`.trim().split("\n").slice(-40).join("\n")}`,
    );
  }
  log(`built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const t0 = Date.now();
  if (process.env[PREBUILT_ENV] !== "1") await buildProduction();
  const runDir = path.join(E2E_DATA, `run-${process.pid}`);
  pruneEarlierRuns(runDir);
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  const logFile = path.join(runDir, "stack.log");

  // Before the stack: the API reads its Stripe settings once, when it starts.
  const stripe: FakeStripe = await startFakeStripe();
  const closeStripe = async () => {
    // The stack is stopped by then, so no keep-alive connection holds the server open; a bound anyway.
    await Promise.race([stripe.close(), sleep(5_000)]);
  };

  let ports: Record<string, number>;
  try {
    ports = await freePorts(["postgres", "api", "hardhat", "ponder", "mailSmtp", "mailWeb"]);
  } catch (error) {
    await closeStripe();
    throw error;
  }
  const env = stackEnv(process.env, runDir, ports);
  // Payment providers: PayPal is not configured (the tests expect it so; set empty, .env cannot fill it in); Stripe is the fake below.
  for (const name of ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "PAYPAL_API_BASE", "PAYPAL_WEBHOOK_ID"]) env[name] = "";
  Object.assign(env, {
    // No demo catalog: its 28 processing jobs would queue ahead of the loop a test uploads (the
    // worker takes jobs in order), and the tests count and filter what they put in themselves.
    LOOP_DEMO_CATALOG: "0",
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    STRIPE_API_BASE: stripe.url,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    // Every browser of the run signs in from 127.0.0.1, and the demo admin signs in in several
    // tests: the e-mail link limits (20 per IP, 5 per address in 15 min) would refuse the later tests.
    RATE_LIMIT_EMAIL_LINK_PER_IP: "500",
    RATE_LIMIT_EMAIL_LINK_PER_ADDRESS: "50",
    RATE_LIMIT_EMAIL_VERIFY_PER_IP: "500",
  });

  // Playwright's teardown interrupts it exactly once.
  const child = spawnStack(env, logFile);
  if (child.pid === undefined) {
    await closeStripe();
    throw new Error("could not start node scripts/start.mjs");
  }
  const pid = child.pid;

  // Safety nets: Playwright exits (normally or on an error) or is told to stop (SIGTERM from
  // `pnpm test`, a closed terminal): the stack is interrupted too.
  const onExit = () => {
    if (!exited(child)) child.kill("SIGINT");
  };
  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping the stack`);
    void stopStack(child, logFile).finally(() => process.exit(128 + (signal === "SIGHUP" ? 1 : 15)));
  };
  process.on("exit", onExit);
  process.once("SIGTERM", onSignal);
  process.once("SIGHUP", onSignal);
  const teardown = async () => {
    await stopStack(child, logFile);
    await closeStripe();
    process.off("exit", onExit);
    process.off("SIGTERM", onSignal);
    process.off("SIGHUP", onSignal);
  };

  // The API serves the app and the API at one origin (APP_URL), as in production.
  const webUrl = `http://localhost:${ports.api}`;
  const mailUrl = `http://127.0.0.1:${ports.mailWeb}`;
  const info: StackInfo = {
    runDir,
    logFile,
    pid,
    webUrl,
    apiUrl: `http://127.0.0.1:${ports.api}`,
    mailUrl,
    rpcUrl: `http://127.0.0.1:${ports.hardhat}`,
    chainId: 31337,
    ports,
  };

  // Ready when the orchestrator says so (its "LOOP is running" box: every service, the indexer
  // too, passed its readiness check) and the app, the API and MailDev answer.
  const announcedReady = () => {
    try {
      return readFileSync(logFile, "utf8").includes("LOOP is running in production mode (ready in");
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited(child)) {
      await teardown();
      throw new Error(
        `the e2e stack (node scripts/start.mjs) exited with ${child.exitCode ?? child.signalCode} before it was ready. Its last lines (${logFile}):\n${lastLines(logFile)}`,
      );
    }
    const ready =
      announcedReady() && (await httpOk(`${webUrl}/`)) && (await httpOk(`${webUrl}/api/health`)) && (await httpOk(`${mailUrl}/healthz`));
    if (ready) break;
    if (Date.now() > deadline) {
      const lines = lastLines(logFile);
      await teardown();
      throw new Error(`the e2e stack did not get ready in ${READY_TIMEOUT_MS / 1000} s. Its last lines (${logFile}):\n${lines}`);
    }
    await sleep(250);
  }

  const stackFile = path.join(runDir, "stack.json");
  writeFileSync(stackFile, `${JSON.stringify(info, null, 2)}\n`);
  process.env[STACK_FILE_ENV] = stackFile;
  log(
    `stack ready in ${((Date.now() - t0) / 1000).toFixed(1)} s: app ${webUrl}, MailDev ${mailUrl}, chain ${info.rpcUrl} (log: ${path.relative(ROOT, logFile)})`,
  );
  return teardown;
}
