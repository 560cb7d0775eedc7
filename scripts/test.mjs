#!/usr/bin/env node
// `pnpm test`: every check, in order, stopping at the first failure (non-zero exit):
//   typecheck -> lint -> package tests (pnpm -r test) -> browser end-to-end tests (pnpm test:e2e)
// Safe beside a running `pnpm dev`: it takes no lock, and the tests start their own databases,
// chains and servers on free ports (DATABASE_URL is not passed on, so nothing can reach the dev
// database by accident).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { color, formatDuration, say } from "./lib/log.mjs";
import { pnpm } from "./lib/pnpm.mjs";
import { ROOT } from "./lib/paths.mjs";

const NAME = "test";
const log = (text) => say(NAME, text);

const E2E_CONFIG = path.join(ROOT, "e2e", "playwright.config.ts");

/** Debian's chromium (Playwright cannot download its own browsers here). */
function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  return candidates.find((file) => existsSync(file)) ?? null;
}

const testEnv = { ...process.env };
// The tests bring their own database (TEST_DATABASE_URL may point them at a server to use).
delete testEnv.DATABASE_URL;
// No prompts, no telemetry: Hardhat asks once on an interactive terminal, Ponder phones home.
testEnv.HARDHAT_DISABLE_TELEMETRY_PROMPT = "true";
testEnv.PONDER_TELEMETRY_DISABLED = "true";

const steps = [
  { name: "typecheck", args: ["typecheck"] },
  { name: "lint", args: ["lint"] },
  { name: "package tests", args: ["-r", "--workspace-concurrency=1", "test"] },
  {
    name: "e2e",
    args: ["test:e2e"],
    prepare() {
      // The browser tests start their own stack (e2e/global-setup.ts: `node scripts/dev.mjs` on free
      // ports with its own data folder under .data-e2e/), so they also run beside `pnpm dev`.
      if (!existsSync(E2E_CONFIG)) return { error: "e2e/playwright.config.ts is missing" };
      const chromium = findChromium();
      if (!chromium) {
        return {
          error:
            "Chromium not found: install it (Debian/Ubuntu: apt-get install -y chromium) or set CHROMIUM_PATH " +
            `(looked at ${process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH}, ` : ""}/usr/bin/chromium, /usr/bin/chromium-browser)`,
        };
      }
      return { env: { CHROMIUM_PATH: chromium } };
    },
  },
];

let current = null;
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    interrupted = true;
    // Each step leads its own process group (so that nothing it started survives it): pass the
    // signal on as SIGTERM to the whole group, then SIGKILL it if it is still there after 10 s.
    const step = current;
    if (!step) return;
    const signalGroup = (sig) => {
      try {
        process.kill(-step.pid, sig);
      } catch {
        /* gone */
      }
    };
    signalGroup("SIGTERM");
    setTimeout(() => signalGroup("SIGKILL"), 10_000).unref();
  });
}

function runStep(step, extraEnv) {
  return new Promise((resolve) => {
    const [command, args] = pnpm(...step.args);
    const child = spawn(command, args, { cwd: ROOT, env: { ...testEnv, ...extraEnv }, stdio: ["ignore", "inherit", "inherit"], detached: true });
    current = child;
    child.on("error", (error) => {
      log(color.red(`could not start ${step.name}: ${error.message}`));
      resolve(127);
    });
    child.on("close", (code, signal) => {
      current = null;
      // Anything still in the step's process group was left behind by it: stop it.
      try {
        process.kill(-child.pid, 0);
        log(color.yellow(`${step.name} left processes behind; stopping them`));
        process.kill(-child.pid, "SIGTERM");
        setTimeout(() => {
          try {
            process.kill(-child.pid, "SIGKILL");
          } catch {
            /* gone */
          }
        }, 5000).unref();
      } catch {
        /* nothing left */
      }
      resolve(signal ? 128 : code);
    });
  });
}

const results = [];
let failed = false;
for (const step of steps) {
  if (failed || interrupted) {
    results.push({ name: step.name, status: "not run" });
    continue;
  }
  const prepared = step.prepare?.() ?? {};
  if (prepared.skip) {
    log(color.yellow(`${step.name}: skipped, ${prepared.skip}`));
    results.push({ name: step.name, status: "skipped", note: prepared.skip });
    continue;
  }
  if (prepared.error) {
    log(color.red(`${step.name}: ${prepared.error}`));
    results.push({ name: step.name, status: "failed", ms: 0, note: prepared.error });
    failed = true;
    continue;
  }
  log(color.bold(`▶ ${step.name}: pnpm ${step.args.join(" ")}`));
  const t0 = Date.now();
  const code = await runStep(step, prepared.env);
  const ms = Date.now() - t0;
  const ok = code === 0 && !interrupted;
  results.push({ name: step.name, status: ok ? "passed" : interrupted ? "interrupted" : "failed", ms, note: ok ? "" : `exit code ${code}` });
  if (!ok) failed = true;
}

const icon = { passed: color.green("✓"), failed: color.red("✗"), skipped: color.yellow("-"), "not run": color.gray("·"), interrupted: color.red("✗") };
console.log("");
for (const result of results) {
  const time = result.ms !== undefined ? formatDuration(result.ms).padStart(9) : "".padStart(9);
  log(`${icon[result.status]} ${result.name.padEnd(14)} ${result.status.padEnd(11)} ${time}${result.note ? `  ${color.gray(result.note)}` : ""}`);
}
const total = results.reduce((sum, result) => sum + (result.ms ?? 0), 0);
log(failed || interrupted ? color.red(`FAILED after ${formatDuration(total)}`) : color.green(`all checks passed in ${formatDuration(total)}`));
process.exit(failed || interrupted ? 1 : 0);
