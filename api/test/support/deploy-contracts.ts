// Deploys LoopToken, LoopMarketplace and LoopVault to a test chain with the project's own deploy
// code (contracts/scripts/deployer.ts, what `hardhat run contracts/scripts/deploy.ts` runs: the
// same plan, roles, test funds and vault reserve); the manifest goes to `dir` (a DEPLOYMENTS_DIR).
// It runs in the test's process on the compiled artifacts (compiled once per run by the global
// setup, see compileContracts) instead of starting Hardhat and ts-node for every deployment.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { http } from "viem";
import { deploy } from "../../../contracts/scripts/deployer";

const here = path.dirname(fileURLToPath(import.meta.url));
const workspace = path.resolve(here, "../../..");
/** Hardhat's `paths.artifacts` and `paths.sources` (hardhat.config.ts). */
const artifactsDir = path.join(workspace, "contracts/artifacts/contracts/src");

type DeployOptions = Parameters<typeof deploy>[0];

/** Hardhat's artifact reader, for what deploy() asks of it: `readArtifact(contract name)`. */
const artifacts = {
  async readArtifact(name: string) {
    return JSON.parse(await readFile(path.join(artifactsDir, `${name}.sol`, `${name}.json`), "utf8"));
  },
} as unknown as DeployOptions["artifacts"];

/** `hardhat compile` (a no-op when the artifacts are current), as `hardhat run` did before every deployment. */
export async function compileContracts(): Promise<void> {
  await promisify(execFile)(path.join(workspace, "node_modules/.bin/hardhat"), ["compile", "--quiet"], {
    cwd: workspace,
    env: { ...process.env, CI: "true", HARDHAT_DISABLE_TELEMETRY_PROMPT: "true" },
    maxBuffer: 10 * 1024 * 1024,
  });
}

/** `env`: the deploy script's settings, e.g. DISPUTE_WINDOW_SECONDS (local default 0: no escrow). */
export async function deployContracts(rpcUrl: string, dir: string, env: Record<string, string> = {}): Promise<void> {
  // The node's own (unlocked) accounts sign, as with `hardhat run --network localhost`.
  const { request } = http(rpcUrl, { retryCount: 0 })({});
  await deploy({
    provider: { request } as unknown as DeployOptions["provider"],
    artifacts,
    deploymentsDir: dir,
    env: { ...process.env, ...env },
    log: () => {},
  });
}
