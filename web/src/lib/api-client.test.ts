import { describe, expect, it, vi } from "vitest";
import { ApiError, apiJson, apiRequest, errorStatus, getServerMessage, withSearchParams } from "./api-client";
import { getCurrentUser } from "./auth";
import { createQueryClient } from "./query-client";

function stub(response: Response) {
  const fetchMock = vi.fn(async () => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("apiRequest", () => {
  it("sends credentials and a JSON body", async () => {
    const fetchMock = stub(new Response("{}", { status: 200 }));
    await apiRequest("POST", "/api/auth/email", { email: "a@b.co" });
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/auth/email",
      expect.objectContaining({
        method: "POST",
        credentials: "include",
        body: JSON.stringify({ email: "a@b.co" }),
        headers: expect.objectContaining({ "Content-Type": "application/json" }),
      }),
    );
  });

  it("throws `${status}: ${body}` for a non-ok response", async () => {
    stub(new Response('{"message":"Wallet already linked"}', { status: 409, statusText: "Conflict" }));
    await expect(apiRequest("POST", "/api/auth/connect-wallet", {})).rejects.toThrow('409: {"message":"Wallet already linked"}');
  });

  it("uses the status text when the body is empty", async () => {
    stub(new Response("", { status: 500, statusText: "Internal Server Error" }));
    const error = await apiRequest("GET", "/api/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe("500: Internal Server Error");
    expect(errorStatus(error)).toBe(500);
  });
});

describe("apiJson", () => {
  it("GETs the path with credentials and the query's signal", async () => {
    const fetchMock = stub(new Response('{"ok":true}', { status: 200 }));
    const { signal } = new AbortController();
    await expect(apiJson("GET", "/api/stats/public", undefined, { signal })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith("/api/stats/public", expect.objectContaining({ method: "GET", credentials: "include", signal }));
  });

  it("throws on 401", async () => {
    stub(new Response('{"message":"Unauthorized"}', { status: 401, statusText: "Unauthorized" }));
    await expect(apiJson("GET", "/api/tokens/balance")).rejects.toThrow('401: {"message":"Unauthorized"}');
  });

  it("is null for the signed-in user on 401 (signed out)", async () => {
    stub(new Response('{"message":"Unauthorized"}', { status: 401, statusText: "Unauthorized" }));
    await expect(getCurrentUser()).resolves.toBeNull();
  });
});

describe("withSearchParams", () => {
  it("adds the trimmed values and leaves out empty ones", () => {
    expect(withSearchParams("/api/admin/users", { search: " 0xabc ", limit: 20, offset: 0, status: undefined, other: "  " })).toBe(
      "/api/admin/users?search=0xabc&limit=20&offset=0",
    );
    expect(withSearchParams("/api/admin/admin-orders", { status: undefined })).toBe("/api/admin/admin-orders");
  });
});

describe("query client defaults", () => {
  it("does not retry, refetch on focus or interval, and never goes stale", () => {
    const defaults = createQueryClient().getDefaultOptions().queries!;
    expect(defaults.retry).toBe(false);
    expect(defaults.refetchOnWindowFocus).toBe(false);
    expect(defaults.refetchInterval).toBe(false);
    expect(defaults.staleTime).toBe(Infinity);
  });

  it("has no default queryFn: a query must bring its own fetcher", async () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries!.queryFn).toBeUndefined();
    await expect(client.fetchQuery({ queryKey: ["/api/stats/public"] })).rejects.toThrow(/Missing queryFn/);
  });
});

describe("getServerMessage", () => {
  it("extracts the server's message from a JSON error body", () => {
    expect(getServerMessage(new ApiError(409, '{"message":"This wallet is your only sign-in."}', "Conflict"), "fallback")).toBe(
      "This wallet is your only sign-in.",
    );
  });

  it("reads a plain `${status}: ${text}` error too", () => {
    expect(getServerMessage(new Error('401: {"message":"This sign-in link has expired."}'), "fallback")).toBe(
      "This sign-in link has expired.",
    );
  });

  it("falls back for HTML bodies and non-API errors", () => {
    expect(getServerMessage(new ApiError(502, "<html>Bad gateway</html>", "Bad Gateway"), "fallback")).toBe("fallback");
    expect(getServerMessage(new Error("network down"), "fallback")).toBe("fallback");
  });
});
