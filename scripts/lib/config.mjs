// Defaults of docs/conventions.md, applied to the environment of `pnpm dev` / `pnpm start` and
// passed to every child. A variable that is already set (environment or .env) wins.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { DATA_DIR, LOCAL_DEPLOYMENTS_DIR, ROOT } from "./paths.mjs";

export const EMBEDDED_DB_PORT = 54329;
const MIN_NODE = [20, 19];

/** Exits with a clear message on a Node.js older than package.json's engines (>= 20.19). */
export function checkNodeVersion() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major < MIN_NODE[0] || (major === MIN_NODE[0] && minor < MIN_NODE[1])) {
    console.error(`LOOP needs Node.js ${MIN_NODE.join(".")} or newer; this is ${process.versions.node}.`);
    process.exit(1);
  }
}

/** Loads the repository's .env (if any) into process.env without overriding set variables. */
export function loadDotEnv() {
  const file = path.join(ROOT, ".env");
  if (existsSync(file) && typeof process.loadEnvFile === "function") process.loadEnvFile(file);
}

function intFrom(env, name, fallback) {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return value;
}

/** LOOP_LOCAL_CHAIN=1: `pnpm start` also runs the local Hardhat chain with the contracts deployed. */
export function wantsLocalChain(env = process.env) {
  return ["1", "true", "on"].includes((env.LOOP_LOCAL_CHAIN ?? "").trim().toLowerCase());
}

/**
 * The settings of a run. mode: "dev" (local chain, Vite) or "start" (built API serving web/dist;
 * with LOOP_LOCAL_CHAIN=1 also the local chain, as in dev: how the browser tests run the build).
 * Returns { env, ports, chainIds, ... }: env is the full environment for children.
 */
export function settings(mode, base = process.env) {
  const localChain = mode === "dev" || wantsLocalChain(base);
  const env = { ...base };
  const set = (name, value) => {
    if (env[name] === undefined || env[name] === "") env[name] = String(value);
  };
  const apiPort = intFrom(env, "API_PORT", 3000);
  const webPort = intFrom(env, "WEB_PORT", 5173);
  const hardhatPort = intFrom(env, "HARDHAT_PORT", 8545);
  const ponderPort = intFrom(env, "PONDER_PORT", 42069);
  const mailSmtpPort = intFrom(env, "MAILDEV_SMTP_PORT", 1025);
  const mailWebPort = intFrom(env, "MAILDEV_WEB_PORT", 1080);

  set("NODE_ENV", mode === "dev" ? "development" : "production");
  set("API_PORT", apiPort);
  set("WEB_PORT", webPort);
  set("HARDHAT_PORT", hardhatPort);
  set("PONDER_PORT", ponderPort);
  set("APP_URL", mode === "dev" ? `http://localhost:${webPort}` : `http://localhost:${apiPort}`);
  // dev: the local chain. start: the chains that have an RPC_URL_<id> (no local node).
  const configuredChains = Object.keys(env)
    .map((name) => /^RPC_URL_(\d+)$/.exec(name)?.[1])
    .filter((id) => id && env[`RPC_URL_${id}`]);
  // Uploaded audio lives with the rest of this stack's data, so a second stack has its own files.
  set("FILES_DIR", path.join(DATA_DIR, "files"));
  set("CHAIN_IDS", localChain ? "31337" : configuredChains.join(","));
  if (localChain) {
    set("RPC_URL_31337", `http://127.0.0.1:${hardhatPort}`);
    // The local node's URL is no secret: the page reads the local chain there too (GET /api/config).
    set("PUBLIC_RPC_URL_31337", `http://127.0.0.1:${hardhatPort}`);
    set("DEFAULT_CHAIN_ID", "31337");
    set("DEPLOYMENTS_DIR", LOCAL_DEPLOYMENTS_DIR);
    // The Vite dev server proxies /api on loopback and adds X-Forwarded-For: trust it, so that
    // rate limits count each browser rather than the proxy.
    if (mode === "dev") set("TRUST_PROXY", "loopback");
    // Contract roles on the local chain: Hardhat's well-known accounts (contracts/local-accounts.json),
    // so that the deploy step grants them and the API signs quotes and settles with the same keys.
    const local = JSON.parse(readFileSync(path.join(ROOT, "contracts", "local-accounts.json"), "utf8"));
    set("QUOTE_SIGNER_PRIVATE_KEY", local.roles.quoteSigner.privateKey);
    set("OPERATOR_PRIVATE_KEY", local.roles.operator.privateKey);
    set("ARBITER_ADDRESS", local.roles.arbiter.address);
    set("DISPUTE_WINDOW_SECONDS", local.disputeWindowSeconds);
  }
  // start: a local mail catcher unless SMTP_URL is set.
  const embeddedMail = mode === "dev" || !base.SMTP_URL;
  if (embeddedMail) {
    set("MAILDEV_SMTP_PORT", mailSmtpPort);
    set("MAILDEV_WEB_PORT", mailWebPort);
    set("SMTP_URL", `smtp://127.0.0.1:${mailSmtpPort}`);
  }
  set("MAIL_FROM", "LOOP <no-reply@loop.local>");
  set("ADMIN_EMAIL", "admin@loop.local");
  set("PONDER_TELEMETRY_DISABLED", "true");
  if (!env.CHAIN_IDS) delete env.CHAIN_IDS;

  const chainIds = (env.CHAIN_IDS ?? "")
    .split(",")
    .map((id) => Number(id.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
  return {
    env,
    mode,
    localChain,
    embeddedDb: !base.DATABASE_URL,
    embeddedMail,
    dbPort: intFrom(env, "EMBEDDED_PG_PORT", EMBEDDED_DB_PORT),
    apiPort,
    webPort,
    hardhatPort,
    ponderPort,
    mailSmtpPort,
    mailWebPort,
    chainIds,
    adminEmail: env.ADMIN_EMAIL,
    appUrl: env.APP_URL,
  };
}

/** Hides the password of a connection string. */
export function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password && parsed.password !== "postgres") parsed.password = "****";
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * What `pnpm dev` and `pnpm start` do first: check Node.js, read .env, and return the settings of
 * `mode` (see settings); a setting that cannot be used is logged (`log`) and the process exits 1.
 */
export function settingsOrExit(mode, log) {
  checkNodeVersion();
  loadDotEnv();
  try {
    return settings(mode);
  } catch (error) {
    log(error.message);
    process.exit(1);
  }
}
