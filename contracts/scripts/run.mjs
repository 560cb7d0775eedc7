// Runs Hardhat (and other tools) from the repository root, as the package scripts need it.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const CONTRACTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ROOT = path.dirname(CONTRACTS_DIR);
export const HARDHAT_BIN = path.join(ROOT, "node_modules", "hardhat", "internal", "cli", "bootstrap.js");

/** Runs `node <file> ...args` in the repository root; resolves when it exits 0, else rejects. */
export function runNode(file, args, { env = {}, cwd = ROOT } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...args], {
      cwd,
      stdio: "inherit",
      env: { ...process.env, CI: "true", HARDHAT_DISABLE_TELEMETRY_PROMPT: "true", ...env },
    });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(file)} ${args.join(" ")} exited with ${signal ?? code}`)),
    );
  });
}

export const hardhat = (args, options) => runNode(HARDHAT_BIN, args, options);
