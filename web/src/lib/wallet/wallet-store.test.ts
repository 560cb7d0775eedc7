import { describe, expect, it } from "vitest";
import { hasRememberedConnection } from "./wallet-store";

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
