import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInMember } from "./support/members";
import { signInToken, startSmtpServer } from "./support/smtp";
import { fetchNonce, newAccount, siweMessage, walletSignIn, type Browser } from "./support/siwe";
import { browser, createTestApp, type TestApp } from "./support/test-app";
import type { LocalAccount } from "viem";

describe("linking a wallet to the signed-in account", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  async function emailSignIn(email: string): Promise<Browser> {
    const client = browser(t.app);
    await client.post("/api/auth/email").send({ email }).expect(200);
    await client
      .post("/api/auth/email/verify")
      .send({ token: signInToken(await smtp.mailTo(email)) })
      .expect(200);
    return client;
  }

  async function connect(client: Browser, account: LocalAccount, nonce?: string) {
    const message = siweMessage({ address: account.address, nonce: nonce ?? (await fetchNonce(client)) });
    return client
      .post("/api/auth/connect-wallet")
      .send({ walletAddress: account.address, signature: await account.signMessage({ message }), message });
  }

  it("links a wallet proven by a signed message, replaces it with another, and disconnects it", async () => {
    const client = await emailSignIn("linker@example.com");
    const first = newAccount();
    const linked = await connect(client, first);
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ email: "linker@example.com", walletAddress: first.address });

    // Signing in with that wallet now opens the same account.
    const viaWallet = await walletSignIn(browser(t.app), first);
    expect(viaWallet.body.id).toBe(linked.body.id);

    const second = newAccount();
    const replaced = await connect(client, second);
    expect(replaced.body.walletAddress).toBe(second.address);
    expect(await t.db.prisma.walletLink.count({ where: { userId: linked.body.id } })).toBe(1);

    const disconnected = await client.post("/api/auth/disconnect-wallet").expect(200);
    expect(disconnected.body.walletAddress).toBeNull();
    expect((await client.get("/api/auth/user").expect(200)).body.walletAddress).toBeNull();
  });

  it("refuses a wallet already linked to another account with 409", async () => {
    const owner = newAccount();
    await walletSignIn(browser(t.app), owner);
    const client = await emailSignIn("thief@example.com");
    const response = await connect(client, owner);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: "This wallet is already linked to another account.", code: "WALLET_TAKEN" });
  });

  it("refuses a message whose nonce the server did not issue", async () => {
    const client = await emailSignIn("nonce@example.com");
    const response = await connect(client, newAccount(), "MadeUpNonce1234567890");
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      message: "Invalid sign-in message: unknown, expired or already used nonce",
      code: "SIWE_MESSAGE_INVALID",
    });
  });

  it("requires a signed-in user", async () => {
    const client = browser(t.app);
    const response = await connect(client, newAccount());
    expect(response.status).toBe(401);
    await client.post("/api/auth/disconnect-wallet").expect(401);
  });

  it("refuses to disconnect the wallet that is the account's only way to sign in", async () => {
    const client = (await signInMember(t)).browser;
    const response = await client.post("/api/auth/disconnect-wallet").expect(409);
    expect(response.body).toEqual({
      message: "This wallet is the only way to sign in to this account, so it cannot be disconnected.",
      code: "WALLET_ONLY_SIGN_IN",
    });
  });
});
