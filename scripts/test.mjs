#!/usr/bin/env node
// `pnpm test`: every check, on the two cores a CI machine has, within the 12-minute budget.
// Two steps run at a time, each as soon as what it needs is done, the longest first:
//   compile contracts -> API tests, contracts tests   (both deploy or test the compiled contracts)
//   typecheck, lint, production build, the other packages' tests (rules, web, ...)
//   meanwhile: Chromium for the browser tests (installed through apt when missing, scripts/lib/chromium.mjs)
//   last: the browser tests against that build (pnpm test:e2e, e2e/global-setup.ts), as soon as a
//     slot is free: beside the end of the API tests, then alone
// After a failure no further step starts (those running finish); the exit code is non-zero.
// Prints every step's time and the total, in red when the total is over the budget.
// Safe beside a running `pnpm dev`: it takes no lock, and the tests start their own databases,
// chains and servers on free ports (DATABASE_URL is not passed on, so nothing can reach the dev
// database by accident).
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ensureChromium } from "./lib/chromium.mjs";
import { color, colorEnabled, formatDuration, lineSplitter, say } from "./lib/log.mjs";
import { pnpm } from "./lib/pnpm.mjs";
import { ROOT } from "./lib/paths.mjs";

const NAME = "test";
const log = (text) => say(NAME, text);
/** The whole of `pnpm test` on a fresh 2-core clone (issue 16). */
const BUDGET_MS = 12 * 60 * 1000;
/** Steps running at once: a CI machine has two cores, and most steps keep one busy. */
const CONCURRENCY = 2;
/** Package tests that deploy or test the compiled contracts: they wait for the compile step. */
const NEEDS_CONTRACTS = new Set(["api", "contracts"]);
/** Package tests in the order they start: the longest first, so that the two slots end together. */
const FIRST = ["api", "contracts"];

const testEnv = { ...process.env };
// The tests bring their own database (TEST_DATABASE_URL may point them at a server to use).
delete testEnv.DATABASE_URL;
// No prompts, no telemetry: Hardhat asks once on an interactive terminal, Ponder phones home.
testEnv.HARDHAT_DISABLE_TELEMETRY_PROMPT = "true";
testEnv.PONDER_TELEMETRY_DISABLED = "true";
// Children write to a pipe: keep their colours when ours are on.
if (colorEnabled) testEnv.FORCE_COLOR = "1";

/** The workspace packages with a `test` script, the longest first. */
function packagesWithTests() {
  const workspace = readFileSync(path.join(ROOT, "pnpm-workspace.yaml"), "utf8");
  const dirs = [...workspace.matchAll(/^\s+-\s+["']?([\w./-]+)["']?\s*$/gm)].map((match) => match[1]);
  const rank = (dir) => (FIRST.includes(dir) ? FIRST.indexOf(dir) : FIRST.length);
  return dirs
    .map((dir) => ({ dir, manifest: path.join(ROOT, dir, "package.json") }))
    .filter(({ manifest }) => existsSync(manifest))
    .map(({ dir, manifest }) => ({ dir, pkg: JSON.parse(readFileSync(manifest, "utf8")) }))
    .filter(({ pkg }) => typeof pkg.scripts?.test === "string")
    .sort((a, b) => rank(a.dir) - rank(b.dir))
    .map(({ dir, pkg }) => ({
      name: `${dir} tests`,
      short: dir,
      args: ["--filter", pkg.name, "test"],
      after: NEEDS_CONTRACTS.has(dir) ? ["compile"] : [],
    }));
}

// Chromium is fetched while the other steps run (apt is mostly waiting on the network and disk).
const chromiumStart = Date.now();
const chromium = ensureChromium({ log: (text) => say("chromium", text) }).then((result) => {
  if (result.installed) say("chromium", `installed ${result.path} in ${formatDuration(Date.now() - chromiumStart)}`);
  return result;
});

// In the order they start when two are ready at once. The browser tests come last: they start
// when every other step has started (so they never run beside more than one) and the build is made.
// Running them beside two steps (three at a time) made every step 2-3x slower and the whole longer.
const steps = [
  { name: "compile", short: "compile", args: ["--filter", "@loop/contracts", "compile"], after: [] },
  { name: "typecheck", short: "types", args: ["typecheck"], after: [] },
  ...packagesWithTests(),
  { name: "lint", short: "lint", args: ["lint"], after: [] },
  { name: "build", short: "build", args: ["build"], env: { NODE_ENV: "production" }, after: [] },
  {
    name: "e2e",
    short: "e2e",
    args: ["test:e2e"],
    after: ["build"],
    async prepare() {
      const browser = await chromium;
      if (browser.error) return { error: browser.error };
      // The build step made the production build the browser tests serve: they do not build again.
      return { env: { CHROMIUM_PATH: browser.path, LOOP_E2E_PREBUILT: "1" } };
    },
  },
];

const running = new Set();
let interrupted = false;
let failed = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    interrupted = true;
    // Each step leads its own process group (so that nothing it started survives it): pass the
    // signal on as SIGTERM to the whole group, then SIGKILL it if it is still there after 10 s.
    for (const child of running) {
      const signalGroup = (sig) => {
        try {
          process.kill(-child.pid, sig);
        } catch {
          /* gone */
        }
      };
      signalGroup("SIGTERM");
      setTimeout(() => signalGroup("SIGKILL"), 10_000).unref();
    }
  });
}

/** Runs `pnpm ...step.args`, each output line prefixed with the step's short name; resolves to the exit code. */
function runStep(step, extraEnv = {}) {
  return new Promise((resolve) => {
    const [command, args] = pnpm(...step.args);
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...testEnv, ...step.env, ...extraEnv },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    running.add(child);
    for (const [stream, target] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      const splitter = lineSplitter((line) => say(step.short, line, target));
      stream.on("data", (chunk) => splitter.push(chunk));
      stream.on("end", () => splitter.flush());
    }
    child.on("error", (error) => {
      log(color.red(`could not start ${step.name}: ${error.message}`));
      resolve(127);
    });
    child.on("close", (code, signal) => {
      running.delete(child);
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

const results = new Map();
const t0 = Date.now();
const since = (start) => formatDuration(Date.now() - start);

async function runTimed(step) {
  if (failed || interrupted) {
    results.set(step.name, { status: "not run" });
    return false;
  }
  const prepared = step.prepare ? await step.prepare() : {};
  if (prepared.error) {
    log(color.red(`${step.name}: ${prepared.error}`));
    results.set(step.name, { status: "failed", ms: 0, note: prepared.error });
    failed = true;
    return false;
  }
  log(color.bold(`▶ ${step.name}: pnpm ${step.args.join(" ")}  (at ${since(t0)})`));
  const start = Date.now();
  const code = await runStep(step, prepared.env);
  const ms = Date.now() - start;
  const ok = code === 0 && !interrupted;
  results.set(step.name, { status: ok ? "passed" : interrupted ? "interrupted" : "failed", ms, note: ok ? "" : `exit code ${code}` });
  log(`${ok ? color.green("✓") : color.red("✗")} ${step.name} ${ok ? "passed" : "failed"} in ${formatDuration(ms)}`);
  if (!ok) failed = true;
  return ok;
}

/** Runs `steps`, CONCURRENCY at a time, each once the steps it comes after have passed. */
function runAll() {
  const pending = [...steps];
  const passed = new Set();
  let active = 0;
  return new Promise((resolve) => {
    const next = () => {
      if (failed || interrupted) pending.length = 0;
      while (active < CONCURRENCY) {
        const index = pending.findIndex((step) => step.after.every((name) => passed.has(name)));
        if (index < 0) break;
        const [step] = pending.splice(index, 1);
        active++;
        void runTimed(step).then((ok) => {
          active--;
          if (ok) passed.add(step.name);
          next();
        });
      }
      if (active === 0) resolve();
    };
    next();
  });
}

await runAll();

const icon = { passed: color.green("✓"), failed: color.red("✗"), "not run": color.gray("·"), interrupted: color.red("✗") };
console.log("");
for (const step of steps) {
  const result = results.get(step.name) ?? { status: "not run" };
  const time = result.ms !== undefined ? formatDuration(result.ms).padStart(12) : "".padStart(12);
  log(
    `${icon[result.status]} ${step.name.padEnd(16)} ${result.status.padEnd(11)} ${time}${result.note ? `  ${color.gray(result.note)}` : ""}`,
  );
}
const total = Date.now() - t0;
const over = total > BUDGET_MS;
const budgetNote = `(budget ${formatDuration(BUDGET_MS)})`;
if (failed || interrupted) log(color.red(`FAILED after ${formatDuration(total)} ${budgetNote}`));
else log((over ? color.red : color.green)(`all checks passed in ${formatDuration(total)} ${budgetNote}`));
if (over) {
  log(
    color.red(
      `OVER BUDGET: pnpm test took ${formatDuration(total)}, more than ${formatDuration(BUDGET_MS)}. Find the slow step above and make it faster.`,
    ),
  );
}
process.exit(failed || interrupted ? 1 : 0);
