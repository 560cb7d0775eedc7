// Bundles the API into dist/main.mjs for production (`pnpm --filter @loop/api build`).
// Dependencies stay in node_modules (installed with `pnpm install --prod`); only our own code is
// bundled: src/, the generated Prisma client, and @loop/rules, whose package exports TypeScript.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const rulesSrc = path.resolve(here, "../rules/src");

/** @type {import("esbuild").Plugin} */
const bundleRules = {
  name: "bundle-loop-rules",
  setup(builder) {
    builder.onResolve({ filter: /^@loop\/rules\// }, (args) => ({
      path: path.join(rulesSrc, `${args.path.slice("@loop/rules/".length)}.ts`),
    }));
  },
};

// The audio worker thread (src/audio/run-in-worker.ts) loads dist/audio-worker.mjs.
await build({
  entryPoints: { main: path.join(here, "src/main.ts"), "audio-worker": path.join(here, "src/audio/worker-entry.ts") },
  outdir: path.join(here, "dist"),
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  plugins: [bundleRules],
  sourcemap: true,
  logLevel: "info",
});
