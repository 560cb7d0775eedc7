import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { localAccounts } from "@loop/contracts/local-accounts";
import { getAddress, type Address } from "viem";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { checkLedger } from "../../src/features/ledger/ledger-check";
import { deployContracts } from "./deploy-contracts";
import { createTestApp, type TestApp } from "./test-app";

export interface DeployedApp {
  t: TestApp;
  vault: Address;
  token: Address;
  /** Closes the app and removes its deployments folder. */
  close(): Promise<void>;
}

/**
 * A test app on its own contracts, deployed to the local chain at `rpcUrl` (`deployEnv` tunes the
 * deployment, e.g. PAYOUT_LIMIT_LOOP) and operated with the local operator key.
 */
export async function createDeployedApp(rpcUrl: string, name: string, deployEnv: Record<string, string>): Promise<DeployedApp> {
  const deployments = mkdtempSync(path.join(os.tmpdir(), `loop-${name}-deployments-`));
  const remove = () => rmSync(deployments, { recursive: true, force: true });
  try {
    await deployContracts(rpcUrl, deployments, deployEnv);
    const t = await createTestApp({ env: { DEPLOYMENTS_DIR: deployments, OPERATOR_PRIVATE_KEY: localAccounts.roles.operator.privateKey } });
    const contracts = t.config.chains.find((c) => c.id === 31337)!.contracts!;
    return {
      t,
      vault: getAddress(contracts.vault),
      token: getAddress(contracts.token),
      close: async () => {
        await t.close();
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * A suite's deployed app on the suite's chain: made before the first test (then `ready` runs), the
 * ledger checked after every test, closed after the last.
 */
export function deployedAppSuite(name: string, deployEnv: Record<string, string>, ready: (app: DeployedApp) => Promise<void> | void): void {
  let app: DeployedApp | undefined;
  beforeAll(async () => {
    app = await createDeployedApp(inject("rpcUrl"), name, deployEnv);
    await ready(app);
  });
  afterEach(async () => {
    expect(await checkLedger(app!.t.db.prisma)).toEqual([]);
  });
  afterAll(async () => {
    await app?.close();
  });
}
