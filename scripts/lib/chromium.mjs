// The browsers we drive: Debian's Chromium (Playwright cannot download its own here). `pnpm test`
// provisions the browser tests' when the machine lacks it: on Debian/Ubuntu as root (or with
// password-less sudo) through apt; anywhere else it says the one command to run.
//
// The browser tests prefer Debian's headless shell (package chromium-headless-shell, the same
// Chromium version built for headless use only, what Playwright itself runs headless by default):
// the whole browser suite took 11 % less of the browsers' CPU with it than with the full browser
// (403 → 360 s; no spare renderers, a lighter browser process), and the same tests passed. The
// Lighthouse bench keeps the full browser: it measures what a visitor's browser does.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import chromiumPaths from "./chromium-paths.cjs";

const { BROWSER_CANDIDATES: CANDIDATES, HEADLESS_SHELL } = chromiumPaths;

/** CHROMIUM_PATH when it exists, else (headlessShell) Debian's headless shell, else Debian's or Ubuntu's browser, else null. */
export function findChromium(env = process.env, { headlessShell = false } = {}) {
  const candidates = [env.CHROMIUM_PATH, ...(headlessShell ? [HEADLESS_SHELL] : []), ...CANDIDATES].filter(Boolean);
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
 * this machine allows it, or to { error } saying what to do. `headlessShell`: Debian's headless shell
 * is wanted (installed when missing and apt allows it); the full browser does when it cannot be had.
 */
export async function ensureChromium({ log = () => {}, env = process.env, headlessShell = false } = {}) {
  const found = findChromium(env, { headlessShell });
  const wanted = headlessShell ? "chromium-headless-shell" : "chromium";
  const isWanted = (file) => !headlessShell || file === HEADLESS_SHELL || Boolean(env.CHROMIUM_PATH);
  if (found && isWanted(found)) return { path: found, installed: false };
  if (env.CHROMIUM_PATH) return { error: `CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist: ${INSTALL_HINT}` };
  const runner = aptRunner();
  if (!runner) {
    if (found) return { path: found, installed: false };
    return { error: `Chromium not found (looked at ${CANDIDATES.join(", ")}): ${INSTALL_HINT}` };
  }
  const [sudo, ...sudoArgs] = runner;
  const apt = (args) => (sudo ? run(sudo, [...sudoArgs, "apt-get", ...args], log) : run("apt-get", args, log));
  const fallBack = (error) => (found ? { path: found, installed: false, note: `${error}; using ${found}` } : { error });
  log(`${wanted} not found: installing Debian's (apt-get install -y ${wanted})`);
  // The package lists of a fresh machine are often missing or stale: refresh them first.
  const update = await apt(["update", "-qq"]);
  if (update.code !== 0) return fallBack(`apt-get update failed (exit code ${update.code}): ${INSTALL_HINT}`);
  const install = await apt(["install", "-y", "-qq", wanted]);
  if (install.code !== 0) return fallBack(`apt-get install ${wanted} failed (exit code ${install.code}): ${INSTALL_HINT}`);
  const installed = findChromium(env, { headlessShell });
  return installed && isWanted(installed)
    ? { path: installed, installed: true }
    : fallBack(`apt-get installed ${wanted}, but no binary at ${headlessShell ? HEADLESS_SHELL : CANDIDATES.join(", ")}`);
}
