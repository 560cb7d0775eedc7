// `src/main.ts` as real processes, configured through the environment as a deployment would be:
// what the process tests (process-roles.test.ts, multi-process.test.ts, settlement.test.ts, ...)
// share. They run the run's bundle of it (api-bundle.ts), as `pnpm start` runs api/dist/main.mjs.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { APP_ORIGIN } from "./test-app";
import { EVENT_DEADLINE_MS } from "./wait";

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ApiProcess {
  readonly child: ChildProcess;
  /** Resolves with the exit code, or the signal that ended it. */
  readonly exited: Promise<number | string | null>;
  /** Everything it printed (stdout and stderr), for failure messages. */
  output(): string;
  running(): boolean;
  /** Sends `signal` (SIGTERM: a graceful stop) and resolves with how it ended. */
  stop(signal?: NodeJS.Signals): Promise<number | string | null>;
}

/**
 * The environment every test process starts from: test mode, the app's origin, the suite's
 * Hardhat node, no settlement, no mail server. `env` is added on top.
 */
export function processEnv(databaseUrl: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "test",
    APP_URL: APP_ORIGIN,
    DATABASE_URL: databaseUrl,
    CHAIN_IDS: "31337",
    RPC_URL_31337: inject("rpcUrl"),
    SETTLEMENT_ENABLED: "false",
    SMTP_URL: "smtp://127.0.0.1:9",
    ...env,
  };
}

/** Starts `src/main.ts` (bundled) with `env` (see processEnv; LOOP_ROLES, API_PORT... are the caller's). */
export function startApiProcess(env: NodeJS.ProcessEnv): ApiProcess {
  const child = spawn(process.execPath, [inject("apiBundle")], { cwd: apiDir, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string | null>((resolve) => child.once("exit", (code, signal) => resolve(signal ?? code)));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    exited,
    output: () => output,
    running,
    stop(signal = "SIGTERM") {
      if (running()) child.kill(signal);
      return exited;
    },
  };
}

/** SIGKILLs whatever of `processes` still runs and waits for each to be gone. */
export async function killAll(processes: Iterable<ApiProcess>): Promise<void> {
  await Promise.all([...processes].map((started) => started.stop("SIGKILL")));
}

/** The first answer of `url` (any status), retrying while nothing listens there yet. */
export async function answers(url: string, timeoutMs = EVENT_DEADLINE_MS): Promise<Response> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Resolves once `url` (a readiness probe) answers 200; fails with the process's output when it
 * exits first or the time runs out.
 */
export async function waitReady(started: ApiProcess, url: string, timeoutMs = EVENT_DEADLINE_MS): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (!started.running())
      throw new Error(`the process exited (${String(await started.exited)}) before ${url} was ready:\n${started.output()}`);
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > until) throw new Error(`${url} not ready within ${timeoutMs} ms (last status ${status}):\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
