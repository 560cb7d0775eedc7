// The lock and shutdown discipline shared by `pnpm dev` and `pnpm start`:
// - one running instance (`.data/dev.lock`), a clear message for the second;
// - SIGINT/SIGTERM/SIGHUP stop every child (process groups, reverse order), remove the lock, exit;
//   a second Ctrl-C kills every group at once;
// - a child that dies (during start-up or later) stops everything, printing its last lines.
import { color, say } from "./log.mjs";
import { acquireLock, LockedError } from "./lock.mjs";
import { ChildFailedError, Supervisor, reportFailure } from "./supervisor.mjs";

export async function createOrchestrator({ name, command }) {
  const log = (text) => say(name, text);
  let lock;
  try {
    lock = await acquireLock({ command, log });
  } catch (error) {
    if (error instanceof LockedError) {
      console.error(color.red(error.message));
      process.exit(1);
    }
    throw error;
  }

  // A closed terminal or pipe (EPIPE) must not kill the orchestrator before it stops its children.
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});

  const supervisor = new Supervisor({ name, onChange: (children) => lock.update(children) });
  let started = false;
  let exiting = null;
  let failed = false;

  function shutdown(code, reason) {
    if (exiting) return exiting;
    exiting = (async () => {
      if (reason) log(reason);
      try {
        await supervisor.stopAll();
      } catch (error) {
        log(color.red(`while stopping: ${error?.message ?? error}`));
      }
      lock.release();
      log(code === 0 ? "stopped" : color.red("stopped after a failure"));
      process.exit(code);
    })();
    return exiting;
  }

  function fail(error) {
    if (failed || exiting) return shutdown(1);
    failed = true;
    reportFailure(supervisor, error);
    return shutdown(1, "stopping everything");
  }

  let interrupts = 0;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      interrupts++;
      if (interrupts === 1) {
        shutdown(0, `${signal === "SIGINT" ? "Ctrl-C" : signal}: stopping everything (Ctrl-C again to kill at once)`);
      } else if (interrupts === 2) {
        log(color.yellow("killing every process group now"));
        for (const child of supervisor.children) {
          try {
            process.kill(-child.pid, "SIGKILL");
          } catch {
            /* gone */
          }
        }
      }
    });
  }

  supervisor.onUnexpectedExit((child, code, signal) => {
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    fail(new ChildFailedError(child, started ? `${how} while LOOP was running` : how));
  });

  return {
    supervisor,
    log,
    /** Runs the start-up; any error stops everything and exits 1. */
    run(main) {
      main()
        .then(() => {
          started = true;
        })
        .catch((error) => {
          if (!exiting) fail(error);
        });
    },
  };
}
