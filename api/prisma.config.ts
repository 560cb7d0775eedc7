import { defineConfig } from "prisma/config";

// Every Prisma CLI command tries to download the native schema engine first and fails offline.
// `generate` does not need it, so any existing file satisfies the check (see docs/decisions.md).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
