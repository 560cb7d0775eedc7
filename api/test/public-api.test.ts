import { randomUUID } from "node:crypto";
import request from "supertest";
import { DEFAULT_CLIENT_SETTINGS } from "./support/client-settings";
import { createGenre, createListedLoop } from "./support/listed-loop";
import { describe, expect, inject, it } from "vitest";
import { createApp } from "../src/app";
import { createPrisma } from "../src/db/prisma";
import { seed, DEMO_GENRES } from "../src/db/seed";
import { createSmtpMailer } from "../src/mail/mailer";
import { truncateAll } from "./support/database";
import { LOCAL_CONTRACTS, tempDeploymentsDir } from "./support/deployments";
import { newAccount, walletSignIn } from "./support/siwe";
import { startSmtpServer } from "./support/smtp";
import { browser, createTestApp, type TestApp } from "./support/test-app";
import { suiteApp } from "./support/suite-app";

describe("public API", () => {
  let t: TestApp;
  suiteApp((app) => (t = app));

  it("GET /api/health: ok once the database answers (no chain has contracts here: none to report)", async () => {
    expect((await request(t.app).get("/api/health").expect(200)).body).toEqual({ status: "ok", database: "ok", chains: [] });
  });

  it("GET /api/health: 503 when the database does not answer", async () => {
    const down = createPrisma("postgresql://postgres:postgres@127.0.0.1:9/nowhere");
    try {
      const app = createApp({
        config: t.config,
        prisma: down,
        mailer: createSmtpMailer({ smtpUrl: t.config.smtpUrl, from: "x@y.z" }),
        chains: new Map(),
        storage: t.storage,
      });
      expect((await request(app).get("/api/health").expect(503)).body).toEqual({ status: "error", database: "unreachable", chains: [] });
    } finally {
      await down.$disconnect();
    }
  });

  it("GET /api/config: chains without a public RPC URL by default, no contracts without a manifest, default chain, no WalletConnect, no OIDC, no PayPal or cards", async () => {
    const response = await request(t.app).get("/api/config").expect(200);
    // The server's RPC URL (RPC_URL_31337) is never published.
    expect(response.text).not.toContain(inject("rpcUrl"));
    expect(response.body).toEqual({
      chains: [{ id: 31337, name: "Hardhat (local)", publicRpcUrl: null, contracts: null, exchange: null, confirmations: 0 }],
      defaultChainId: 31337,
      walletConnectProjectId: null,
      oidc: null,
      paypal: null,
      stripe: null,
      settings: DEFAULT_CLIENT_SETTINGS,
    });
  });

  it("GET /api/config: the contract addresses of the chain's deployment manifest (DEPLOYMENTS_DIR), checksummed", async () => {
    const deployments = tempDeploymentsDir();
    deployments.write(31337);
    const withManifest = await createTestApp({ db: t.db, env: { DEPLOYMENTS_DIR: deployments.dir } });
    try {
      const response = await request(withManifest.app).get("/api/config").expect(200);
      expect(response.body.chains).toEqual([
        { id: 31337, name: "Hardhat (local)", publicRpcUrl: null, contracts: LOCAL_CONTRACTS, exchange: null, confirmations: 0 },
      ]);
      // Read once at start-up: a manifest written later changes nothing until a restart.
      deployments.remove();
      expect((await request(withManifest.app).get("/api/config").expect(200)).body.chains[0].contracts).toEqual(LOCAL_CONTRACTS);
    } finally {
      await withManifest.close();
      deployments.remove();
    }
  });

  it("GET /api/config publishes PUBLIC_RPC_URL_<id>, never RPC_URL_<id> (it carries the provider's key), and the confirmations a deposit waits for", async () => {
    const serverRpc = "https://rpc.provider.example/v2/server-secret-key";
    const withKeys = await createTestApp({
      db: t.db,
      env: { RPC_URL_31337: serverRpc, PUBLIC_RPC_URL_31337: "https://rpc.public.example/", CONFIRMATIONS_31337: "2" },
    });
    try {
      const response = await request(withKeys.app).get("/api/config").expect(200);
      expect(response.body.chains).toEqual([
        {
          id: 31337,
          name: "Hardhat (local)",
          publicRpcUrl: "https://rpc.public.example/",
          contracts: null,
          exchange: null,
          confirmations: 2,
        },
      ]);
      expect(response.text).not.toContain("server-secret-key");
      expect(response.text).not.toContain("rpc.provider.example");
    } finally {
      await withKeys.close();
    }
  });

  describe("GET /api/stats/public", () => {
    it("honest zeros on an empty database", async () => {
      await truncateAll(t.db.prisma);
      expect((await request(t.app).get("/api/stats/public").expect(200)).body).toEqual({
        totalUsers: 0,
        totalCreators: 0,
        totalLoops: 0,
        tokensEarned: "0.00000000",
        leaderboard: [],
      });
    });

    it("real counts, and a leaderboard of creators by experience then level without admins or banned users", async () => {
      await truncateAll(t.db.prisma);
      const users = [
        { username: "low", experience: 10, level: 1 },
        { username: "top", experience: 900, level: 5 },
        { username: "tied_higher_level", experience: 500, level: 4 },
        { username: "tied_lower_level", experience: 500, level: 3 },
        { username: "the_admin", experience: 5000, level: 9, isAdmin: true },
        { username: "the_banned", experience: 4000, level: 8, isBanned: true, banReason: "x" },
        ...Array.from({ length: 9 }, (_, i) => ({ username: `filler_${i}`, experience: 1, level: 1 })),
      ];
      await t.db.prisma.user.createMany({ data: users });
      for (const user of await t.db.prisma.user.findMany({ select: { id: true } })) await createListedLoop(t.db.prisma, user.id);
      // The most experienced member has listed nothing: the board ranks creators only.
      await t.db.prisma.user.create({ data: { username: "listener", experience: 9000, level: 10 } });
      const body = (await request(t.app).get("/api/stats/public").expect(200)).body;
      expect(body.totalUsers).toBe(users.length + 1);
      expect(body.leaderboard).toHaveLength(10);
      expect(body.leaderboard.slice(0, 4).map((entry: { username: string }) => entry.username)).toEqual([
        "top",
        "tied_higher_level",
        "tied_lower_level",
        "low",
      ]);
      expect(body.leaderboard[0]).toEqual({
        id: expect.any(String),
        username: "top",
        firstName: null,
        profileImageUrl: null,
        level: 5,
        experience: 900,
        loopsCount: 1,
        totalEarned: "0.00000000",
      });
      const names = body.leaderboard.map((entry: { username: string }) => entry.username);
      expect(names).not.toContain("the_admin");
      expect(names).not.toContain("listener");
      expect(body.totalCreators).toBe(users.length);
      expect(body.totalLoops).toBe(users.length);
      expect(names).not.toContain("the_banned");
    });
  });

  it("GET /api/stats/public counts listed loops (ready and public) and their creators", async () => {
    await truncateAll(t.db.prisma);
    const genreId = await createGenre(t.db.prisma, "House");
    const maker = await t.db.prisma.user.create({ data: { username: "maker", experience: 50 } });
    const hidden = await t.db.prisma.user.create({ data: { username: "hidden", experience: 40 } });
    const loop = (userId: string, extra: { status?: "processing"; isPublic?: boolean } = {}) => {
      const id = randomUUID();
      return t.db.prisma.loop.create({
        data: { id, userId, genreId, title: "x", status: "ready", originalKey: `loops/${id}/original`, originalFormat: "wav", ...extra },
      });
    };
    await loop(maker.id);
    await loop(maker.id);
    await loop(maker.id, { isPublic: false });
    await loop(hidden.id, { status: "processing" });
    const body = (await request(t.app).get("/api/stats/public").expect(200)).body;
    expect(body).toMatchObject({ totalUsers: 2, totalCreators: 1, totalLoops: 2 });
    expect(body.leaderboard.map((entry: { username: string; loopsCount: number }) => [entry.username, entry.loopsCount])).toEqual([
      ["maker", 2],
    ]);
  });

  it("GET /api/genres: id and name, sorted by name", async () => {
    await truncateAll(t.db.prisma);
    expect((await request(t.app).get("/api/genres").expect(200)).body).toEqual([]);
    await seed(t.db.prisma, { adminEmail: "admin@loop.local" });
    const genres = (await request(t.app).get("/api/genres").expect(200)).body as { id: number; name: string }[];
    expect(genres.map((genre) => genre.name)).toEqual([...DEMO_GENRES].sort((a, b) => a.localeCompare(b)));
    expect(genres.every((genre) => Number.isInteger(genre.id))).toBe(true);
  });

  describe("errors are { message, code, fields? } with the right status", () => {
    it("malformed JSON: 400", async () => {
      const response = await browser(t.app).post("/api/auth/email").set("Content-Type", "application/json").send('{"email": ').expect(400);
      expect(response.body).toEqual({ message: "Malformed JSON in request body", code: "MALFORMED_JSON" });
    });
    it("body too large: 413", async () => {
      const response = await browser(t.app)
        .post("/api/auth/email")
        .send({ email: "x".repeat(200_000) })
        .expect(413);
      expect(response.body).toEqual({ message: "Request body is too large", code: "PAYLOAD_TOO_LARGE" });
    });
    it("unknown route under /api: 404", async () => {
      const response = await request(t.app).get("/api/no/such/thing?x=1").expect(404);
      expect(response.body).toEqual({ message: "No route for GET /api/no/such/thing", code: "ROUTE_NOT_FOUND" });
    });
    it("validation: 400 VALIDATION_FAILED with the first issue's message and each failing field's", async () => {
      const response = await browser(t.app).post("/api/auth/email").send({}).expect(400);
      expect(response.body).toEqual({ message: expect.any(String), code: "VALIDATION_FAILED", fields: { email: response.body.message } });
    });
  });

  it("answers API calls with no-store and security headers", async () => {
    const response = await request(t.app).get("/api/genres").expect(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-powered-by"]).toBeUndefined();
  });
});

describe("rate limits", () => {
  it("answers 429 once an IP has used its sign-in budget", async () => {
    const smtp = await startSmtpServer();
    const t = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        RATE_LIMIT_WALLET_SIGNIN_PER_IP: "3",
        RATE_LIMIT_EMAIL_LINK_PER_ADDRESS: "1",
        RATE_LIMIT_EMAIL_LINK_PER_IP: "2",
        RATE_LIMIT_EMAIL_VERIFY_PER_IP: "2",
      },
    });
    try {
      const client = browser(t.app);
      await walletSignIn(client, newAccount()); // nonce + web3: 2 of 3
      await client.get("/api/auth/nonce").expect(200);
      const limited = await client.get("/api/auth/nonce").expect(429);
      expect(limited.body).toMatchObject({ message: "Too many requests, please try again later." });
      await client.post("/api/auth/web3").send({}).expect(429);

      for (let i = 0; i < 2; i++)
        await client
          .post("/api/auth/email/verify")
          .send({ token: `guess${i}` })
          .expect(401);
      await client.post("/api/auth/email/verify").send({ token: "guess" }).expect(429);

      // Per address, whatever the spelling of the address; and per IP, whatever the address.
      await client.post("/api/auth/email").send({ email: "flood@example.com" }).expect(200);
      await client.post("/api/auth/email").send({ email: " FLOOD@example.com" }).expect(429);
      await client.post("/api/auth/email").send({ email: "other@example.com" }).expect(429);
      expect(smtp.inbox).toHaveLength(1);
    } finally {
      await t.close();
      await smtp.stop();
    }
  });
});
