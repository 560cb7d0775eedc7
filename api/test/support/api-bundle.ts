// The API as `pnpm start` runs it (api/dist/main.mjs): src/main.ts bundled once per test run with the
// production build's options (build.mjs, esbuild-shared.mjs), for the tests that start the API as
// processes (api-processes.ts). Started through tsx instead, every process spent ~6 s of CPU (twice
// the bundle's) resolving and loading each of our modules through tsx's loader thread.
//
// The bundle sits under api/node_modules (ignored by git and the linters), where Node finds the
// dependencies the bundle leaves out, and in a directory of its own per run (runs may overlap).
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { BuildOptions } from "esbuild";

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ApiBundle {
  /** The bundled `src/main.ts`, to run with `node` (its audio worker, audio-worker.mjs, beside it). */
  main: string;
  remove(): void;
}

export async function bundleApi(): Promise<ApiBundle> {
  const [{ build, stop }, { NODE_BUNDLE_OPTIONS }] = await Promise.all([
    import("esbuild"),
    import(pathToFileURL(path.join(apiDir, "esbuild-shared.mjs")).href) as Promise<{ NODE_BUNDLE_OPTIONS: BuildOptions }>,
  ]);
  const outdir = path.join(apiDir, "node_modules/.cache", `loop-test-api-${randomBytes(4).toString("hex")}`);
  mkdirSync(outdir, { recursive: true });
  const remove = () => rmSync(outdir, { recursive: true, force: true });
  try {
    await build({
      ...NODE_BUNDLE_OPTIONS,
      entryPoints: { main: path.join(apiDir, "src/main.ts"), "audio-worker": path.join(apiDir, "src/audio/worker-entry.ts") },
      outdir,
      logLevel: "silent",
    });
  } catch (error) {
    remove();
    throw error;
  } finally {
    // esbuild's service process would otherwise live until the run ends, and end as a zombie that
    // the run's process group still holds when the test step exits ("api tests left processes behind").
    await stop();
  }
  return { main: path.join(outdir, "main.mjs"), remove };
}
