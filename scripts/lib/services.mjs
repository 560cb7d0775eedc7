// How each service of the local stack is started (shared by dev, start and the e2e stack).
import path from "node:path";
import { mkdirSync } from "node:fs";
import { color, stripAnsi } from "./log.mjs";
import { httpOk, rpcChainId } from "./health.mjs";
import { INDEXER_SCHEMA, ponderBin } from "./indexer.mjs";
import { DATA_DIR, INDEXER_DIR, ROOT } from "./paths.mjs";

const node = process.execPath;
export const HARDHAT_BIN = path.join(ROOT, "node_modules", "hardhat", "internal", "cli", "bootstrap.js");
export const MAILDEV_BIN = path.join(ROOT, "node_modules", "maildev", "bin", "maildev");
const POSTGRES_CHILD = path.join(ROOT, "scripts", "lib", "postgres-child.mjs");

/** Environment for Hardhat: no telemetry prompt, no network. */
export function hardhatEnv(env) {
  return { ...env, CI: "true", HARDHAT_DISABLE_TELEMETRY_PROMPT: "true" };
}

/**
 * Starts the embedded Postgres as a child ("db"); resolves to its URL when it accepts connections.
 */
export async function startDatabase(supervisor, { dataDir = path.join(DATA_DIR, "postgres"), port, database = "loop", env }) {
  const child = supervisor.spawn("db", node, [POSTGRES_CHILD, dataDir, String(port), database], {
    env,
    ipc: true,
    stopTimeoutMs: 15_000,
  });
  let url = null;
  child.proc.on("message", (message) => {
    if (message?.ready) url = message.url;
  });
  await supervisor.waitFor(child, "Postgres accepts connections", () => url !== null, { timeoutMs: 90_000, intervalMs: 100 });
  return { child, url };
}

export function startMailDev(supervisor, { smtpPort, webPort, env }) {
  const mailDir = path.join(DATA_DIR, "maildev");
  mkdirSync(mailDir, { recursive: true });
  const child = supervisor.spawn(
    "mail",
    node,
    [
      MAILDEV_BIN,
      "--smtp",
      String(smtpPort),
      "--web",
      String(webPort),
      "--ip",
      "127.0.0.1",
      "--web-ip",
      "127.0.0.1",
      "--mail-directory",
      mailDir,
    ],
    { env },
  );
  return { child, ready: () => supervisor.waitFor(child, "MailDev answers", () => httpOk(`http://127.0.0.1:${webPort}/healthz`)) };
}

/**
 * Hides what Hardhat logs for every poll (a line per read-only RPC call: Ponder polls every 100 ms),
 * blank lines, and 18 of its 20 test accounts. Transactions and errors stay.
 */
export function hardhatOutputFilter() {
  let currentAccount = -1;
  return (line) => {
    const plain = stripAnsi(line);
    if (plain.trim() === "") return null;
    const method = /^\s*((?:eth|net|web3|hardhat|evm|debug|txpool)_\w+)(?: \(\d+\))?\s*$/.exec(plain);
    if (method && method[1] !== "eth_sendTransaction" && method[1] !== "eth_sendRawTransaction") return null;
    const account = /^Account #(\d+):/.exec(plain);
    if (account) {
      currentAccount = Number(account[1]);
      if (currentAccount === 2) return color.gray("… and 18 more funded test accounts (Hardhat's well-known test mnemonic)");
      if (currentAccount > 2) return null;
    }
    if (/^Private Key:/.test(plain) && currentAccount >= 2) return null;
    return line;
  };
}

/** The local Hardhat node (chain 31337), started with node so that its PID is the node's. */
export function startHardhatNode(supervisor, { port, env }) {
  const child = supervisor.spawn("chain", node, [HARDHAT_BIN, "node", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd: ROOT,
    env: hardhatEnv(env),
    filter: hardhatOutputFilter(),
  });
  const rpc = `http://127.0.0.1:${port}`;
  return {
    child,
    rpc,
    ready: () => supervisor.waitFor(child, "eth_chainId answers", async () => (await rpcChainId(rpc)) === 31337, { timeoutMs: 60_000 }),
  };
}

/** Deploys DEPLOY_PLAN to the node (writes 31337.json in DEPLOYMENTS_DIR: .data/deployments for `pnpm dev`). */
export function deployLocal(supervisor, { env }) {
  return supervisor.run("deploy", node, [HARDHAT_BIN, "run", "--network", "localhost", "contracts/scripts/deploy.ts"], {
    cwd: ROOT,
    env: hardhatEnv(env),
  });
}

/** Ponder (`ponder start`), on the indexer schema; resolves when /ready answers. */
export function startPonder(supervisor, { port, env }) {
  const ponderEnv = { ...env };
  delete ponderEnv.PORT; // Ponder prefers PORT over --port
  ponderEnv.PONDER_TELEMETRY_DISABLED = "true";
  const child = supervisor.spawn(
    "indexer",
    node,
    [ponderBin(), "start", "--root", INDEXER_DIR, "--schema", INDEXER_SCHEMA, "--port", String(port), "--hostname", "127.0.0.1"],
    {
      cwd: INDEXER_DIR,
      env: ponderEnv,
      // Noise on the local chain: its RPC is "public", and it mines only when there is a transaction.
      filter: (line) => {
        const plain = stripAnsi(line);
        const noise =
          (/Detected public RPC URL/.test(plain) && /127\.0\.0\.1|localhost/.test(plain)) ||
          (/No new block received within expected time/.test(plain) && /chain=hardhat/.test(plain));
        return noise ? null : line;
      },
    },
  );
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    ready: () =>
      supervisor.waitFor(child, "Ponder's /ready answers", () => httpOk(`http://127.0.0.1:${port}/ready`), { timeoutMs: 180_000 }),
  };
}
