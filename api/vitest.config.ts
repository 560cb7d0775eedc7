import os from "node:os";
import { defineConfig } from "vitest/config";
import { SlowestFirstSequencer } from "./test/support/sequencer";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    setupFiles: ["test/support/per-file-setup.ts"],
    // Every file has its own database, so files run in parallel: at least two at a time (vitest's
    // default leaves one core free, i.e. one file at a time on a 2-core machine, while most files
    // wait on Postgres, the chain or the indexer).
    pool: "forks",
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A worker process runs file after file and imports the app once (Prisma, viem, Express, every
    // route), not once per file (~2 s of CPU each when every file had a fresh process). Files still
    // get their own database, app and servers; what they share is module-level state, which in the
    // app is per Prisma client (so per file) or plain memoisation, and what a dependency keeps for
    // the whole process is reset before each file (test/support/per-file-setup.ts).
    isolate: false,
    sequence: { sequencer: SlowestFirstSequencer },
    // The one limit on a test or a hook, far above what the slowest takes on a loaded 2-core
    // machine (issue 34): a test waits for events with its own deadlines (test/support/wait.ts),
    // so this only ends one that hangs. No test sets its own: speed is measured by `pnpm bench`.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
