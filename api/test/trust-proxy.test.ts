// TRUST_PROXY behind a load balancer: which client a per-IP rate limit counts. The load balancer
// appends the address it saw to X-Forwarded-For; whatever the client sent itself comes before.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app";

/** GET /api/auth/nonce (the wallet sign-in budget, per IP) as the load balancer forwards it. */
function nonceVia(t: TestApp, forwardedFor: string) {
  return request(t.app).get("/api/auth/nonce").set("X-Forwarded-For", forwardedFor);
}

describe("TRUST_PROXY and per-IP rate limits behind a load balancer", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "1", RATE_LIMIT_WALLET_SIGNIN_PER_IP: "2" } });
  });
  afterAll(() => t.close());

  it("with a hop count of 1, each client has its own budget, and a spoofed X-Forwarded-For entry does not buy a new one", async () => {
    await nonceVia(t, "203.0.113.7").expect(200);
    // The client sends its own X-Forwarded-For; the load balancer appends the real address.
    await nonceVia(t, "198.51.100.1, 203.0.113.7").expect(200);
    const limited = await nonceVia(t, "192.0.2.99, 198.51.100.2, 203.0.113.7").expect(429);
    expect(limited.body).toMatchObject({ message: "Too many requests, please try again later." });

    // Another client behind the same load balancer is not in that bucket.
    await nonceVia(t, "203.0.113.8").expect(200);
    await nonceVia(t, "203.0.113.7, 203.0.113.8").expect(200);
    await nonceVia(t, "203.0.113.8").expect(429);
  });

  it("a list of the proxies' addresses trusts only those: a client's own entries count as the client", async () => {
    // supertest connects over loopback: the "load balancer" is 127.0.0.1 (or ::1).
    const byAddress = await createTestApp({ db: t.db, env: { TRUST_PROXY: "loopback, 10.0.0.0/8", RATE_LIMIT_WALLET_SIGNIN_PER_IP: "1" } });
    try {
      await nonceVia(byAddress, "203.0.113.20").expect(200);
      // 198.51.100.1 is not a trusted proxy, so the client is the address it was seen behind.
      await nonceVia(byAddress, "203.0.113.20, 198.51.100.1").expect(200);
      await nonceVia(byAddress, "192.0.2.50, 198.51.100.1").expect(429);
      // A trusted hop (10.0.0.0/8) is skipped over.
      await nonceVia(byAddress, "203.0.113.20, 10.1.2.3").expect(429);
    } finally {
      await byAddress.close();
    }
  });

  it("without TRUST_PROXY, every client behind the load balancer shares one bucket (and the log says why)", async () => {
    const untrusting = await createTestApp({ db: t.db, env: { RATE_LIMIT_WALLET_SIGNIN_PER_IP: "1" } });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await nonceVia(untrusting, "203.0.113.30").expect(200);
      // A different client, but the API counts the load balancer's address.
      await nonceVia(untrusting, "203.0.113.31").expect(429);
      expect(log.mock.calls.flat().map((logged) => (logged as { code?: string }).code)).toContain("ERR_ERL_UNEXPECTED_X_FORWARDED_FOR");
    } finally {
      log.mockRestore();
      await untrusting.close();
    }
  });
});
