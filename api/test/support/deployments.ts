import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { getAddress } from "viem";

/** Made-up contract addresses, checksummed; the manifests hold them lower-case: the API checksums them. */
export const LOCAL_CONTRACTS = {
  token: getAddress(`0x${"a1b2c3d4e5".repeat(4)}`),
  vault: getAddress(`0x${"f6e7d8c9ba".repeat(4)}`),
  marketplace: getAddress(`0x${"0f1e2d3c4b".repeat(4)}`),
};

const TX = `0x${"ab".repeat(32)}`;

/** A temporary DEPLOYMENTS_DIR holding `<chainId>.json` manifests as contracts/scripts/deploy.ts writes them. */
export function tempDeploymentsDir(): { dir: string; write(chainId: number, contracts?: Record<string, string>): void; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "loop-deployments-"));
  return {
    dir,
    write(
      chainId,
      contracts = { LoopToken: LOCAL_CONTRACTS.token, LoopVault: LOCAL_CONTRACTS.vault, LoopMarketplace: LOCAL_CONTRACTS.marketplace },
    ) {
      mkdirSync(dir, { recursive: true });
      const entries = Object.fromEntries(
        Object.entries(contracts).map(([name, address], index) => [
          name,
          { contract: name, address: address.toLowerCase(), blockNumber: index + 1, transactionHash: TX },
        ]),
      );
      writeFileSync(path.join(dir, `${chainId}.json`), JSON.stringify({ chainId, contracts: entries, disputeWindowSeconds: 0 }, null, 2));
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
