// What the e2e stack (started by global-setup.ts) tells the tests: its addresses, in a JSON file in
// the run folder whose path is in LOOP_E2E_STACK_FILE (set by the global setup, inherited by the
// Playwright workers).
import { readFileSync } from "node:fs";

export const STACK_FILE_ENV = "LOOP_E2E_STACK_FILE";

export interface StackInfo {
  /** The run folder (LOOP_DATA_DIR of the stack): database, caught mail, stack.log. */
  runDir: string;
  /** The orchestrator's output. */
  logFile: string;
  /** PID of `node scripts/start.mjs`. */
  pid: number;
  /** The app (the built API serving web/dist), also APP_URL: always `localhost`, never 127.0.0.1 (the API checks Origin). */
  webUrl: string;
  /** The API itself (the same server as the app, on 127.0.0.1). */
  apiUrl: string;
  /** MailDev's web UI and REST API. */
  mailUrl: string;
  /** The Hardhat node. */
  rpcUrl: string;
  chainId: number;
  ports: Record<string, number>;
}

let cached: StackInfo | null = null;

export function stackInfo(): StackInfo {
  if (cached) return cached;
  const file = process.env[STACK_FILE_ENV];
  if (!file) throw new Error(`${STACK_FILE_ENV} is not set: run the tests with \`pnpm test:e2e\` (its global setup starts the stack)`);
  cached = JSON.parse(readFileSync(file, "utf8")) as StackInfo;
  return cached;
}
