// Adding or changing the account's e-mail address (issue 22): a confirmation link mailed (real SMTP)
// to the new address, a page that names the change, a confirmation only the asking account can make;
// one address per account at every step; receipts and e-mail sign-in follow the new address.
import { randomUUID } from "node:crypto";
import { EMAIL_CHANGE_MESSAGES } from "@loop/rules/schemas/email-change";
import { notificationListSchema } from "@loop/rules/schemas/notifications";
import { ownProfileSchema } from "@loop/rules/schemas/profile";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { EMAIL_CHANGE_TTL_MS } from "../src/features/email-change/email-change.service";
import { buildOpenApiDocument } from "../src/features/openapi/document";
import { fundMember, signInMember, type Member } from "./support/members";
import { fetchNonce, newAccount, siweMessage, walletSignIn, type Browser } from "./support/siwe";
import { decodeQuotedPrintable, signInToken, type ReceivedMail } from "./support/smtp";
import { browser, createTestApp, type TestApp } from "./support/test-app";
import { appWithSmtp, type SmtpServer } from "./support/suite-app";

const TAKEN = { message: "This e-mail address is already used by another account.", code: "EMAIL_TAKEN" };
const LINK_INVALID = { message: "This confirmation link has expired or was already used.", code: "EMAIL_CHANGE_LINK_INVALID" };

/** The token of the `/profile/email/confirm?token=` link in a mail. */
function confirmToken(mail: ReceivedMail): string {
  const match = /\/profile\/email\/confirm\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(mail.raw));
  if (!match) throw new Error(`no confirmation link in mail:\n${mail.raw}`);
  return match[1]!;
}

const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

describe("adding or changing the e-mail address", () => {
  let smtp: SmtpServer;
  let t: TestApp;
  const mailsTo = (address: string) => smtp.inbox.filter((mail) => mail.to.includes(address));
  const emailOf = async (id: string) => (await t.db.prisma.user.findUniqueOrThrow({ where: { id } })).email;

  /** Asks for a link to `email` as `member` and returns its token from the mail. */
  async function linkFor(member: Browser, email: string): Promise<string> {
    const asked = await member.post("/api/profile/email").send({ email }).expect(202);
    expect(asked.body).toMatchObject({ message: `Check your inbox at ${email} to confirm your e-mail address.` });
    return confirmToken(await smtp.mailTo(email));
  }

  appWithSmtp((app, mail) => {
    t = app;
    smtp = mail;
  });

  it("a wallet-only member adds an address by link; then gets receipts there and signs in with it", async () => {
    const member = await signInMember(t);
    const username = (await member.browser.get("/api/profile").expect(200)).body.username as string;
    expect(await emailOf(member.id)).toBeNull();

    const email = unique("added");
    const asked = await member.browser
      .post("/api/profile/email")
      .send({ email: `  ${email.toUpperCase()} ` })
      .expect(202);
    expect(asked.body).toMatchObject({ message: `Check your inbox at ${email} to confirm your e-mail address.` });
    const mail = await smtp.mailTo(email);
    expect(mail.from).toBe("no-reply@loop.local");
    expect(mail.raw).toMatch(/^Subject: Confirm your e-mail address for LOOP/m);
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toContain(`The LOOP member @${username} asked to make ${email} the e-mail address of their account.`);
    expect(text).toContain("http://localhost:5173/profile/email/confirm?token=");
    const token = confirmToken(mail);

    // Only a hash of the token is stored, with the account and the new address; asking changed nothing yet.
    const rows = await t.db.prisma.emailChangeToken.findMany({ where: { userId: member.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email, userId: member.id });
    expect(rows[0]!.tokenHash).not.toBe(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(EMAIL_CHANGE_TTL_MS);
    expect(await emailOf(member.id)).toBeNull();

    // The page names the change (also signed out, e.g. opened on another device); that uses nothing up.
    for (const client of [member.browser, browser(t.app)]) {
      const link = await client.post("/api/profile/email/link").send({ token }).expect(200);
      expect(link.body).toEqual({ email, username, replaces: false });
    }

    const confirmed = await member.browser.post("/api/profile/email/confirm").send({ token }).expect(200);
    expect(confirmed.body).toMatchObject({ id: member.id, email });
    expect(ownProfileSchema.parse((await member.browser.get("/api/profile").expect(200)).body).email).toBe(email);
    expect((await member.browser.get("/api/auth/user").expect(200)).body.email).toBe(email);
    // A first address tells nobody else: the only mail to it is the link.
    expect(mailsTo(email)).toHaveLength(1);

    // The link works once.
    expect((await member.browser.post("/api/profile/email/confirm").send({ token }).expect(400)).body).toEqual(LINK_INVALID);
    expect((await member.browser.post("/api/profile/email/link").send({ token }).expect(400)).body).toEqual(LINK_INVALID);

    // Order confirmations go to it…
    const order = await member.browser
      .post("/api/admin-orders")
      .send({ requestedAmount: "1250", paymentMethod: "paypal", paymentDetails: "payer@example.com", usdAmount: "2.50" })
      .expect(201);
    await expect.poll(() => mailsTo(email).length).toBe(2);
    expect(decodeQuotedPrintable(mailsTo(email)[1]!.raw)).toContain(`Order: ${order.body.id}`);

    // … and so do purchase receipts.
    const seller = await signInMember(t);
    const genre = (await t.db.prisma.genre.findFirst()) ?? (await t.db.prisma.genre.create({ data: { name: "Lo-Fi" } }));
    const loopId = randomUUID();
    await t.db.prisma.loop.create({
      data: {
        id: loopId,
        userId: seller.id,
        genreId: genre.id,
        title: "Receipt Loop",
        status: "ready",
        isPublic: true,
        priceCents: 100,
        originalKey: `loops/${loopId}/original`,
        originalFormat: "wav",
        mp3Key: `loops/${loopId}/full.mp3`,
        wavKey: `loops/${loopId}/full.wav`,
      },
    });
    await t.storage.put(`loops/${loopId}/full.mp3`, Buffer.from("mp3"));
    await fundMember(t, member.id, "1000");
    await member.browser.post("/api/purchases").send({ loopId, format: "mp3", paymentMethod: "loop" }).expect(201);
    await expect.poll(() => mailsTo(email).length).toBe(3);
    expect(mailsTo(email)[2]!.raw).toMatch(/^Subject: Your download: Receipt Loop \(MP3\)/m);

    // E-mail sign-in finds this account (no new one).
    const elsewhere = browser(t.app);
    await elsewhere.post("/api/auth/email").send({ email }).expect(200);
    await expect.poll(() => mailsTo(email).length).toBe(4);
    const signedIn = await elsewhere
      .post("/api/auth/email/verify")
      .send({ token: signInToken(mailsTo(email)[3]!) })
      .expect(200);
    expect(signedIn.body).toMatchObject({ id: member.id, email });
    expect(await t.db.prisma.user.count({ where: { email } })).toBe(1);
  });

  it("a change tells the old address; its pending sign-in links stop working", async () => {
    const old = unique("old");
    const member = await signInMember(t, old);
    const username = (await member.browser.get("/api/profile").expect(200)).body.username as string;
    await browser(t.app).post("/api/auth/email").send({ email: old }).expect(200);
    const oldSignIn = signInToken(await smtp.mailTo(old));

    const next = unique("new");
    const token = await linkFor(member.browser, next);
    expect(decodeQuotedPrintable((await smtp.mailTo(next)).raw)).toContain(`asked to make ${next} the new e-mail address of their account`);
    expect((await browser(t.app).post("/api/profile/email/link").send({ token }).expect(200)).body).toEqual({
      email: next,
      username,
      replaces: true,
    });
    const before = mailsTo(old).length;

    await member.browser.post("/api/profile/email/confirm").send({ token }).expect(200);
    expect(await emailOf(member.id)).toBe(next);
    await expect.poll(() => mailsTo(old).length).toBe(before + 1);
    const notice = mailsTo(old).at(-1)!;
    expect(notice.raw).toMatch(/^Subject: The e-mail address of your LOOP account was changed/m);
    const text = decodeQuotedPrintable(notice.raw);
    expect(text).toContain(`The e-mail address of the LOOP account @${username} was changed from ${old} to ${next}.`);
    expect(text).toContain("support@loop.local");

    // The old address no longer signs in to the account: its earlier link is void.
    await browser(t.app).post("/api/auth/email/verify").send({ token: oldSignIn }).expect(401);
  });

  describe("asking needs a recent sign-in (issue 35)", () => {
    /** The member's session was signed in `minutes` ago. */
    const signedInAgo = (member: Member, minutes: number) =>
      t.db.prisma
        .$executeRaw`UPDATE "app"."sessions" SET "created_at" = now() - make_interval(mins => ${minutes}) WHERE "user_id" = ${member.id}::uuid`;
    /** A fresh SIWE message signed by `account`, as the dialog's "Sign with wallet" sends it. */
    async function proofBy(member: Member, account = member.account) {
      const message = siweMessage({ address: account.address, nonce: await fetchNonce(member.browser) });
      return { address: account.address, message, signature: await account.signMessage({ message }) };
    }
    const ask = (member: Member, body: object) => member.browser.post("/api/profile/email").send(body);

    it("a session signed in more than 15 minutes ago is refused with 'Sign In Again': no link, no mail, nothing stored", async () => {
      const member = await signInMember(t, unique("stale"));
      await signedInAgo(member, 16);
      const sent = smtp.inbox.length;
      const refused = await ask(member, { email: unique("wanted") }).expect(403);
      expect(refused.body).toMatchObject({ message: EMAIL_CHANGE_MESSAGES.signInAgain });
      expect(refused.body.message).toMatch(/^Sign In Again: /);
      expect(await t.db.prisma.emailChangeToken.count({ where: { userId: member.id } })).toBe(0);
      expect(smtp.inbox.length).toBe(sent);
      // Before anything else: whether an address is taken is not told either.
      const other = await signInMember(t, unique("owner"));
      expect((await ask(member, { email: await emailOf(other.id) }).expect(403)).body).toMatchObject({
        message: EMAIL_CHANGE_MESSAGES.signInAgain,
      });

      // 14 minutes is recent enough.
      await signedInAgo(member, 14);
      const email = unique("recent");
      await ask(member, { email }).expect(202);
      await smtp.mailTo(email);
    });

    it("signing in again, or a fresh signature of the account's own wallet, lets a stale session ask", async () => {
      const member = await signInMember(t);
      await signedInAgo(member, 60);
      // Another wallet's signature proves nothing about this account; a used message proves nothing again.
      const stranger = await proofBy(member, newAccount());
      expect((await ask(member, { email: unique("nope"), proof: stranger }).expect(403)).body).toMatchObject({
        message: EMAIL_CHANGE_MESSAGES.walletProofInvalid,
      });
      const proof = await proofBy(member);
      const email = unique("signed");
      await ask(member, { email, proof }).expect(202);
      await smtp.mailTo(email);
      expect((await ask(member, { email: unique("again"), proof }).expect(403)).body).toMatchObject({
        message: EMAIL_CHANGE_MESSAGES.walletProofInvalid,
      });
      expect((await ask(member, { email: unique("bare") }).expect(403)).body).toMatchObject({ message: EMAIL_CHANGE_MESSAGES.signInAgain });

      // Signing in again (a new session) is a recent sign-in.
      expect((await walletSignIn(member.browser, member.account)).status).toBe(200);
      const later = unique("later");
      await ask(member, { email: later }).expect(202);
      await smtp.mailTo(later);
    });

    it("the account is told in the app and at its current address when a new one is asked for, and in the app when it changes", async () => {
      const old = unique("told");
      const member = await signInMember(t, old);
      const username = (await member.browser.get("/api/profile").expect(200)).body.username as string;
      const next = unique("next");
      const token = await linkFor(member.browser, next);
      const heads = mailsTo(old).at(-1)!;
      expect(heads.raw).toMatch(/^Subject: A new e-mail address was asked for your LOOP account/m);
      const text = decodeQuotedPrintable(heads.raw);
      expect(text).toContain(`The LOOP account @${username} asked to make ${next} its e-mail address, instead of ${old}.`);
      expect(text).toContain("support@loop.local");
      const bell = async () => notificationListSchema.parse((await member.browser.get("/api/notifications").expect(200)).body);
      expect((await bell())[0]).toMatchObject({
        type: "warning",
        title: "E-mail Change Requested",
        message: `A link to make ${next} the e-mail address of your account was sent there. Nothing changes until it is opened while signed in to this account. If you did not ask for this, write to LOOP support (support@loop.local).`,
        actionUrl: "/settings",
      });

      await member.browser.post("/api/profile/email/confirm").send({ token }).expect(200);
      expect((await bell())[0]).toMatchObject({
        title: "E-mail Address Changed",
        message: `${next} is now the e-mail address of your account. It replaces ${old}, which no longer signs in to it. If you did not make this change, write to LOOP support (support@loop.local).`,
      });
      await expect.poll(() => mailsTo(old).at(-1)!.raw).toMatch(/^Subject: The e-mail address of your LOOP account was changed/m);

      // A first address: told in the app (no earlier address to mail).
      const walletOnly = await signInMember(t);
      const first = unique("first");
      await walletOnly.browser
        .post("/api/profile/email/confirm")
        .send({ token: await linkFor(walletOnly.browser, first) })
        .expect(200);
      const titles = notificationListSchema
        .parse((await walletOnly.browser.get("/api/notifications").expect(200)).body)
        .map((n) => n.title);
      expect(titles.slice(0, 2)).toEqual(["E-mail Address Added", "E-mail Change Requested"]);
    });
  });

  it("409 when the address belongs to another account: when asked for, and when it was taken since", async () => {
    const other = await signInMember(t, unique("owner"));
    const taken = await emailOf(other.id);
    const member = await signInMember(t);
    const sent = smtp.inbox.length;
    expect((await member.browser.post("/api/profile/email").send({ email: taken!.toUpperCase() }).expect(409)).body).toEqual(TAKEN);
    expect(await t.db.prisma.emailChangeToken.count({ where: { userId: member.id } })).toBe(0);

    // One's own address again: nothing to confirm.
    const own = await signInMember(t, unique("own"));
    const unchanged = await own.browser
      .post("/api/profile/email")
      .send({ email: await emailOf(own.id) })
      .expect(409);
    expect(unchanged.body).toMatchObject({ message: "This is already the e-mail address of your account." });
    expect(smtp.inbox.length).toBe(sent);

    // Taken between the link and its confirmation (another account confirmed it first).
    const wanted = unique("wanted");
    const token = await linkFor(member.browser, wanted);
    const rival = await signInMember(t);
    const rivalToken = await linkFor(rival.browser, wanted);
    await rival.browser.post("/api/profile/email/confirm").send({ token: rivalToken }).expect(200);
    expect((await member.browser.post("/api/profile/email/confirm").send({ token }).expect(409)).body).toEqual(TAKEN);
    expect(await emailOf(member.id)).toBeNull();
    expect(await emailOf(rival.id)).toBe(wanted);
  });

  it("two accounts confirming the same address at once: one gets it, the other a 409", async () => {
    const contested = unique("contested");
    const a = await signInMember(t);
    const tokenA = await linkFor(a.browser, contested);
    const b = await signInMember(t);
    const tokenB = await linkFor(b.browser, contested);
    const answers = await Promise.all([
      a.browser.post("/api/profile/email/confirm").send({ token: tokenA }),
      b.browser.post("/api/profile/email/confirm").send({ token: tokenB }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual(TAKEN);
    expect(await t.db.prisma.user.count({ where: { email: contested } })).toBe(1);
  });

  it("only the account that asked can confirm: 403 for another one, and the link stays usable", async () => {
    const member = await signInMember(t);
    const email = unique("mine");
    const token = await linkFor(member.browser, email);
    const intruder = await signInMember(t);
    const refused = await intruder.browser.post("/api/profile/email/confirm").send({ token }).expect(403);
    expect(refused.body).toMatchObject({
      message:
        "This confirmation link belongs to another LOOP account. Sign in to the account that asked for the change, then open the link again.",
    });
    expect(await emailOf(intruder.id)).toBeNull();
    expect(await emailOf(member.id)).toBeNull();
    // Signed out: sign in first.
    expect((await browser(t.app).post("/api/profile/email/confirm").send({ token }).expect(401)).body).toMatchObject({
      message: "Unauthorized",
    });
    await member.browser.post("/api/profile/email/confirm").send({ token }).expect(200);
    expect(await emailOf(member.id)).toBe(email);
  });

  it("refuses expired, unknown and superseded links", async () => {
    const member = await signInMember(t);
    const late = unique("late");
    const token = await linkFor(member.browser, late);
    await t.db.prisma.emailChangeToken.updateMany({ where: { userId: member.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await member.browser.post("/api/profile/email/link").send({ token }).expect(400)).body).toEqual(LINK_INVALID);
    expect((await member.browser.post("/api/profile/email/confirm").send({ token }).expect(400)).body).toEqual(LINK_INVALID);
    expect((await member.browser.post("/api/profile/email/confirm").send({ token: "not-a-real-token" }).expect(400)).body).toEqual(
      LINK_INVALID,
    );
    expect(await emailOf(member.id)).toBeNull();

    // A new request voids the account's earlier link: only the last address asked for can be confirmed.
    const first = await linkFor(member.browser, unique("first"));
    const secondEmail = unique("second");
    const second = await linkFor(member.browser, secondEmail);
    expect((await member.browser.post("/api/profile/email/confirm").send({ token: first }).expect(400)).body).toEqual(LINK_INVALID);
    await member.browser.post("/api/profile/email/confirm").send({ token: second }).expect(200);
    expect(await emailOf(member.id)).toBe(secondEmail);
  });

  it("an invalid body answers 400 with a message and changes nothing; signed out 401; cross-site 403", async () => {
    const member = await signInMember(t);
    const sent = smtp.inbox.length;
    for (const body of [{}, { email: "not-an-address" }, { email: 42 }, { email: `${"a".repeat(250)}@example.com` }]) {
      const response = await member.browser.post("/api/profile/email").send(body).expect(400);
      expect(response.body).toMatchObject({ message: expect.any(String) });
    }
    expect((await member.browser.post("/api/profile/email").send({ email: "not-an-address" }).expect(400)).body).toMatchObject({
      message: "Please enter a valid e-mail address",
    });
    expect((await member.browser.post("/api/profile/email/confirm").send({}).expect(400)).body).toMatchObject({
      message: expect.any(String),
    });
    expect((await member.browser.post("/api/profile/email/link").send({ token: "" }).expect(400)).body).toMatchObject({
      message: "The confirmation link is incomplete",
    });
    expect(await t.db.prisma.emailChangeToken.count({ where: { userId: member.id } })).toBe(0);
    expect(await emailOf(member.id)).toBeNull();
    expect(smtp.inbox.length).toBe(sent);

    await browser(t.app)
      .post("/api/profile/email")
      .send({ email: unique("nobody") })
      .expect(401);
    await request(t.app)
      .post("/api/profile/email")
      .set("Cookie", "loop_session=x")
      .send({ email: unique("nobody") })
      .expect(403);
    expect(smtp.inbox.length).toBe(sent);
  });

  it("the OpenAPI document has the three calls, with the statuses they answer and the shared body schemas", () => {
    const paths = buildOpenApiDocument(t.config).paths;
    const statuses = (path: string) => Object.keys(paths[path]?.post?.responses ?? {});
    expect(statuses("/api/profile/email")).toEqual(expect.arrayContaining(["202", "400", "401", "403", "409", "429", "503"]));
    expect(statuses("/api/profile/email/link")).toEqual(expect.arrayContaining(["200", "400"]));
    expect(statuses("/api/profile/email/confirm")).toEqual(expect.arrayContaining(["200", "400", "401", "403", "409"]));
    expect(paths["/api/profile/email"]!.post!.requestBody).toEqual({
      required: true,
      content: { "application/json": { schema: { $ref: "#/components/schemas/EmailChangeRequestBody" } } },
    });
  });

  it("says so when the mail cannot be sent, and keeps no link", async () => {
    const offline = await createTestApp({ db: t.db, env: { SMTP_URL: "smtp://127.0.0.1:9" } });
    try {
      const member = await signInMember(offline);
      const response = await member.browser
        .post("/api/profile/email")
        .send({ email: unique("offline") })
        .expect(503);
      expect(response.body.message).toMatch(/could not send the e-mail/);
      expect(await t.db.prisma.emailChangeToken.count({ where: { userId: member.id } })).toBe(0);
    } finally {
      await offline.close();
    }
  });
});
