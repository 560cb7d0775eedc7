import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { useSubmissionKey } from "./idempotent-post";

describe("useSubmissionKey", () => {
  it("reuses the key for a retry of the same body while the outcome is unknown", () => {
    const { result } = renderHook(() => useSubmissionKey());
    const body = { amount: "10" };
    const first = result.current.keyFor(body);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    result.current.settle(new TypeError("Failed to fetch"));
    expect(result.current.keyFor(body)).toBe(first);
    result.current.settle(new ApiError(502, "", "Bad Gateway"));
    expect(result.current.keyFor(body)).toBe(first);
    result.current.settle(new ApiError(409, '{"message":"still being processed"}', "Conflict"));
    expect(result.current.keyFor(body)).toBe(first);
  });

  it("uses a fresh key for a changed body or after the server answered", () => {
    const { result } = renderHook(() => useSubmissionKey());
    const first = result.current.keyFor({ amount: "10" });
    const changed = result.current.keyFor({ amount: "11" });
    expect(changed).not.toBe(first);
    result.current.settle(new ApiError(400, '{"message":"no"}', "Bad Request"));
    expect(result.current.keyFor({ amount: "11" })).not.toBe(changed);
    const beforeSuccess = result.current.keyFor({ amount: "11" });
    result.current.settle(null);
    expect(result.current.keyFor({ amount: "11" })).not.toBe(beforeSuccess);
  });
});
