import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Far above the slowest test on a loaded 2-core machine (the property tests: under a second):
    // a limit that only ends a test that hangs, never one that ran on a slow machine (issue 34).
    testTimeout: 60_000,
  },
});
