// What every esbuild bundle of the API's code shares (the production build, build.mjs, and the audio
// benchmark's bundle, scripts/bench/audio-processing.mjs): Node 20 ESM in .mjs files, dependencies
// left in node_modules, and @loop/rules bundled from its TypeScript sources (its package exports .ts).
import path from "node:path";
import { fileURLToPath } from "node:url";

const rulesSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../rules/src");

/** @type {import("esbuild").Plugin} */
const bundleRules = {
  name: "bundle-loop-rules",
  setup(builder) {
    builder.onResolve({ filter: /^@loop\/rules\// }, (args) => ({
      path: path.join(rulesSrc, `${args.path.slice("@loop/rules/".length)}.ts`),
    }));
  },
};

/** @type {import("esbuild").BuildOptions} */
export const NODE_BUNDLE_OPTIONS = {
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  plugins: [bundleRules],
};
