import { bsc, hardhat } from "viem/chains";
import { describe, expect, it } from "vitest";
import { makeClientConfig } from "@/testing/make-client-config";
import { walletChains } from "./wallet-config";

describe("walletChains", () => {
  it("reads a chain through its public RPC URL when the API gives one", () => {
    const { chains, transports } = walletChains(
      makeClientConfig({ chains: [{ id: 31337, name: "Hardhat", publicRpcUrl: "http://127.0.0.1:9545", contracts: null }] }),
    );
    expect(chains.map((chain) => [chain.id, chain.rpcUrls.default.http])).toEqual([[31337, ["http://127.0.0.1:9545"]]]);
    expect(transports[31337]!({ chain: chains[0] }).config.type).toBe("http");
  });

  it("offers a chain without a public RPC URL too: the wallet's own provider, else viem's default endpoint", () => {
    const { chains, transports } = walletChains(
      makeClientConfig({
        defaultChainId: 56,
        chains: [
          { id: 31337, name: "Hardhat", publicRpcUrl: null, contracts: null },
          { id: 56, name: "BNB Smart Chain", publicRpcUrl: null, contracts: null },
        ],
      }),
    );
    // The default chain first; each keeps viem's default endpoint.
    expect(chains.map((chain) => [chain.id, chain.rpcUrls.default.http])).toEqual([
      [56, bsc.rpcUrls.default.http],
      [31337, hardhat.rpcUrls.default.http],
    ]);
    expect(transports[56]!({ chain: chains[0] }).config.type).toBe("fallback");
  });
});
