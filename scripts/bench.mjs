#!/usr/bin/env node
// `pnpm bench [name...] [--option value...]`: runs the benchmarks in scripts/bench/*.mjs (all, or
// those named) and exits non-zero when one is over its budget. `--option value` pairs (or
// `--option=value`, or a lone `--flag`: "true") reach every bench as `context.options`, e.g.
// `pnpm bench catalog --loops 1000000`.
//
// A bench file exports:
//   export const name = "landing-js";             // short name (defaults to the file name)
//   export const description = "...";             // one line
//   export async function run(context) {          // context: { root, log, pnpm, ensureWebBuild, options }
//     return { value: 93.1, unit: "KB gzip", budget: 120, lowerIsBetter: true, details: ["..."] };
//   }
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { color, formatDuration, say } from "./lib/log.mjs";
import { ROOT } from "./lib/paths.mjs";
import { ensureWebBuild, runPnpm } from "./bench/lib.mjs";

const log = (text) => say("bench", text);
const BENCH_DIR = path.join(ROOT, "scripts", "bench");
/** Bench names and `--option value` pairs from the command line. */
function parseArgs(argv) {
  const names = [];
  const options = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (!arg.startsWith("--")) {
      names.push(arg);
      continue;
    }
    const [key, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (inline !== undefined) options[key] = inline;
    else if (i + 1 < argv.length && !argv[i + 1].startsWith("--")) options[key] = argv[++i];
    else options[key] = "true";
  }
  return { names, options };
}
const { names: wanted, options } = parseArgs(process.argv.slice(2));

const files = readdirSync(BENCH_DIR)
  .filter((file) => file.endsWith(".mjs") && file !== "lib.mjs")
  .sort();

const results = [];
for (const file of files) {
  const bench = await import(pathToFileURL(path.join(BENCH_DIR, file)).href);
  // Shared helpers (api-harness.mjs) sit beside the benchmarks; only files with run() are benchmarks.
  if (typeof bench.run !== "function") continue;
  const name = bench.name ?? path.basename(file, ".mjs");
  if (wanted.length && !wanted.includes(name)) continue;
  log(color.bold(`▶ ${name}${bench.description ? `: ${bench.description}` : ""}`));
  const t0 = Date.now();
  try {
    const result = await bench.run({ root: ROOT, log: (text) => say(name, text), pnpm: runPnpm, ensureWebBuild, options });
    // `over: true` from a bench: one of its other budgets failed (its details say which).
    const over =
      result.over === true ||
      (result.budget !== undefined && (result.lowerIsBetter === false ? result.value < result.budget : result.value > result.budget));
    for (const line of result.details ?? []) say(name, line);
    results.push({ name, ...result, over, ms: Date.now() - t0 });
  } catch (error) {
    say(name, color.red(error?.stack ?? String(error)));
    results.push({ name, error: true, ms: Date.now() - t0 });
  }
}

if (results.length === 0) {
  log(color.red(wanted.length ? `no benchmark named ${wanted.join(", ")}` : "no benchmarks in scripts/bench/"));
  process.exit(1);
}

console.log("");
for (const r of results) {
  if (r.error) {
    log(`${color.red("✗")} ${r.name.padEnd(16)} error`);
    continue;
  }
  const value = `${r.value.toFixed(1)} ${r.unit}`;
  const budget = r.budget !== undefined ? `budget ${r.lowerIsBetter === false ? ">=" : "<="} ${r.budget} ${r.unit}` : "no budget";
  log(
    `${r.over ? color.red("✗") : color.green("✓")} ${r.name.padEnd(16)} ${value.padStart(14)}  ${budget}  ${color.gray(formatDuration(r.ms))}`,
  );
}
const bad = results.filter((r) => r.error || r.over);
if (bad.length) {
  log(color.red(`${bad.length} benchmark(s) failed or over budget: ${bad.map((r) => r.name).join(", ")}`));
  process.exit(1);
}
