import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { bsc } from "viem/chains";
import { loadConfig } from "../src/config";
import { contentSecurityPolicy } from "../src/http/security-headers";
import { newAccount, walletSignIn } from "./support/siwe";
import { browser, createTestApp, setCookie, type TestApp } from "./support/test-app";

describe("production mode", () => {
  let webDist: string;
  let t: TestApp;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), "loop-web-dist-"));
    mkdirSync(path.join(webDist, "assets"));
    writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>LOOP</title><div id=root></div>");
    writeFileSync(path.join(webDist, "assets", "index-abc123.js"), "console.log('loop')");
    t = await createTestApp({ env: { NODE_ENV: "production", WEB_DIST: webDist, PUBLIC_RPC_URL_31337: "https://rpc.public.example/" } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("marks the session cookie Secure", async () => {
    const response = await walletSignIn(browser(t.app), newAccount());
    expect(response.status).toBe(200);
    expect(setCookie(response, "loop_session")).toMatch(/; Secure/i);
  });

  it("sends a Content-Security-Policy that lets the page reach the public RPC endpoints, never the server's", async () => {
    const csp = (await request(t.app).get("/").expect(200)).headers["content-security-policy"] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self' https://rpc.public.example");
    expect(csp).not.toContain(new URL(inject("rpcUrl")).origin);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("without a public RPC URL, lets the page reach the chain's default public endpoint (viem's), not the server's", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: "postgresql://x@db/loop",
      CHAIN_IDS: "56",
      RPC_URL_56: "https://bsc.provider.example/key",
    });
    const connect = contentSecurityPolicy(config)["connect-src"]!;
    expect(connect).toContain(new URL(bsc.rpcUrls.default.http[0]).origin);
    expect(connect.join(" ")).not.toContain("bsc.provider.example");
  });

  it("lets no payment provider's script or frame in while none is configured", async () => {
    const csp = (await request(t.app).get("/").expect(200)).headers["content-security-policy"] as string;
    expect(csp).not.toMatch(/stripe|paypal/);
    expect(csp).toContain("frame-src 'none'");
  });

  it("lets the card and PayPal forms load Stripe.js, the PayPal SDK and their frames when they are configured", async () => {
    const withProviders = await createTestApp({
      env: {
        NODE_ENV: "production",
        WEB_DIST: webDist,
        STRIPE_SECRET_KEY: "sk_test_csp",
        STRIPE_PUBLISHABLE_KEY: "pk_test_csp",
        PAYPAL_CLIENT_ID: "csp-client",
        PAYPAL_CLIENT_SECRET: "csp-secret",
      },
    });
    try {
      const csp = (await request(withProviders.app).get("/").expect(200)).headers["content-security-policy"] as string;
      const directive = (name: string) =>
        csp
          .split(";")
          .map((part) => part.trim().split(/\s+/))
          .find(([key]) => key === name)!
          .slice(1);
      expect(directive("script-src")).toEqual(expect.arrayContaining(["'self'", "https://js.stripe.com", "https://*.paypal.com"]));
      expect(directive("script-src")).not.toContain("'unsafe-inline'");
      expect(directive("frame-src")).toEqual(
        expect.arrayContaining(["https://js.stripe.com", "https://hooks.stripe.com", "https://*.paypal.com"]),
      );
      expect(directive("connect-src")).toEqual(expect.arrayContaining(["'self'", "https://api.stripe.com", "https://*.paypal.com"]));
      expect(directive("frame-ancestors")).toEqual(["'none'"]);
    } finally {
      await withProviders.close();
    }
  });

  it("keeps the Origin header of same-origin POSTs (a no-referrer policy would turn it into null)", async () => {
    const response = await request(t.app).get("/").expect(200);
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("serves the built web app, with index.html for client-side routes and JSON 404s under /api", async () => {
    const page = await request(t.app).get("/tokens").set("Accept", "text/html").expect(200);
    expect(page.text).toContain("<div id=root></div>");
    // A path the app has no page for answers its HTML (the not-found page) with 404 (issue 36).
    expect((await request(t.app).get("/no-such-page").set("Accept", "text/html").expect(404)).text).toContain("<div id=root></div>");
    const asset = await request(t.app).get("/assets/index-abc123.js").expect(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    await request(t.app).get("/assets/missing.js").expect(404);
    expect((await request(t.app).get("/api/nothing").expect(404)).body).toMatchObject({ message: "No route for GET /api/nothing" });
  });
});
