// Lighthouse (mobile: simulated slow 4G, a phone's CPU as below) on the pages people land on: the
// visitor's landing `/`, the catalog `/home`, a loop's page and a creator's profile, served as users
// get them: the production build (`pnpm build`) by the real orchestrator of `pnpm start` with the
// local chain and the demo catalog (LOOP_LOCAL_CHAIN=1), in its own data folder and on free ports.
// Lighthouse 12.2.3 (pinned: 13 wants Node 22) drives Debian's Chromium (scripts/lib/chromium.mjs).
// Each page runs `--runs` times (5 by default) and its median performance run is kept, as
// Lighthouse's own docs advise against reading one run.
// The phone's CPU: Lighthouse simulates it by scaling what this machine did by cpuSlowdownMultiplier
// (4 by default), so a fixed 4× on a slower host simulates a slower phone: the budgets held at
// benchmark index 2,340-3,197 and broke at 1,263-1,626 with no change to the web code. Lighthouse's
// docs say to calibrate the multiplier to the host's benchmark index ("CPU throttling" in
// https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md). The multiplier here keeps
// the phone the budgets were set against: 4× of a machine of index REFERENCE_BENCHMARK_INDEX, i.e.
// 4 × index ÷ 2,340, never above Lighthouse's 4 (so a faster host is measured as before) nor below 1.
// The index is measured right before each run (the highest of four readings), with Lighthouse's own
// function (computeBenchmarkIndex) in the same Chromium; Lighthouse's index of the run itself is
// printed beside it.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureChromium } from "../lib/chromium.mjs";
import chromiumFlags from "../lib/chromium-flags.cjs";
import stackEnvLib from "../lib/stack-env.cjs";
import { httpOk } from "../lib/health.mjs";
import { freePort } from "../lib/ports.mjs";
import { ROOT } from "../lib/paths.mjs";
import { runPnpm } from "./lib.mjs";

export const name = "pages";
export const description = "Lighthouse mobile on /, /home, a loop's page and a profile (production build, demo catalog)";

/** The budgets of issues 36 and 39, per page. */
export const BUDGETS = {
  performance: 90,
  accessibility: 100,
  "best-practices": 95,
  seo: 100,
  lcpMs: 2500,
  tbtMs: 200,
};
/** The lowest benchmark index at which the budgets held with Lighthouse's 4× (sessions 53-57). */
export const REFERENCE_BENCHMARK_INDEX = 2340;
const LIGHTHOUSE_CPU_SLOWDOWN = 4;
/** Benchmark-index readings before each run, of which the highest counts (about 1 s each). */
const PROBE_READINGS = 4;

/** The CPU multiplier that simulates, on a host of this benchmark index, the phone of the budgets. */
export function cpuSlowdownFor(benchmarkIndex) {
  const calibrated = (LIGHTHOUSE_CPU_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return Math.round(Math.min(LIGHTHOUSE_CPU_SLOWDOWN, Math.max(1, calibrated)) * 100) / 100;
}
const { CHROMIUM_FLAGS, disableFeaturesFlag } = chromiumFlags;

/** The pinned Lighthouse's own folder (pnpm links it), where its dependencies resolve. */
const lighthouseDir = () => realpathSync(path.join(ROOT, "node_modules", "lighthouse"));
const { spawnStack, stackEnv } = stackEnvLib;
const READY_TIMEOUT_MS = 300_000;
/** The demo catalog's uploads are processed by the worker after start: wait for a full page of them. */
const CATALOG_READY_TIMEOUT_MS = 600_000;
const MIN_READY_LOOPS = 24;
/** Polls 5 s apart with the same count of loops: the worker has nothing left to process. */
const STABLE_POLLS = 4;

/**
 * Lighthouse's Chromium: the flags shared with the browser tests, headless, and one feature switch
 * merged with chrome-launcher's own list (Chromium keeps only the last --disable-features).
 */
async function chromeFlags() {
  const launcher = createRequire(path.join(lighthouseDir(), "package.json")).resolve("chrome-launcher");
  const { Launcher } = await import(pathToFileURL(launcher).href);
  const flags = ["--headless=new", ...CHROMIUM_FLAGS, disableFeaturesFlag(Launcher.defaultFlags())];
  // Lighthouse splits --chrome-flags at spaces outside quotes.
  return flags.map((flag) => (flag.includes(" ") ? flag.replace("=", '="') + '"' : flag)).join(" ");
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Lighthouse's benchmark index of this machine, now: its own page function, in a blank page of a
 * Chromium kept open (idle) for the bench.
 */
async function benchmarkProbe(chromePath) {
  const { pageFunctions } = await import(pathToFileURL(path.join(lighthouseDir(), "core", "lib", "page-functions.js")).href);
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_FLAGS });
  const page = await browser.newPage();
  const once = () => page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
  return {
    // The highest of a few readings: a reading taken while the other core's work preempted it reads the
    // machine slower than it is, and a slower reading means a gentler multiplier. Two readings spread
    // 1,467-3,043 on one host within half an hour (session 64); the highest of more is steadier and
    // never gentler.
    measure: async () => {
      let highest = 0;
      for (let reading = 0; reading < PROBE_READINGS; reading++) highest = Math.max(highest, await once());
      return highest;
    },
    close: () => browser.close(),
  };
}

function runLighthouse(url, chromePath, flags, outDir, index, cpuSlowdown) {
  const out = path.join(outDir, `report-${index}.json`);
  const bin = path.join(ROOT, "node_modules", "lighthouse", "cli", "index.js");
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        bin,
        url,
        "--quiet",
        "--output=json",
        `--output-path=${out}`,
        `--chrome-flags=${flags}`,
        "--only-categories=performance,accessibility,best-practices,seo",
        "--max-wait-for-load=90000",
        `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
      ],
      { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited with ${code}: ${stderr.trim().split("\n").slice(-5).join(" | ")}`));
      resolve(JSON.parse(readFileSync(out, "utf8")));
    });
  });
}

/**
 * Lighthouse's own failures to record a load (its runtime errors about the trace, not about the page:
 * NO_NAVSTART, "Something went wrong with recording the trace over your page load. Please run
 * Lighthouse again."). Such a run is run again, at most twice, and said; any other failure (the page
 * did not paint, a protocol timeout) fails the bench.
 */
const TRACE_RECORDING_ERRORS = /\((?:NO_NAVSTART|NO_TRACING_STARTED|TRACING_ALREADY_STARTED)\)/;
const TRACE_RECORDING_RETRIES = 2;

async function lighthouseRun(url, chromePath, flags, outDir, index, cpuSlowdown, log) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await runLighthouse(url, chromePath, flags, outDir, index, cpuSlowdown);
    } catch (error) {
      if (attempt >= TRACE_RECORDING_RETRIES || !TRACE_RECORDING_ERRORS.test(String(error?.message))) throw error;
      log(`Lighthouse did not record ${url}'s load (${String(error.message).match(TRACE_RECORDING_ERRORS)[0]}): running it again`);
    }
  }
}

/** The figures read from one Lighthouse report. */
function figures(report) {
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id) => report.audits[id];
  const failing = (id) =>
    Object.values(report.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audit(ref.id)?.score ?? 1) < 1)
      .map((ref) => ref.id);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    lcpMs: audit("largest-contentful-paint")?.numericValue ?? NaN,
    tbtMs: audit("total-blocking-time")?.numericValue ?? NaN,
    fcpMs: audit("first-contentful-paint")?.numericValue ?? NaN,
    bytes: audit("total-byte-weight")?.numericValue ?? NaN,
    benchmarkIndex: report.environment?.benchmarkIndex ?? NaN,
    cpuSlowdown: report.configSettings?.throttling?.cpuSlowdownMultiplier ?? NaN,
    failing: {
      accessibility: failing("accessibility"),
      "best-practices": failing("best-practices"),
      seo: failing("seo"),
    },
    opportunities: [
      "render-blocking-resources",
      "unused-javascript",
      "uses-text-compression",
      "bootup-time",
      "mainthread-work-breakdown",
      "dom-size",
    ]
      .map((id) => audit(id))
      .filter((a) => a && a.score !== null && a.score < 0.9)
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`),
  };
}

/**
 * The browser's own version line ("Chromium 150.0.7871.100 built on Debian ..."), printed with the
 * figures: the same commit's loop page scored 97 on one host with Chromium 156 and 74 on another with
 * Debian's Chromium 150 (session 64), so a figure is read beside the browser that made it.
 */
function browserVersion(chromePath) {
  const result = spawnSync(chromePath, ["--version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim().split("\n")[0] : `${chromePath} (its version unknown)`;
}

async function startStack(log) {
  const runDir = mkdtempSync(path.join(os.tmpdir(), "loop-bench-pages-"));
  const ports = {};
  for (const key of ["postgres", "api", "hardhat", "ponder", "mailSmtp", "mailWeb"]) ports[key] = await freePort();
  const logFile = path.join(runDir, "stack.log");
  const child = spawnStack(stackEnv(process.env, runDir, ports), logFile);
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (!exited()) {
      const done = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGINT");
      await Promise.race([done, sleep(60_000)]);
      if (!exited()) child.kill("SIGKILL");
    }
    rmSync(runDir, { recursive: true, force: true });
  };
  const url = `http://localhost:${ports.api}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited())
      throw new Error(`the stack exited before it was ready; its log: ${readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n")}`);
    const announced = readFileSync(logFile, "utf8").includes("LOOP is running in production mode");
    if (announced && (await httpOk(`${url}/api/health`))) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error("the stack was not ready in 5 minutes");
    }
    await sleep(1000);
  }
  log(`stack ready at ${url}`);
  return { url, stop };
}

/**
 * Waits until the demo catalog is fully processed: at least a page of loops listed and the count
 * unchanged for STABLE_POLLS polls in a row. The upload worker encodes the demo audio after start;
 * measuring while it runs would give its CPU to the page under test (a 2-core machine).
 * Answers a loop's id and its creator's id.
 */
async function demoLoop(url, log) {
  const deadline = Date.now() + CATALOG_READY_TIMEOUT_MS;
  let last = -1;
  let stable = 0;
  for (;;) {
    const response = await fetch(`${url}/api/loops?limit=100`).catch(() => null);
    const body = response?.ok ? await response.json() : null;
    const loops = Array.isArray(body) ? body : (body?.loops ?? body?.items ?? []);
    stable = loops.length === last ? stable + 1 : 0;
    last = loops.length;
    if (loops.length >= MIN_READY_LOOPS && stable >= STABLE_POLLS) {
      log(`the demo catalog lists ${loops.length} loops, all processed`);
      const loop = loops[0];
      return { loopId: loop.id, creatorId: loop.userId ?? loop.creator?.id ?? loop.user?.id };
    }
    if (Date.now() > deadline) throw new Error(`the demo catalog listed ${loops.length} loops after 10 minutes`);
    await sleep(5000);
  }
}

export async function run({ log, options }) {
  const runs = Math.max(1, Number(options.runs ?? 5));
  const chromium = await ensureChromium({ log });
  const flags = await chromeFlags();
  if (chromium.error) throw new Error(chromium.error);
  if (options.build !== "false") {
    log("building the production app (pnpm build)");
    await runPnpm("build", "build");
  }
  const stack = await startStack(log);
  const probe = await benchmarkProbe(chromium.path).catch(async (error) => {
    await stack.stop();
    throw error;
  });
  const outDir = mkdtempSync(path.join(os.tmpdir(), "loop-lighthouse-"));
  mkdirSync(outDir, { recursive: true });
  const details = [`browser: ${browserVersion(chromium.path)}`];
  let over = false;
  let worstPerformance = 100;
  try {
    const { loopId, creatorId } = await demoLoop(stack.url, log);
    // `--pages catalog,profile`: only those (their labels), e.g. to measure one page's change.
    const only = options.pages ? String(options.pages).split(",") : null;
    const pages = [
      ["landing", "/"],
      ["catalog", "/home"],
      ["loop page", `/loops/${loopId}`],
      ["profile", `/profile/${creatorId}`],
    ].filter(([label]) => !only || only.includes(label));
    // One warm-up load: the first visit of a fresh server compiles its routes and fills its caches.
    await fetch(`${stack.url}/home`).catch(() => null);
    let index = 0;
    for (const [label, pathname] of pages) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        const probed = await probe.measure();
        const cpuSlowdown = cpuSlowdownFor(probed);
        const report = await lighthouseRun(`${stack.url}${pathname}`, chromium.path, flags, outDir, index++, cpuSlowdown, log);
        results.push({ ...figures(report), probedIndex: probed });
      }
      results.sort((a, b) => a.performance - b.performance);
      const median = results[Math.floor(results.length / 2)];
      const problems = [];
      for (const key of ["performance", "accessibility", "best-practices", "seo"])
        if (median[key] < BUDGETS[key]) problems.push(`${key} ${median[key]} < ${BUDGETS[key]}`);
      if (median.lcpMs > BUDGETS.lcpMs) problems.push(`LCP ${Math.round(median.lcpMs)} ms > ${BUDGETS.lcpMs}`);
      if (median.tbtMs > BUDGETS.tbtMs) problems.push(`TBT ${Math.round(median.tbtMs)} ms > ${BUDGETS.tbtMs}`);
      if (problems.length) over = true;
      worstPerformance = Math.min(worstPerformance, median.performance);
      details.push(
        `${problems.length ? "✗" : "✓"} ${label.padEnd(9)} ${pathname.padEnd(44)} perf ${median.performance} (all runs: ${results.map((r) => r.performance).join(", ")}) · a11y ${median.accessibility} · best practices ${median["best-practices"]} · SEO ${median.seo} · FCP ${(median.fcpMs / 1000).toFixed(2)} s · LCP ${(median.lcpMs / 1000).toFixed(2)} s · TBT ${Math.round(median.tbtMs)} ms · ${Math.round(median.bytes / 1000)} kB · CPU ${median.cpuSlowdown}× at benchmark index ${Math.round(median.probedIndex)} (Lighthouse's in the run: ${Math.round(median.benchmarkIndex)}; all runs: ${results.map((r) => `${r.cpuSlowdown}× at ${Math.round(r.probedIndex)}`).join(", ")})`,
      );
      for (const [category, ids] of Object.entries(median.failing))
        if (ids.length) details.push(`    ${category} failing: ${ids.join(", ")}`);
      if (median.opportunities.length) details.push(`    performance: ${median.opportunities.join("; ")}`);
      if (problems.length) details.push(`    over budget: ${problems.join("; ")}`);
    }
    details.push(`reports: ${outDir}`);
  } finally {
    await probe.close();
    await stack.stop();
  }
  return {
    value: worstPerformance,
    unit: "Lighthouse performance (worst page, median run)",
    budget: BUDGETS.performance,
    lowerIsBetter: false,
    over,
    details,
  };
}
