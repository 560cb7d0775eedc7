#!/usr/bin/env node
// Runs a command on a slower machine: `node scripts/slow-machine.mjs [--cores N] [--] [command...]`
// (`pnpm test:slow`; default: `pnpm test` with one core taken).
//
// Keeps N cores busy for as long as the command runs, so the command gets what is left: on the
// 2-core machines we run on, one core, i.e. a machine half as fast (issue 34). The busy loops run
// at a higher priority than the command (nice -10 when allowed: root, or CAP_SYS_NICE), so that
// each takes a whole core however many threads the command starts; without the privilege they
// run at the default priority and take a share of the machine instead (said at the start).
// Exits with the command's exit code and prints how long it took.
import { spawn } from "node:child_process";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { color, formatDuration, say } from "./lib/log.mjs";
import { pnpm } from "./lib/pnpm.mjs";
import { ROOT } from "./lib/paths.mjs";

const NAME = "slow";
const log = (text) => say(NAME, text);
/** The priority of the busy loops: ahead of the command's processes (nice 0), so each keeps its core. */
const BUSY_NICENESS = -10;

function parseArgs(argv) {
  let cores = Number(process.env.LOOP_SLOW_CORES ?? 1);
  let command = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--cores") cores = Number(argv[++i]);
    else {
      // The command: after a `--`, or from the first word that is not an option of ours.
      command = argv.slice(argv[i] === "--" ? i + 1 : i);
      break;
    }
  }
  if (!Number.isInteger(cores) || cores < 1 || cores >= os.availableParallelism()) {
    throw new Error(`--cores must be a whole number from 1 to ${os.availableParallelism() - 1}`);
  }
  return { cores, command: command.length > 0 ? command : pnpm("test").flat() };
}

/** A thread that spins until it is terminated, at BUSY_NICENESS when the OS allows it. */
function busyThread() {
  const source = `
    const os = require("node:os");
    const { parentPort, workerData } = require("node:worker_threads");
    let niceness = 0;
    try {
      // On Linux a thread has its own niceness: 0 means the calling thread.
      os.setPriority(0, workerData.niceness);
      niceness = workerData.niceness;
    } catch {}
    parentPort.postMessage(niceness);
    let x = 0;
    for (;;) x = (x * 1103515245 + 12345) % 2147483648;
  `;
  return new Promise((resolve) => {
    const worker = new Worker(source, { eval: true, workerData: { niceness: BUSY_NICENESS } });
    worker.once("message", (niceness) => resolve({ worker, niceness }));
  });
}

const { cores, command } = parseArgs(process.argv.slice(2));
const busy = await Promise.all(Array.from({ length: cores }, busyThread));
const prioritized = busy.every(({ niceness }) => niceness === BUSY_NICENESS);
log(
  `${cores} of ${os.availableParallelism()} cores kept busy` +
    (prioritized
      ? ` at nice ${BUSY_NICENESS}`
      : color.yellow(" at the default priority (no right to raise it): a share of the machine, not a whole core")),
);
log(`running: ${command.join(" ")}`);

const started = Date.now();
const child = spawn(command[0], command.slice(1), { cwd: ROOT, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
const code = await new Promise((resolve) => {
  child.on("error", (error) => {
    log(color.red(`could not start ${command[0]}: ${error.message}`));
    resolve(127);
  });
  child.on("close", (exitCode, signal) => resolve(signal ? 128 : exitCode));
});
await Promise.all(busy.map(({ worker }) => worker.terminate()));
log(
  `${code === 0 ? color.green("passed") : color.red(`failed (exit code ${code})`)} in ${formatDuration(Date.now() - started)} with ${cores} core(s) taken`,
);
process.exit(code);
