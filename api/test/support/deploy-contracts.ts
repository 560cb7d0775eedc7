// Deploys LoopToken, LoopMarketplace and LoopVault to a test chain with the project's own deploy
// script (contracts/scripts/deploy.ts, compiling if needed; it funds the test accounts and the vault
// reserve); the manifest goes to `dir` (a DEPLOYMENTS_DIR).
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const here = path.dirname(fileURLToPath(import.meta.url));
const workspace = path.resolve(here, "../../..");

/** `env`: the deploy script's settings, e.g. DISPUTE_WINDOW_SECONDS (local default 0: no escrow). */
export async function deployContracts(rpcUrl: string, dir: string, env: Record<string, string> = {}): Promise<void> {
  await promisify(execFile)(path.join(workspace, "node_modules/.bin/hardhat"), ["run", "--network", "localhost", "contracts/scripts/deploy.ts"], {
    cwd: workspace,
    env: { ...process.env, RPC_URL_31337: rpcUrl, DEPLOYMENTS_DIR: dir, CI: "true", HARDHAT_DISABLE_TELEMETRY_PROMPT: "true", ...env },
    maxBuffer: 10 * 1024 * 1024,
  });
}
