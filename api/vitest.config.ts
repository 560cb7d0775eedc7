import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    // Every file has its own database, so files run in parallel.
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
