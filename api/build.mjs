// Bundles the API into dist/main.mjs for production (`pnpm --filter @loop/api build`).
// Dependencies stay in node_modules (installed with `pnpm install --prod`); only our own code is
// bundled: src/, the generated Prisma client, and @loop/rules, whose package exports TypeScript.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { NODE_BUNDLE_OPTIONS } from "./esbuild-shared.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
// The audio worker thread (src/audio/run-in-worker.ts) loads dist/audio-worker.mjs.
await build({
  ...NODE_BUNDLE_OPTIONS,
  entryPoints: { main: path.join(here, "src/main.ts"), "audio-worker": path.join(here, "src/audio/worker-entry.ts") },
  outdir: path.join(here, "dist"),
  sourcemap: true,
  logLevel: "info",
});
