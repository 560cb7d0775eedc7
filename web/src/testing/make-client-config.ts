import type { ClientConfig } from "@loop/rules/chains";

/** GET /api/config for tests: one local chain without contracts, nothing else configured unless overridden. */
export function makeClientConfig(overrides: Partial<ClientConfig> = {}): ClientConfig {
  return {
    chains: [{ id: 31337, name: "Hardhat", rpcUrl: "http://127.0.0.1:8545", contracts: null }],
    defaultChainId: 31337,
    walletConnectProjectId: null,
    oidc: null,
    paypal: null,
    stripe: null,
    ...overrides,
  };
}
