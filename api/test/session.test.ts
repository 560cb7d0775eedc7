import request from "supertest";
import { describe, expect, it } from "vitest";
import { newAccount, walletSignIn } from "./support/siwe";
import { APP_ORIGIN, browser, setCookie, type TestApp } from "./support/test-app";
import { suiteApp } from "./support/suite-app";

describe("sessions, CSRF origin check and bans", () => {
  let t: TestApp;
  suiteApp((app) => (t = app));

  it("answers 401 on /api/auth/user when signed out, also for an unknown or expired cookie", async () => {
    expect((await request(t.app).get("/api/auth/user").expect(401)).body).toEqual({ message: "Unauthorized", code: "UNAUTHORIZED" });
    await request(t.app).get("/api/auth/user").set("Cookie", "loop_session=forged").expect(401);

    const client = browser(t.app);
    const signedIn = await walletSignIn(client, newAccount());
    await t.db.prisma.session.updateMany({ where: { userId: signedIn.body.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await client.get("/api/auth/user").expect(401);
    expect(await t.db.prisma.session.count({ where: { userId: signedIn.body.id } })).toBe(0);
  });

  describe("logout", () => {
    it("POST /api/logout deletes the session and clears the cookie: 204 for the app's fetch", async () => {
      const client = browser(t.app);
      const signedIn = await walletSignIn(client, newAccount());
      await client.get("/api/auth/user").expect(200);
      const out = await client.post("/api/logout").set("Accept", "application/json").expect(204);
      expect(setCookie(out, "loop_session")).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect(await t.db.prisma.session.count({ where: { userId: signedIn.body.id } })).toBe(0);
      await client.get("/api/auth/user").expect(401);
      // Signed out already: nothing to end, same answer.
      await client.post("/api/logout").expect(204);
    });

    it("GET /api/logout (the spec's link) does not sign out: it answers a page whose button posts the logout", async () => {
      const client = browser(t.app);
      const signedIn = await walletSignIn(client, newAccount());
      const page = await client
        .get("/api/logout")
        .expect(200)
        .expect("content-type", /^text\/html/);
      expect(page.text).toContain("<title>Log out · LOOP</title>");
      expect(page.text).toContain("<h1>Log out of LOOP?</h1>");
      expect(page.text).toContain(`You are signed in as <strong>${signedIn.body.username}</strong> in this browser.`);
      expect(page.text).toContain('<form method="post" action="/api/logout"><button type="submit">Log out</button></form>');
      expect(page.text).toContain('<a href="/">Stay signed in</a>');
      expect(page.headers["cache-control"]).toBe("no-store");
      expect(setCookie(page, "loop_session")).toBeUndefined();
      await client.get("/api/auth/user").expect(200);

      // The page's form: a same-origin navigation that asks for HTML, sent home signed out.
      const out = await client
        .post("/api/logout")
        .set("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
        .type("form")
        .send("")
        .expect(303);
      expect(out.headers.location).toBe("/");
      expect(setCookie(out, "loop_session")).toMatch(/Expires=Thu, 01 Jan 1970/);
      await client.get("/api/auth/user").expect(401);

      // Signed out, the link just goes home.
      const home = await client.get("/api/logout").expect(302);
      expect(home.headers.location).toBe("/");
    });

    it("another site cannot sign a member out, by link or by form", async () => {
      const client = browser(t.app);
      const signedIn = await walletSignIn(client, newAccount());
      const cookie = `loop_session=${/loop_session=([^;]+)/.exec(setCookie(signedIn, "loop_session")!)![1]}`;
      // A link, an <img> or a redirect from another site is a GET.
      await request(t.app).get("/api/logout").set("Cookie", cookie).set("Referer", "https://evil.example/").expect(200);
      // A form on another site posts with its own Origin (or none).
      const refused = await request(t.app)
        .post("/api/logout")
        .set("Cookie", cookie)
        .set("Origin", "https://evil.example")
        .type("form")
        .send("")
        .expect(403);
      expect(refused.body).toEqual({ message: "Cross-site request refused", code: "CROSS_SITE_REFUSED" });
      await request(t.app).post("/api/logout").set("Cookie", cookie).expect(403);
      expect(await t.db.prisma.session.count({ where: { userId: signedIn.body.id } })).toBe(1);
      await client.get("/api/auth/user").expect(200);
    });
  });

  it("ends the previous session of the browser when it signs in again", async () => {
    const client = browser(t.app);
    const first = await walletSignIn(client, newAccount());
    const second = await walletSignIn(client, newAccount());
    expect(await t.db.prisma.session.count({ where: { userId: first.body.id } })).toBe(0);
    expect(await t.db.prisma.session.count({ where: { userId: second.body.id } })).toBe(1);
  });

  describe("Origin check on state-changing calls", () => {
    it("refuses a POST without Origin or Referer", async () => {
      const response = await request(t.app).post("/api/auth/email").send({ email: "a@example.com" }).expect(403);
      expect(response.body).toEqual({ message: "Cross-site request refused", code: "CROSS_SITE_REFUSED" });
    });
    it("refuses a POST from another origin", async () => {
      for (const origin of ["https://evil.example", "http://localhost:5174", "null"]) {
        const response = await request(t.app).post("/api/auth/web3").set("Origin", origin).send({}).expect(403);
        expect(response.body).toEqual({ message: "Cross-site request refused", code: "CROSS_SITE_REFUSED" });
      }
    });
    it("refuses a POST whose Referer is another site, and accepts one from the app", async () => {
      await request(t.app).post("/api/auth/disconnect-wallet").set("Referer", "https://evil.example/page").expect(403);
      // Passes the origin check; then fails for being signed out.
      await request(t.app).post("/api/auth/disconnect-wallet").set("Referer", `${APP_ORIGIN}/settings`).expect(401);
    });
    it("lets GET through without Origin", async () => {
      await request(t.app).get("/api/genres").expect(200);
    });
    it("exempts webhook paths (they authenticate by signature)", async () => {
      // A foreign Origin passes the check; the webhook then answers for itself (PayPal is not configured here).
      const response = await request(t.app).post("/api/webhooks/paypal").set("Origin", "https://evil.example").send({}).expect(503);
      expect(response.body.message).toMatch(/^PayPal/);
    });
  });

  describe("a banned user", () => {
    it("gets 403 with the reason everywhere except /api/auth/user and GET and POST /api/logout, from the next request on", async () => {
      const client = browser(t.app);
      const signedIn = await walletSignIn(client, newAccount());
      await client.get("/api/genres").expect(200);

      await t.db.prisma.user.update({ where: { id: signedIn.body.id }, data: { isBanned: true, banReason: "Selling stolen samples" } });

      for (const call of [
        client.get("/api/genres"),
        client.get("/api/stats/public"),
        client.get("/api/auth/nonce"),
        client.post("/api/auth/disconnect-wallet"),
      ]) {
        const response = await call;
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ message: "Your account has been banned. Reason: Selling stolen samples", code: "ACCOUNT_BANNED" });
      }
      const me = await client.get("/api/auth/user").expect(200);
      expect(me.body).toMatchObject({ isBanned: true, banReason: "Selling stolen samples" });
      await client.get("/api/logout").expect(200);
      await client.post("/api/logout").expect(204);
      // Signed out, the public pages answer again.
      await client.get("/api/genres").expect(200);
    });

    it("can still sign in, to learn that they are banned", async () => {
      const account = newAccount();
      const first = await walletSignIn(browser(t.app), account);
      await t.db.prisma.user.update({ where: { id: first.body.id }, data: { isBanned: true, banReason: "Spam" } });
      const client = browser(t.app);
      const again = await walletSignIn(client, account);
      expect(again.status).toBe(200);
      expect((await client.get("/api/auth/user").expect(200)).body).toMatchObject({ isBanned: true, banReason: "Spam" });
    });
  });
});
