#!/usr/bin/env node
// `pnpm --filter @loop/contracts test`: every check of the contracts, stopping at the first failure.
//   1. solhint on contracts/src (.solhint.json, no warnings allowed)
//   2. hardhat compile, and the generated ABIs (contracts/generated) must match the artifacts
//   3. the unit and attack tests under solidity-coverage, then the property tests (*.property.test.ts)
//      uninstrumented; or every test with plain `hardhat test` with --no-coverage
//      (`pnpm --filter @loop/contracts test:fast`). The property tests ran twice as slow instrumented
//      (their 200 sequences were two thirds of the step's CPU) and cover nothing the others do not:
//      the unit tests alone cover every line and branch measured.
//   4. coverage of LoopToken, LoopMarketplace and LoopVault: at least 95% of lines and of branches;
//      of LoopZap (issue 40): 100%
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from "node:fs";
import { spawn } from "node:child_process";
import path from "node:path";
import { CONTRACTS_DIR, HARDHAT_BIN, ROOT, runNode } from "./run.mjs";
import { staleFiles } from "./generate-abis.mjs";

const MIN_PERCENT = 95;
/** Each measured contract's minimum share of lines and of branches covered, in percent. */
const MEASURED = { "LoopToken.sol": MIN_PERCENT, "LoopMarketplace.sol": MIN_PERCENT, "LoopVault.sol": MIN_PERCENT, "LoopZap.sol": 100 };
const coverage = !process.argv.includes("--no-coverage");
const TEST_DIR = path.join(CONTRACTS_DIR, "test");
const testFiles = readdirSync(TEST_DIR).filter((file) => file.endsWith(".test.ts"));
const propertyTests = testFiles.filter((file) => file.endsWith(".property.test.ts")).map((file) => path.join(TEST_DIR, file));
/** The other tests, as the one glob `hardhat coverage --testfiles` takes. */
const coveredTestsGlob = path.join(
  path.relative(ROOT, TEST_DIR),
  `{${testFiles
    .filter((file) => !file.endsWith(".property.test.ts"))
    .map((file) => file.slice(0, -".test.ts".length))
    .join(",")}}.test.ts`,
);
const t0 = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const step = (text) => console.log(`\n[contracts] ${text}`);

function fail(message) {
  console.error(`\n[contracts] FAILED: ${message}`);
  process.exit(1);
}

/** Runs Hardhat, echoing its output, and returns mocha's passing/failing counts. */
function hardhatTests(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HARDHAT_BIN, ...args], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, CI: "true", HARDHAT_DISABLE_TELEMETRY_PROMPT: "true", ...env },
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on("data", (chunk) => process.stderr.write(chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      const passing = Number(/(\d+) passing/.exec(out)?.[1] ?? 0);
      const failing = Number(/(\d+) failing/.exec(out)?.[1] ?? 0);
      resolve({ code, passing, failing });
    });
  });
}

try {
  let t = Date.now();
  step("solhint");
  await runNode(path.join(ROOT, "node_modules", "solhint", "solhint.js"), [
    "--disc",
    "--max-warnings",
    "0",
    "--config",
    path.join(CONTRACTS_DIR, ".solhint.json"),
    "contracts/src/**/*.sol",
  ]);
  console.log(`[contracts] solhint: clean (${seconds(t)})`);

  t = Date.now();
  step("compile and check the generated ABIs");
  await runNode(HARDHAT_BIN, ["compile"]);
  const stale = staleFiles();
  if (stale.length > 0)
    fail(
      `stale generated ABIs: ${stale.map((f) => path.relative(ROOT, f)).join(", ")}; run \`pnpm --filter @loop/contracts compile\` and commit the result`,
    );
  console.log(`[contracts] generated ABIs match the artifacts (${seconds(t)})`);

  t = Date.now();
  step(coverage ? "tests under solidity-coverage" : "tests");
  const covered = coverage
    ? await hardhatTests(["coverage", "--solcoverjs", "contracts/.solcover.cjs", "--testfiles", coveredTestsGlob], {
        SOLIDITY_COVERAGE: "true",
      })
    : await hardhatTests(["test"], {});
  if (coverage) step("property tests");
  const properties =
    coverage && covered.code === 0 ? await hardhatTests(["test", ...propertyTests], {}) : { code: 0, passing: 0, failing: 0 };
  const result = {
    code: covered.code || properties.code,
    passing: covered.passing + properties.passing,
    failing: covered.failing + properties.failing,
  };
  // solidity-coverage leaves coverage.json at the root: keep it with the report.
  const stray = path.join(ROOT, "coverage.json");
  const reportDir = path.join(CONTRACTS_DIR, "coverage");
  if (existsSync(stray)) {
    mkdirSync(reportDir, { recursive: true });
    renameSync(stray, path.join(reportDir, "coverage.json"));
  }
  console.log(`[contracts] tests: ${result.passing} passing, ${result.failing} failing (${seconds(t)})`);
  if (result.code !== 0 || result.failing > 0 || result.passing === 0) {
    console.log(`contracts: ${result.passing} passed, ${Math.max(result.failing, 1)} failed`);
    fail(`the tests failed (exit code ${result.code})`);
  }

  if (coverage) {
    const summary = JSON.parse(readFileSync(path.join(reportDir, "coverage-summary.json"), "utf8"));
    const rows = [];
    const low = [];
    for (const [name, min] of Object.entries(MEASURED)) {
      const key = Object.keys(summary).find((file) => file.endsWith(`/${name}`) || file.endsWith(`\\${name}`));
      if (!key) {
        low.push(`${name}: not in the coverage report`);
        continue;
      }
      const { lines, branches } = summary[key];
      rows.push(`  ${name.padEnd(22)} lines ${String(lines.pct).padStart(6)}%   branches ${String(branches.pct).padStart(6)}%`);
      if (lines.pct < min) low.push(`${name}: lines ${lines.pct}% < ${min}%`);
      if (branches.pct < min) low.push(`${name}: branches ${branches.pct}% < ${min}%`);
    }
    step(`coverage (minimum ${MIN_PERCENT}% of lines and branches; LoopZap 100%):\n${rows.join("\n")}`);
    if (low.length > 0) {
      console.log(`contracts: ${result.passing} passed, 1 failed`);
      fail(`coverage below the minimum: ${low.join("; ")}`);
    }
  }

  step(`all checks passed in ${seconds(t0)}`);
  console.log(`contracts: ${result.passing} passed, 0 failed`);
} catch (error) {
  fail(error?.message ?? String(error));
}
