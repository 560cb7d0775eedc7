// Development and tests (tsx, vitest): the worker thread loads the TypeScript entry through tsx.
// The API's tests bundle the entry once per run (test/support/api-bundle.ts) and name it in
// LOOP_TEST_AUDIO_WORKER: the same code without tsx's start in every thread (~0.7 s of CPU per job).
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";

const bundled = process.env.LOOP_TEST_AUDIO_WORKER;
if (bundled) await import(pathToFileURL(bundled).href);
else await tsImport("./worker-entry.ts", import.meta.url);
