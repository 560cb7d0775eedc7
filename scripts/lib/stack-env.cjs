// The environment and the process of a separate production stack (`node scripts/start.mjs`), as the
// browser tests (e2e/global-setup.ts) and the Lighthouse bench (scripts/bench/pages.mjs) start one:
// its own data folder and free ports, the local chain, and nothing that a developer's environment or
// .env points elsewhere. CommonJS so that Playwright's compiled setup can require it as well as the
// benches import it.
"use strict";

const { spawn } = require("node:child_process");
const { closeSync, openSync } = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..", "..");

/** Emptied: an empty value counts as unset for the orchestrator and the API, and keeps .env from filling it in. */
const CLEARED = [
  "DATABASE_URL",
  "APP_URL",
  "SMTP_URL",
  "CHAIN_IDS",
  "DEFAULT_CHAIN_ID",
  "WALLETCONNECT_PROJECT_ID",
  "WEB_DIST",
  "DEPLOYMENTS_DIR",
  "PORT",
];
/** Chains, sign-in providers and payment providers of the developer's: emptied too (no payment provider is configured). */
const CLEARED_PATTERN = /^((PUBLIC_)?RPC_URL_\d+|OIDC_\w+|PAYPAL_\w+|STRIPE_\w+)$/;

/**
 * `base` with the stack's own settings: production mode, its data in `runDir`, the local chain with the
 * contracts deployed, and each service on its port of `ports` (postgres, api, hardhat, ponder, mailSmtp, mailWeb).
 */
function stackEnv(base, runDir, ports) {
  const env = { ...base };
  for (const name of Object.keys(env)) if (CLEARED_PATTERN.test(name)) env[name] = "";
  for (const name of CLEARED) env[name] = "";
  delete env.FORCE_COLOR;
  return Object.assign(env, {
    NODE_ENV: "production",
    NO_COLOR: "1",
    LOOP_DATA_DIR: runDir,
    // The local chain with the contracts deployed, beside the production build.
    LOOP_LOCAL_CHAIN: "1",
    EMBEDDED_PG_PORT: String(ports.postgres),
    API_PORT: String(ports.api),
    HARDHAT_PORT: String(ports.hardhat),
    PONDER_PORT: String(ports.ponder),
    MAILDEV_SMTP_PORT: String(ports.mailSmtp),
    MAILDEV_WEB_PORT: String(ports.mailWeb),
    HARDHAT_DISABLE_TELEMETRY_PROMPT: "true",
    PONDER_TELEMETRY_DISABLED: "true",
  });
}

/**
 * Starts `node scripts/start.mjs` with `env` in its own process group (so that a Ctrl-C in the terminal
 * reaches only the caller, which then interrupts the stack once), its output appended to `logFile` (a
 * file, not a pipe: the orchestrator can finish stopping even if the caller is gone).
 */
function spawnStack(env, logFile) {
  const out = openSync(logFile, "a");
  const child = spawn(process.execPath, [path.join(ROOT, "scripts", "start.mjs")], {
    cwd: ROOT,
    env,
    stdio: ["ignore", out, out],
    detached: true,
  });
  closeSync(out);
  return child;
}

module.exports = { stackEnv, spawnStack };
