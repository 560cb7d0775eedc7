import { describe, expect, it } from "vitest";
import { actionTarget } from "./action-url";

describe("actionTarget", () => {
  it("app paths stay in the app; http(s) URLs go out; anything else leads nowhere", () => {
    expect(actionTarget("/tokens")).toEqual({ kind: "app", path: "/tokens" });
    expect(actionTarget("https://example.com/a")).toEqual({ kind: "external", url: "https://example.com/a" });
    expect(actionTarget("http://example.com")).toEqual({ kind: "external", url: "http://example.com" });
    expect(actionTarget("//evil.example")).toBeNull();
    expect(actionTarget("/\\evil.example")).toBeNull();
    expect(actionTarget("javascript:alert(1)")).toBeNull();
    expect(actionTarget(null)).toBeNull();
  });
});
