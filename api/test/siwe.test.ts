import { createPublicClient, createWalletClient, getAddress, http, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { beforeAll, describe, expect, inject, it } from "vitest";
import smartWallet from "./fixtures/TestSmartWallet.json" with { type: "json" };
import { fetchNonce, newAccount, siweMessage, walletSignIn, type Browser } from "./support/siwe";
import { browser, setCookie, type TestApp } from "./support/test-app";
import { suiteApp } from "./support/suite-app";

const MINUTE = 60_000;

describe("Sign-In with Ethereum", () => {
  let t: TestApp;
  suiteApp((app) => (t = app));

  it("issues single-use alphanumeric nonces", async () => {
    const client = browser(t.app);
    const a = await fetchNonce(client);
    const b = await fetchNonce(client);
    expect(a).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(a).not.toBe(b);
  });

  it("creates the account on first sign-in, sets an HttpOnly SameSite=Lax session cookie, and signs in again to the same account", async () => {
    const account = newAccount();
    const client = browser(t.app);
    const response = await walletSignIn(client, account);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      walletAddress: account.address,
      username: `user_${account.address.slice(2, 8).toLowerCase()}`,
      email: null,
      level: 1,
      experience: 0,
      isAdmin: false,
      isBanned: false,
      levelInfo: { level: 1, currentXP: 0, nextLevelXP: 100, xpNeededForNext: 100, progressPercentage: 0 },
    });
    const cookie = setCookie(response, "loop_session");
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);

    const me = await client.get("/api/auth/user").expect(200);
    expect(me.body.id).toBe(response.body.id);

    // The stored session is a hash of the token, never the token itself.
    const token = cookie!.split(";")[0]!.split("=")[1]!;
    const sessions = await t.db.prisma.session.findMany({ where: { userId: response.body.id } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.tokenHash).not.toContain(token);
    expect(sessions[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const again = await walletSignIn(browser(t.app), account);
    expect(again.body.id).toBe(response.body.id);
    expect(await t.db.prisma.user.count({ where: { wallet: { address: account.address } } })).toBe(1);
  });

  it("accepts a lower-case address in the body", async () => {
    const account = newAccount();
    const client = browser(t.app);
    const message = siweMessage({ address: account.address, nonce: await fetchNonce(client) });
    const signature = await account.signMessage({ message });
    const response = await client.post("/api/auth/web3").send({ address: account.address.toLowerCase(), signature, message }).expect(200);
    expect(response.body.walletAddress).toBe(getAddress(account.address));
  });

  describe("refuses every forged or replayed sign-in with 401", () => {
    const account = newAccount();
    let client: Browser;
    beforeAll(() => {
      client = browser(t.app);
    });

    async function attempt(
      fields: Partial<Parameters<typeof siweMessage>[0]> = {},
      options: { signer?: typeof account; address?: Hex; message?: string } = {},
    ) {
      const message = options.message ?? siweMessage({ address: account.address, nonce: await fetchNonce(client), ...fields });
      const signature = await (options.signer ?? account).signMessage({ message });
      const response = await client.post("/api/auth/web3").send({ address: options.address ?? account.address, signature, message });
      expect(response.status).toBe(401);
      expect(setCookie(response, "loop_session")).toBeUndefined();
      expect(response.body.code).toBe("SIWE_MESSAGE_INVALID");
      return response.body.message as string;
    }

    it("wrong domain", async () => {
      expect(await attempt({ domain: "evil.example" })).toBe("Invalid sign-in message: wrong domain");
    });
    it("wrong URI", async () => {
      expect(await attempt({ uri: "https://evil.example/login" })).toBe("Invalid sign-in message: wrong URI");
    });
    it("reused nonce", async () => {
      const nonce = await fetchNonce(client);
      const message = siweMessage({ address: account.address, nonce });
      const signature = await account.signMessage({ message });
      await client.post("/api/auth/web3").send({ address: account.address, signature, message }).expect(200);
      const replay = await browser(t.app).post("/api/auth/web3").send({ address: account.address, signature, message }).expect(401);
      expect(replay.body).toEqual({
        message: "Invalid sign-in message: unknown, expired or already used nonce",
        code: "SIWE_MESSAGE_INVALID",
      });
    });
    it("unknown nonce", async () => {
      expect(await attempt({ nonce: "NeverIssuedByTheServer123" })).toBe("Invalid sign-in message: unknown, expired or already used nonce");
    });
    it("expired message", async () => {
      expect(await attempt({ expirationTime: new Date(Date.now() - MINUTE) })).toBe("Invalid sign-in message: the message has expired");
    });
    it("message issued longer ago than a nonce lives", async () => {
      expect(await attempt({ issuedAt: new Date(Date.now() - 12 * MINUTE) })).toBe("Invalid sign-in message: the message has expired");
    });
    it("message issued in the future", async () => {
      expect(await attempt({ issuedAt: new Date(Date.now() + 5 * MINUTE) })).toBe("Invalid sign-in message: issued in the future");
    });
    it("message not valid yet", async () => {
      expect(await attempt({ notBefore: new Date(Date.now() + 5 * MINUTE) })).toBe("Invalid sign-in message: the message is not valid yet");
    });
    it("wrong chain", async () => {
      expect(await attempt({ chainId: 1 })).toBe("Invalid sign-in message: unsupported chain");
    });
    it("signature of another address", async () => {
      expect(await attempt({}, { signer: newAccount() })).toBe("Invalid sign-in message: the signature does not match the address");
    });
    it("body address different from the message", async () => {
      expect(await attempt({}, { address: newAccount().address })).toBe("Invalid sign-in message: the address does not match the message");
    });
    it("malformed message", async () => {
      expect(await attempt({}, { message: "Please sign in to LOOP\nNonce: abcdefgh12345678" })).toBe(
        "Invalid sign-in message: malformed message",
      );
    });
  });

  it("rejects a body that does not match the schema with 400", async () => {
    const response = await browser(t.app).post("/api/auth/web3").send({ address: "0x123", signature: "0x00", message: "hi" }).expect(400);
    expect(response.body).toMatchObject({ message: "Invalid wallet address" });
  });

  it("signs in an EIP-1271 smart-contract wallet through the chain", async () => {
    const rpcUrl = inject("rpcUrl");
    // Hardhat's first default account: funded on every fresh local chain.
    const deployer = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
    const wallet = createWalletClient({
      account: deployer,
      chain: { ...hardhat, rpcUrls: { default: { http: [rpcUrl] } } },
      transport: http(rpcUrl),
    });
    const owner = newAccount();
    const hash = await wallet.deployContract({ abi: smartWallet.abi, bytecode: smartWallet.bytecode as Hex, args: [owner.address] });
    const receipt = await createPublicClient({ transport: http(rpcUrl) }).waitForTransactionReceipt({ hash, pollingInterval: 50 });
    const contractAddress = receipt.contractAddress!;

    const client = browser(t.app);
    const message = siweMessage({ address: contractAddress, nonce: await fetchNonce(client) });
    const signature = await owner.signMessage({ message });
    const response = await client.post("/api/auth/web3").send({ address: contractAddress, signature, message }).expect(200);
    expect(response.body.walletAddress).toBe(getAddress(contractAddress));

    // The same contract refuses a signature by someone other than its owner.
    const forged = siweMessage({ address: contractAddress, nonce: await fetchNonce(client) });
    const refused = await client
      .post("/api/auth/web3")
      .send({ address: contractAddress, signature: await newAccount().signMessage({ message: forged }), message: forged });
    expect(refused.status).toBe(401);
  });
});
