// `.data/dev.lock`: held by the running `pnpm dev` or `pnpm start` (they share the database, the
// data directory and the ports). It records the orchestrator's PID and the process groups of its
// children, so that a later start can clean up after an orchestrator that was killed with SIGKILL.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LOCK_FILE } from "./paths.mjs";

export class LockedError extends Error {
  constructor(holder) {
    super(`LOOP is already running (pid ${holder.pid}). Stop it with Ctrl-C in its terminal first.`);
    this.holder = holder;
  }
}

/** True when the process (pid > 0) or the process group (pid < 0) exists. */
function isAlive(pid) {
  if (!Number.isInteger(pid) || pid === 0 || pid === -1) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  } catch {
    return null; // not Linux, or gone
  }
}

/** The lock's content, or null. Accepts a bare PID too. */
export function readLock(file = LOCK_FILE) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text);
    if (typeof parsed === "number") return { pid: parsed, children: [] };
    return { children: [], ...parsed };
  } catch {
    return { pid: Number.parseInt(text, 10), children: [] };
  }
}

/** The live holder of the lock, or null (no lock, or a stale one). */
export function liveHolder(file = LOCK_FILE) {
  const lock = readLock(file);
  if (!lock || !isAlive(lock.pid)) return null;
  // A reused PID: on Linux, check that the process is still one of our orchestrators.
  const cmd = commandLine(lock.pid);
  if (cmd !== null && !/scripts[\\/](dev|start)\.mjs/.test(cmd)) return null;
  return lock;
}

/**
 * Stops what a dead orchestrator left behind: the process groups it recorded, when their leader
 * still runs the recorded command. Returns the names of the groups it stopped.
 */
export async function cleanUpStale(lock, log = () => {}) {
  const stopped = [];
  for (const child of lock?.children ?? []) {
    const cmd = commandLine(child.pid);
    const groupAlive = isAlive(-child.pid);
    if (!groupAlive) continue;
    if (cmd !== null && child.cmd && !cmd.includes(child.cmd)) continue;
    log(`stopping ${child.name} (process group ${child.pid}) left over from pid ${lock.pid}`);
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* gone */
    }
    for (let i = 0; i < 50 && isAlive(-child.pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (isAlive(-child.pid)) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        /* gone */
      }
    }
    stopped.push(child.name);
  }
  return stopped;
}

/**
 * Takes the lock for this process. Throws LockedError when a live orchestrator holds it; cleans
 * up after a dead one. Returns { update(children), release() }.
 */
export async function acquireLock({ command, file = LOCK_FILE, log = () => {} }) {
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    const record = { pid: process.pid, command, startedAt: new Date().toISOString(), children: [] };
    try {
      writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`, { flag: "wx" });
      let released = false;
      return {
        update(children) {
          if (released) return;
          record.children = children;
          writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
        },
        release() {
          if (released) return;
          released = true;
          if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
    const holder = liveHolder(file);
    if (holder) throw new LockedError(holder);
    const stale = readLock(file);
    log(`removing a stale lock (pid ${stale?.pid} is not running)`);
    await cleanUpStale(stale, log);
    rmSync(file, { force: true });
  }
  throw new Error(`could not take ${file}`);
}
