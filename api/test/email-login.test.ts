import request from "supertest";
import { describe, expect, it } from "vitest";
import { decodeQuotedPrintable, signInToken } from "./support/smtp";
import { browser, createTestApp, setCookie, type TestApp } from "./support/test-app";
import { appWithSmtp, type SmtpServer } from "./support/suite-app";

describe("e-mail sign-in link", () => {
  let smtp: SmtpServer;
  let t: TestApp;
  appWithSmtp((app, mail) => {
    t = app;
    smtp = mail;
  });

  it("mails a one-time link; the confirm page's POST signs in and creates the account", async () => {
    const client = browser(t.app);
    const asked = await client.post("/api/auth/email").send({ email: "  New.Person@Example.COM " }).expect(200);
    expect(asked.body).toMatchObject({ message: "Check your inbox for a sign-in link." });

    const mail = await smtp.mailTo("new.person@example.com");
    expect(mail.from).toBe("no-reply@loop.local");
    expect(mail.raw).toMatch(/^Subject: Your LOOP sign-in link/m);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(decodeQuotedPrintable(mail.raw)).toContain("http://localhost:5173/login/confirm?token=");
    const token = signInToken(mail);
    expect(token.length).toBeGreaterThanOrEqual(43);

    // Only a hash of the token is stored.
    const rows = await t.db.prisma.emailLoginToken.findMany({ where: { email: "new.person@example.com" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(15 * 60 * 1000);

    // The confirm page first asks whom the link signs in as: a new account here. That uses nothing up.
    for (let i = 0; i < 2; i++) {
      const account = await browser(t.app).post("/api/auth/email/link").send({ token }).expect(200);
      expect(account.body).toEqual({ email: "new.person@example.com", username: null });
      expect(setCookie(account, "loop_session")).toBeUndefined();
    }
    expect(await t.db.prisma.user.count({ where: { email: "new.person@example.com" } })).toBe(0);

    const verified = await client.post("/api/auth/email/verify").send({ token }).expect(200);
    expect(verified.body).toMatchObject({ email: "new.person@example.com", username: "new_person", walletAddress: null });
    expect(setCookie(verified, "loop_session")).toMatch(/HttpOnly/i);
    const me = await client.get("/api/auth/user").expect(200);
    expect(me.body.id).toBe(verified.body.id);

    // The link works once.
    const reused = await browser(t.app).post("/api/auth/email/verify").send({ token }).expect(401);
    expect(reused.body).toEqual({ message: "This sign-in link has expired or was already used.", code: "SIGN_IN_LINK_INVALID" });
    const used = await browser(t.app).post("/api/auth/email/link").send({ token }).expect(401);
    expect(used.body).toEqual({ message: "This sign-in link has expired or was already used.", code: "SIGN_IN_LINK_INVALID" });
  });

  it("names the account a link signs into before it is used (a link opened in another person's browser)", async () => {
    await t.db.prisma.user.create({ data: { username: "link_owner", email: "owner@example.com" } });
    await browser(t.app).post("/api/auth/email").send({ email: "owner@example.com" }).expect(200);
    const token = signInToken(await smtp.mailTo("owner@example.com"));

    // Someone else's browser, signed in as themselves, opens the link: nothing changes until they continue.
    const victim = browser(t.app);
    await victim.post("/api/auth/email").send({ email: "victim@example.com" }).expect(200);
    const own = await victim
      .post("/api/auth/email/verify")
      .send({ token: signInToken(await smtp.mailTo("victim@example.com")) })
      .expect(200);
    const account = await victim.post("/api/auth/email/link").send({ token }).expect(200);
    expect(account.body).toEqual({ email: "owner@example.com", username: "link_owner" });
    expect((await victim.get("/api/auth/user").expect(200)).body.id).toBe(own.body.id);
    expect(await t.db.prisma.emailLoginToken.count({ where: { email: "owner@example.com" } })).toBe(1);

    // Like every state-changing call, only from the app's own pages.
    await request(t.app).post("/api/auth/email/link").set("Origin", "https://evil.example").send({ token }).expect(403);
    const invalid = await browser(t.app).post("/api/auth/email/link").send({}).expect(400);
    expect(invalid.body).toMatchObject({ message: expect.any(String) });
  });

  it("answers the same for an existing account and signs into that account", async () => {
    const existing = await t.db.prisma.user.create({ data: { username: "known", email: "known@example.com" } });
    const client = browser(t.app);
    const asked = await client.post("/api/auth/email").send({ email: "known@example.com" }).expect(200);
    expect(asked.body).toMatchObject({ message: "Check your inbox for a sign-in link." });
    const token = signInToken(await smtp.mailTo("known@example.com"));
    const verified = await client.post("/api/auth/email/verify").send({ token }).expect(200);
    expect(verified.body.id).toBe(existing.id);
  });

  it("refuses an expired link", async () => {
    const client = browser(t.app);
    await client.post("/api/auth/email").send({ email: "late@example.com" }).expect(200);
    const token = signInToken(await smtp.mailTo("late@example.com"));
    await t.db.prisma.emailLoginToken.updateMany({
      where: { email: "late@example.com" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await client.post("/api/auth/email/link").send({ token }).expect(401);
    const response = await client.post("/api/auth/email/verify").send({ token }).expect(401);
    expect(response.body).toEqual({ message: "This sign-in link has expired or was already used.", code: "SIGN_IN_LINK_INVALID" });
    expect(await t.db.prisma.user.count({ where: { email: "late@example.com" } })).toBe(0);
  });

  it("refuses an unknown token and an invalid e-mail address", async () => {
    await browser(t.app).post("/api/auth/email/verify").send({ token: "not-a-real-token" }).expect(401);
    await browser(t.app).post("/api/auth/email/link").send({ token: "not-a-real-token" }).expect(401);
    const invalid = await browser(t.app).post("/api/auth/email").send({ email: "not-an-address" }).expect(400);
    expect(invalid.body).toMatchObject({ message: "Please enter a valid e-mail address" });
  });

  it("says so when the mail cannot be sent", async () => {
    const offline = await createTestApp({ db: t.db, env: { SMTP_URL: "smtp://127.0.0.1:9" } });
    try {
      const response = await browser(offline.app).post("/api/auth/email").send({ email: "x@example.com" }).expect(503);
      expect(response.body).toMatchObject({ code: "EMAIL_NOT_SENT", message: expect.stringMatching(/could not send the e-mail/) });
    } finally {
      await offline.close();
    }
  });
});
