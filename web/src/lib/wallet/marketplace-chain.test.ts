import { describe, expect, it } from "vitest";
import { makeClientConfig, makeWalletClientConfig, TEST_CONTRACTS } from "@/testing/make-client-config";
import { marketplaceChainOf } from "./marketplace-chain";

describe("marketplaceChainOf: the default chain with the LOOP contracts", () => {
  it("is the default chain, not the first one listed", () => {
    const config = makeWalletClientConfig({ id: 97, name: "BNB Smart Chain Testnet" });
    config.chains.unshift({ id: 31337, name: "Hardhat", publicRpcUrl: null, contracts: null });
    expect(marketplaceChainOf(config)).toEqual({ id: 97, name: "BNB Smart Chain Testnet", ...TEST_CONTRACTS });
  });

  it("is null when the contracts are not deployed there, or the default chain is not listed", () => {
    expect(marketplaceChainOf(makeClientConfig())).toBeNull();
    expect(marketplaceChainOf({ ...makeWalletClientConfig(), defaultChainId: 1 })).toBeNull();
  });
});
