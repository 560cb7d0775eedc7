// Starts child processes in their own process groups, prefixes their output, and stops them all.
//
// Every child is spawned with `detached: true`, so it leads a new process group that contains
// everything it starts (pnpm -> sh -> tsx -> node, postgres, ...). Stopping a child sends SIGTERM
// to the whole group, waits until no process of the group is left, and sends SIGKILL to the group
// after a timeout. A Ctrl-C in the terminal reaches only the orchestrator (the children are not in
// the terminal's foreground group), which then stops the children in reverse start order.
import { spawn } from "node:child_process";
import { colorEnabled, color, lineSplitter, prefix, say, stripAnsi } from "./log.mjs";

const KEEP_LINES = 30;

/** An error whose message says everything (no stack trace needed). */
export class UserError extends Error {}

export class ChildFailedError extends Error {
  constructor(child, reason) {
    super(`${child.name} ${reason}`);
    this.child = child;
  }
}

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class Supervisor {
  /**
   * @param {object} options
   * @param {string} options.name       the orchestrator's own prefix ("dev", "start", "test")
   * @param {(children: object[]) => void} [options.onChange]  called when the set of children changes (lock file)
   */
  constructor({ name, onChange = () => {} }) {
    this.name = name;
    this.onChange = onChange;
    this.children = [];
    this.stopping = false;
    this.unexpectedExitHandlers = [];
  }

  log(text) {
    say(this.name, text);
  }

  /** Called with (child, code, signal) when a long-running child exits while we are not stopping. */
  onUnexpectedExit(handler) {
    this.unexpectedExitHandlers.push(handler);
  }

  /**
   * Starts a child. Options: cwd, env, longRunning (default true), filter(line) -> line | null,
   * ipc (adds an IPC channel), stopTimeoutMs (default 8000), quiet (do not print its output).
   */
  spawn(name, command, args, options = {}) {
    if (this.stopping) throw new Error(`not starting ${name}: stopping`);
    const { cwd, env = process.env, longRunning = true, filter, ipc = false, stopTimeoutMs = 8000, quiet = false } = options;
    const childEnv = { ...env };
    if (colorEnabled && childEnv.FORCE_COLOR === undefined && childEnv.NO_COLOR === undefined) childEnv.FORCE_COLOR = "1";
    const proc = spawn(command, args, {
      cwd,
      env: childEnv,
      detached: process.platform !== "win32",
      stdio: ipc ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"],
    });
    const child = {
      name,
      proc,
      pid: proc.pid,
      cmd: [command, ...args].join(" "),
      longRunning,
      stopTimeoutMs,
      lastLines: [],
      exitCode: undefined,
      signal: undefined,
      exited: null,
    };
    const onLine = (stream) => (line) => {
      const shown = filter ? filter(line) : line;
      if (shown === null || shown === undefined) return;
      child.lastLines.push(stripAnsi(shown));
      if (child.lastLines.length > KEEP_LINES) child.lastLines.shift();
      if (!quiet) stream.write(`${prefix(name)}${shown}\n`);
    };
    const out = lineSplitter(onLine(process.stdout));
    const err = lineSplitter(onLine(process.stderr));
    proc.stdout.on("data", (chunk) => out.push(chunk));
    proc.stderr.on("data", (chunk) => err.push(chunk));
    child.exited = new Promise((resolve) => {
      proc.on("error", (error) => {
        child.lastLines.push(String(error.message));
        say(name, color.red(`could not start: ${error.message}`), process.stderr);
        if (child.exitCode === undefined) {
          child.exitCode = 127;
          resolve({ code: 127, signal: null });
        }
      });
      proc.on("close", (code, signal) => {
        out.flush();
        err.flush();
        if (child.exitCode !== undefined) return;
        child.exitCode = code;
        child.signal = signal;
        resolve({ code, signal });
      });
    });
    child.exited.then(({ code, signal }) => {
      if (child.longRunning && !this.stopping && !child.stopRequested) {
        for (const handler of this.unexpectedExitHandlers) handler(child, code, signal);
      }
    });
    if (proc.pid !== undefined) {
      this.children.push(child);
      this.onChange(this.describe());
    }
    return child;
  }

  /** Runs a one-shot child to completion; rejects with ChildFailedError on a non-zero exit. */
  async run(name, command, args, options = {}) {
    const child = this.spawn(name, command, args, { ...options, longRunning: false });
    const { code, signal } = await child.exited;
    this.children = this.children.filter((c) => c !== child);
    this.onChange(this.describe());
    if (code !== 0) throw new ChildFailedError(child, signal ? `was killed by ${signal}` : `exited with code ${code}`);
    return child;
  }

  describe() {
    return this.children.filter((c) => c.exitCode === undefined).map((c) => ({ name: c.name, pid: c.pid, cmd: c.cmd }));
  }

  /**
   * Waits until check() resolves truthy (polled), failing early when the child exits first and
   * after timeoutMs. check() errors count as "not yet".
   */
  async waitFor(child, what, check, { timeoutMs = 120_000, intervalMs = 250 } = {}) {
    const deadline = Date.now() + timeoutMs;
    let exited = false;
    child?.exited.then(() => {
      exited = true;
    });
    for (;;) {
      if (this.stopping) throw new Error("stopping");
      if (exited) {
        const { exitCode, signal } = child;
        throw new ChildFailedError(child, `exited (${signal ? `signal ${signal}` : `code ${exitCode}`}) before ${what}`);
      }
      try {
        if (await check()) return;
      } catch {
        /* not yet */
      }
      if (Date.now() > deadline) {
        throw child
          ? new ChildFailedError(child, `did not get ready in ${Math.round(timeoutMs / 1000)} s (${what})`)
          : new Error(`timed out: ${what}`);
      }
      await sleep(intervalMs);
    }
  }

  /** Stops one child's whole process group: SIGTERM, then SIGKILL after its timeout. */
  async stopChild(child) {
    child.stopRequested = true;
    const pgid = child.pid;
    const signalGroup = (signal) => {
      try {
        process.kill(process.platform === "win32" ? pgid : -pgid, signal);
      } catch {
        /* already gone */
      }
    };
    if (child.exitCode === undefined || groupAlive(pgid)) {
      signalGroup("SIGTERM");
      const deadline = Date.now() + child.stopTimeoutMs;
      while ((child.exitCode === undefined || groupAlive(pgid)) && Date.now() < deadline) await sleep(100);
      if (child.exitCode === undefined || groupAlive(pgid)) {
        say(child.name, color.yellow(`still running after ${child.stopTimeoutMs / 1000} s: SIGKILL`));
        signalGroup("SIGKILL");
        const killDeadline = Date.now() + 3000;
        while (child.exitCode === undefined && Date.now() < killDeadline) await sleep(50);
      }
    }
  }

  /** Stops every child, the most recently started first. */
  async stopAll() {
    this.stopping = true;
    const running = [...this.children].reverse();
    for (const child of running) await this.stopChild(child);
    this.children = [];
    this.onChange([]);
  }
}

/** Prints a failed child's last lines under its name. */
export function reportFailure(supervisor, error) {
  if (error instanceof ChildFailedError) {
    supervisor.log(color.red(`${error.message}. Its last lines:`));
    const lines = error.child.lastLines.slice(-20);
    if (lines.length === 0) say(error.child.name, color.gray("(no output)"));
    for (const line of lines) say(error.child.name, line);
  } else if (error instanceof UserError) {
    supervisor.log(color.red(error.message));
  } else {
    supervisor.log(color.red(error?.stack ?? String(error)));
  }
}
