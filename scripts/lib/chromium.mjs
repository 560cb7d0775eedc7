// The browser of the browser tests: Debian's Chromium (Playwright cannot download its own here).
// `pnpm test` provisions it when the machine lacks it: on Debian/Ubuntu as root (or with password-less
// sudo) through apt; anywhere else it says the one command to run.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** CHROMIUM_PATH when it exists, else Debian's or Ubuntu's binary, else null. */
export function findChromium(env = process.env) {
  const candidates = [env.CHROMIUM_PATH, ...CANDIDATES].filter(Boolean);
  return candidates.find((file) => existsSync(file)) ?? null;
}

function isDebianLike() {
  try {
    const release = readFileSync("/etc/os-release", "utf8");
    return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(release);
  } catch {
    return false;
  }
}

const hasCommand = (name) => spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;

/** How this process may run apt-get: directly (root), through password-less sudo, or not at all. */
function aptRunner() {
  if (!isDebianLike() || !hasCommand("apt-get")) return null;
  if (process.getuid?.() === 0) return [];
  if (hasCommand("sudo") && spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0) return ["sudo", "-n"];
  return null;
}

export const INSTALL_HINT =
  "install Chromium and run again: on Debian/Ubuntu `sudo apt-get install -y chromium`; elsewhere install Chromium and set CHROMIUM_PATH to its binary";

function run(command, args, log) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    let tail = "";
    const collect = (chunk) => {
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("error", (error) => resolve({ code: 127, tail: error.message }));
    child.on("close", (code) => {
      if (code !== 0) log(tail.trim().split("\n").slice(-10).join("\n"));
      resolve({ code, tail });
    });
  });
}

/**
 * Resolves to { path } of a usable Chromium, installing Debian's package when it is missing and
 * this machine allows it, or to { error } saying what to do.
 */
export async function ensureChromium({ log = () => {}, env = process.env } = {}) {
  const found = findChromium(env);
  if (found) return { path: found, installed: false };
  if (env.CHROMIUM_PATH) return { error: `CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist: ${INSTALL_HINT}` };
  const runner = aptRunner();
  if (!runner) return { error: `Chromium not found (looked at ${CANDIDATES.join(", ")}): ${INSTALL_HINT}` };
  const [sudo, ...sudoArgs] = runner;
  const apt = (args) => (sudo ? run(sudo, [...sudoArgs, "apt-get", ...args], log) : run("apt-get", args, log));
  log("Chromium not found: installing Debian's chromium (apt-get install -y chromium)");
  // The package lists of a fresh machine are often missing or stale: refresh them first.
  const update = await apt(["update", "-qq"]);
  if (update.code !== 0) return { error: `apt-get update failed (exit code ${update.code}): ${INSTALL_HINT}` };
  const install = await apt(["install", "-y", "-qq", "chromium"]);
  if (install.code !== 0) return { error: `apt-get install chromium failed (exit code ${install.code}): ${INSTALL_HINT}` };
  const installed = findChromium(env);
  return installed
    ? { path: installed, installed: true }
    : { error: `apt-get installed chromium, but no binary at ${CANDIDATES.join(", ")}` };
}
