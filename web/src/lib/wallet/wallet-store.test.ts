import { describe, expect, it, vi } from "vitest";
import { makeClientConfig } from "@/testing/make-client-config";
import { json, stubApi } from "@/testing/stub-api";
import { getWalletState, hasRememberedConnection, loadWallet, resetWalletStore } from "./wallet-store";

const storage = (value: string | null) => ({ getItem: () => value });

describe("hasRememberedConnection", () => {
  it("is true when wagmi persisted a current connection", () => {
    const persisted = JSON.stringify({
      state: { connections: { __type: "Map", value: [] }, chainId: 31337, current: "abc123" },
      version: 2,
    });
    expect(hasRememberedConnection(storage(persisted))).toBe(true);
  });

  it("is false without a stored or current connection", () => {
    expect(hasRememberedConnection(storage(null))).toBe(false);
    expect(hasRememberedConnection(storage(JSON.stringify({ state: { current: null }, version: 2 })))).toBe(false);
    expect(hasRememberedConnection(storage("not json"))).toBe(false);
  });
});

describe("resetWalletStore (tests only)", () => {
  it("a load under way when the store is reset never settles: it cannot fail into the next test", async () => {
    // No chain with an RPC URL: a load fails once it has the config.
    stubApi({ "/api/config": () => json(makeClientConfig({ chains: [] })) });
    const before = vi.fn();
    loadWallet().then(before, before);
    resetWalletStore();
    expect(getWalletState().phase).toBe("idle");

    // A load started after the reset takes the same steps (the same /api/config request, the same
    // imports) and fails; the one started before it continues first, so it would have settled by now.
    await expect(loadWallet()).rejects.toThrow("No chain is configured for wallets.");
    expect(before).not.toHaveBeenCalled();
  });
});
