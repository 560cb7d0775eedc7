import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OIDC_CLIENT, loginAtProvider, startOidcProvider } from "./support/oidc-provider";
import { APP_ORIGIN, browser, createTestApp, setCookie, type TestApp } from "./support/test-app";

const REDIRECT_URI = `${APP_ORIGIN}/api/auth/oidc/callback`;

describe("e-mail sign-in through an OpenID Connect provider", () => {
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startOidcProvider(REDIRECT_URI, {
      alice: { email: "Alice@Example.com", email_verified: true, given_name: "Alice", family_name: "Liddell", preferred_username: "alice" },
      bob: { email: "bob@example.com", email_verified: true, given_name: "Bob" },
      mallory: { email: "victim@example.com", email_verified: false },
    });
    t = await createTestApp({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: OIDC_CLIENT.id,
        OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
        OIDC_ACCOUNT_URL: `${provider.issuer}/account`,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });

  /** The browser's round trip: /api/login, the provider's pages, back to the callback. */
  async function signInAs(login: string) {
    const client = browser(t.app);
    const start = await client.get("/api/login").expect(302);
    const authorizationUrl = new URL(start.headers.location!);
    expect(authorizationUrl.origin).toBe(provider.issuer);
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(authorizationUrl.searchParams.get("state")).toBeTruthy();
    expect(setCookie(start, "loop_oidc")).toMatch(/HttpOnly/i);

    const callback = await loginAtProvider(authorizationUrl.href, login, REDIRECT_URI);
    expect(callback.searchParams.get("code")).toBeTruthy();
    const done = await client.get(callback.pathname + callback.search);
    return { client, done };
  }

  it("discovers the provider, signs in through it, creates the account and a session, and redirects home", async () => {
    const { client, done } = await signInAs("alice");
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe("/");
    expect(setCookie(done, "loop_session")).toMatch(/HttpOnly/i);

    const me = await client.get("/api/auth/user").expect(200);
    expect(me.body).toMatchObject({ email: "alice@example.com", firstName: "Alice", lastName: "Liddell", username: "alice" });
    const identity = await t.db.prisma.oidcIdentity.findFirstOrThrow({ where: { userId: me.body.id } });
    expect(identity).toMatchObject({ issuer: provider.issuer, subject: "alice" });

    // Next time, the (issuer, subject) pair finds the same account.
    const again = await signInAs("alice");
    expect((await again.client.get("/api/auth/user").expect(200)).body.id).toBe(me.body.id);
  });

  it("links the provider account to an existing account with the same verified e-mail", async () => {
    const existing = await t.db.prisma.user.create({ data: { username: "bobby", email: "bob@example.com" } });
    const { client, done } = await signInAs("bob");
    expect(done.headers.location).toBe("/");
    expect((await client.get("/api/auth/user").expect(200)).body.id).toBe(existing.id);
  });

  it("never takes over an account through an unverified e-mail", async () => {
    const victim = await t.db.prisma.user.create({ data: { username: "victim", email: "victim@example.com" } });
    const { client } = await signInAs("mallory");
    const me = await client.get("/api/auth/user").expect(200);
    expect(me.body.id).not.toBe(victim.id);
    expect(me.body.email).toBeNull();
  });

  it("sends a callback without its pending-login cookie back to the sign-in page", async () => {
    const response = await browser(t.app).get("/api/auth/oidc/callback?code=abc&state=xyz").expect(302);
    expect(response.headers.location).toMatch(/^\/login\?error=/);
    expect(setCookie(response, "loop_session")).toBeUndefined();
  });

  it("refuses a callback whose state does not match", async () => {
    const client = browser(t.app);
    await client.get("/api/login").expect(302);
    const response = await client.get("/api/auth/oidc/callback?code=abc&state=forged").expect(302);
    expect(decodeURIComponent(response.headers.location!)).toContain("Sign-in with the identity provider failed");
  });

  it("publishes the provider's account page in /api/config", async () => {
    const response = await browser(t.app).get("/api/config").expect(200);
    expect(response.body.oidc).toEqual({ accountUrl: `${provider.issuer}/account` });
  });
});

describe("an OpenID Connect provider that is down", () => {
  it("sends /api/login back to the sign-in page with the reason", async () => {
    const t = await createTestApp({
      env: { OIDC_ISSUER: "http://127.0.0.1:9", OIDC_CLIENT_ID: "loop", OIDC_CLIENT_SECRET: "secret" },
    });
    try {
      const response = await browser(t.app).get("/api/login").expect(302);
      expect(decodeURIComponent(response.headers.location!)).toMatch(/^\/login\?error=The sign-in provider cannot be reached/);
    } finally {
      await t.close();
    }
  });
});

describe("e-mail sign-in without an OpenID Connect provider", () => {
  it("sends /api/login to the web app's e-mail form", async () => {
    const t = await createTestApp();
    try {
      const response = await browser(t.app).get("/api/login").expect(302);
      expect(response.headers.location).toBe("/login");
    } finally {
      await t.close();
    }
  });
});
