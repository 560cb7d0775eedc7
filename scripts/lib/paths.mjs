// Well-known locations, relative to the repository root.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Local data of `pnpm dev` / `pnpm start`: database, mail, files. `pnpm reset` deletes it. */
/** LOOP_DATA_DIR moves it (and the lock), so that a separate stack can run beside `pnpm dev`. */
export const DATA_DIR = process.env.LOOP_DATA_DIR ? path.resolve(ROOT, process.env.LOOP_DATA_DIR) : path.join(ROOT, ".data");
/** Scratch data of `pnpm test` (one sub-directory per run). */
export const TEST_DATA_DIR = path.join(ROOT, ".data-test");
export const LOCK_FILE = path.join(DATA_DIR, "dev.lock");
/**
 * Deployment manifests (<chainId>.json). Real chains' manifests live in the repository; `pnpm dev`
 * points DEPLOYMENTS_DIR into its data folder, because its local chain is new on every start and
 * two stacks side by side (dev and e2e) must not overwrite each other's addresses.
 */
export const DEPLOYMENTS_DIR = process.env.DEPLOYMENTS_DIR
  ? path.resolve(ROOT, process.env.DEPLOYMENTS_DIR)
  : path.join(ROOT, "contracts", "deployments");
export const LOCAL_DEPLOYMENTS_DIR = path.join(DATA_DIR, "deployments");
export const INDEXER_DIR = path.join(ROOT, "indexer");

export const rel = (file) => path.relative(process.cwd(), file) || ".";
