// Development and tests (tsx, vitest): the worker thread loads the TypeScript entry through tsx.
import { tsImport } from "tsx/esm/api";

await tsImport("./worker-entry.ts", import.meta.url);
