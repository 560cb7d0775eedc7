import type { ClientConfig } from "@loop/rules/chains";
import { fixture } from "@/testing/fixture";

/** GET /api/config for tests: one local chain without contracts, nothing else configured unless overridden. */
export const makeClientConfig = fixture<ClientConfig>(() => ({
  chains: [{ id: 31337, name: "Hardhat", publicRpcUrl: "http://127.0.0.1:8545", contracts: null }],
  defaultChainId: 31337,
  walletConnectProjectId: null,
  oidc: null,
  paypal: null,
  stripe: null,
}));

/** Where the test chains have LoopToken, LoopMarketplace and LoopVault. */
export const TEST_CONTRACTS = {
  token: `0x${"a1".repeat(20)}`,
  marketplace: `0x${"e5".repeat(20)}`,
  vault: `0x${"c3".repeat(20)}`,
} as const;

/** GET /api/config with one chain, the default (local Hardhat unless told), on which the contracts are deployed. */
export function makeWalletClientConfig({ id = 31337, name = "Hardhat" }: { id?: number; name?: string } = {}): ClientConfig {
  return makeClientConfig({
    chains: [{ id, name, publicRpcUrl: "http://127.0.0.1:8545", contracts: TEST_CONTRACTS }],
    defaultChainId: id,
  });
}
