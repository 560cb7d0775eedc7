// Runs the real indexer (`ponder start` on indexer/, schema "indexer") against a test database and
// chain, as the orchestrators do (scripts/lib/services.mjs). Stopped by stop() (SIGINT, as Ctrl-C)
// or kill() (SIGKILL, a crash).
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { freePort } from "./ports";
import { EVENT_DEADLINE_MS } from "./wait";

const here = path.dirname(fileURLToPath(import.meta.url));
const workspace = path.resolve(here, "../../..");
const indexerLib = pathToFileURL(path.join(workspace, "scripts/lib/indexer.mjs")).href;

interface IndexerLib {
  ponderBin(): string;
  resetIndexerForChain(databaseUrl: string, chainId: number, schema?: string): Promise<void>;
}

const loadIndexerLib = () => import(indexerLib) as Promise<IndexerLib>;

export interface PonderOptions {
  databaseUrl: string;
  rpcUrl: string;
  deploymentsDir: string;
}

export interface RunningPonder {
  /** Graceful stop (SIGINT). */
  stop(): Promise<void>;
  /** A crash (SIGKILL). */
  kill(): Promise<void>;
  output(): string;
}

/** Drops the indexer schema and the chain's cached sync rows: what `pnpm dev` does for a fresh local chain. */
export async function resetIndexer(databaseUrl: string, chainId = 31337): Promise<void> {
  await (await loadIndexerLib()).resetIndexerForChain(databaseUrl, chainId);
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Starts Ponder and resolves once /ready answers (the history is indexed). */
export async function startPonder(options: PonderOptions): Promise<RunningPonder> {
  const { ponderBin } = await loadIndexerLib();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    RPC_URL_31337: options.rpcUrl,
    CHAIN_IDS: "31337",
    DEPLOYMENTS_DIR: options.deploymentsDir,
    PONDER_TELEMETRY_DISABLED: "true",
    PONDER_LOG_LEVEL: "warn",
    NODE_ENV: "production",
  };
  delete env.PORT;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ponderBin(),
      "start",
      "--root",
      path.join(workspace, "indexer"),
      "--schema",
      "indexer",
      "--port",
      String(port),
      "--hostname",
      "127.0.0.1",
    ],
    { cwd: path.join(workspace, "indexer"), env, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(name);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited;
    }
  };
  const running: RunningPonder = { stop: () => signal("SIGINT"), kill: () => signal("SIGKILL"), output: () => output };
  const deadline = Date.now() + EVENT_DEADLINE_MS;
  while (!(await answers(`http://127.0.0.1:${port}/ready`))) {
    if (child.exitCode !== null) throw new Error(`ponder exited (${child.exitCode}): ${output}`);
    if (Date.now() > deadline) {
      await running.kill();
      throw new Error(`ponder was not ready within ${EVENT_DEADLINE_MS / 1000} s: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return running;
}
