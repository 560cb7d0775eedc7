// Helpers for bench files.
import http from "node:http";
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { lineSplitter, prefix } from "../lib/log.mjs";
import { pnpm } from "../lib/pnpm.mjs";
import { ROOT } from "../lib/paths.mjs";

/** Runs `pnpm ...args` at the root, output prefixed with `name`; rejects on failure. */
export function runPnpm(name, ...args) {
  return new Promise((resolve, reject) => {
    const [command, commandArgs] = pnpm(...args);
    const child = spawn(command, commandArgs, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    const out = lineSplitter((line) => process.stdout.write(`${prefix(name)}${line}\n`));
    const err = lineSplitter((line) => process.stderr.write(`${prefix(name)}${line}\n`));
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.stderr.on("data", (chunk) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      out.flush();
      err.flush();
      if (code === 0) resolve();
      else reject(new Error(`pnpm ${args.join(" ")} exited with code ${code}`));
    });
  });
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) continue;
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(file) : statSync(file).mtimeMs);
  }
  return newest;
}

/**
 * Builds web/ unless web/dist/index.html is newer than every source file of web/ and rules/.
 * Returns the dist directory.
 */
export async function ensureWebBuild(log = () => {}) {
  const dist = path.join(ROOT, "web", "dist");
  const index = path.join(dist, "index.html");
  const sources = Math.max(newestMtime(path.join(ROOT, "web")), newestMtime(path.join(ROOT, "rules")));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) {
    log("web/dist is up to date");
  } else {
    log(existsSync(index) ? "web/ changed since the last build: building" : "web/dist missing: building");
    await runPnpm("build", "--filter", "@loop/web", "build");
  }
  return dist;
}

/**
 * One GET to 127.0.0.1:`port` through `agent` (keep-alive), timed from the request to the answer's
 * last byte: {status, ms, bytes}, or {status: 0, ms, error} when it failed. Never rejects.
 */
export function timedGet(agent, port, urlPath, headers) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    const req = http.request({ host: "127.0.0.1", port, path: urlPath, agent, headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => (bytes += chunk.length));
      res.on("end", () => resolve({ status: res.statusCode, ms: elapsed(), bytes }));
    });
    req.on("error", (error) => resolve({ status: 0, ms: elapsed(), error }));
    req.end();
  });
}
