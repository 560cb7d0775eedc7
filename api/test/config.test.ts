import { writeFileSync } from "node:fs";
import path from "node:path";
import { COMMITTED_DEPLOYMENTS_DIR } from "@loop/contracts/manifest";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";
import { LOCAL_CONTRACTS, tempDeploymentsDir } from "./support/deployments";

const STRIPE_KEYS = { STRIPE_SECRET_KEY: "sk_test_config", STRIPE_PUBLISHABLE_KEY: "pk_test_config" };

describe("configuration from the environment", () => {
  it("has working development defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: "development",
      isProduction: false,
      apiHost: "127.0.0.1",
      apiPort: 3000,
      databaseUrl: "postgresql://postgres:postgres@127.0.0.1:54329/loop",
      chains: [{ id: 31337, name: "Hardhat (local)", rpcUrl: "http://127.0.0.1:8545", publicRpcUrl: null, contracts: null }],
      deploymentsDir: COMMITTED_DEPLOYMENTS_DIR,
      defaultChainId: 31337,
      walletConnectProjectId: null,
      oidc: null,
      smtpUrl: "smtp://127.0.0.1:1025",
      mailFrom: "LOOP <no-reply@loop.local>",
      adminEmail: "admin@loop.local",
      webDist: null,
      trustProxy: false,
    });
    expect(config.appUrl.origin).toBe("http://localhost:5173");
  });

  describe("contract addresses from the deployment manifests (DEPLOYMENTS_DIR)", () => {
    const deployments = tempDeploymentsDir();
    afterEach(() => deployments.remove());

    it("reads each chain's manifest once, checksummed", () => {
      deployments.write(31337);
      const config = loadConfig({ DEPLOYMENTS_DIR: deployments.dir, CHAIN_IDS: "31337,97", RPC_URL_97: "https://bsc-testnet.example/rpc" });
      expect(config.deploymentsDir).toBe(deployments.dir);
      expect(config.chains.map((chain) => [chain.id, chain.contracts])).toEqual([
        [31337, LOCAL_CONTRACTS],
        [97, null],
      ]);
    });

    it("null without a manifest or with an incomplete one; a broken one stops the start", () => {
      expect(loadConfig({ DEPLOYMENTS_DIR: deployments.dir }).chains[0]!.contracts).toBeNull();
      deployments.write(31337, { LoopToken: LOCAL_CONTRACTS.token });
      expect(loadConfig({ DEPLOYMENTS_DIR: deployments.dir }).chains[0]!.contracts).toBeNull();
      writeFileSync(path.join(deployments.dir, "31337.json"), "{ not json");
      expect(() => loadConfig({ DEPLOYMENTS_DIR: deployments.dir })).toThrow(ConfigError);
      expect(() => loadConfig({ DEPLOYMENTS_DIR: deployments.dir })).toThrow(/deployment manifest: .*31337\.json: not JSON/);
    });
  });

  it("serves the web app from its own origin in production", () => {
    const config = loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgresql://x@db/loop", API_PORT: "8080" });
    expect(config.appUrl.origin).toBe("http://localhost:8080");
    expect(config.webDist).toMatch(/web[/\\]dist$/);
  });

  it("reads chains, RPC URLs and OIDC settings", () => {
    const config = loadConfig({
      CHAIN_IDS: "56, 1",
      RPC_URL_56: "https://bsc.example/rpc",
      RPC_URL_1: "https://eth.example/rpc",
      DEFAULT_CHAIN_ID: "1",
      OIDC_ISSUER: "https://id.example",
      OIDC_CLIENT_ID: "loop",
      OIDC_CLIENT_SECRET: "secret",
      TRUST_PROXY: "1",
    });
    expect(config.chains.map((chain) => [chain.id, chain.rpcUrl, chain.publicRpcUrl])).toEqual([
      [56, "https://bsc.example/rpc", null],
      [1, "https://eth.example/rpc", null],
    ]);
    // The page's own endpoint, per chain (published by GET /api/config); never the server's.
    const withPublic = loadConfig({
      CHAIN_IDS: "56",
      RPC_URL_56: "https://bsc.example/rpc/key",
      PUBLIC_RPC_URL_56: "https://bsc-public.example",
    });
    expect(withPublic.chains[0]).toMatchObject({ rpcUrl: "https://bsc.example/rpc/key", publicRpcUrl: "https://bsc-public.example" });
    expect(() => loadConfig({ PUBLIC_RPC_URL_31337: "ws://x" })).toThrow(/PUBLIC_RPC_URL_31337 must be an http\(s\) URL/);
    expect(config.defaultChainId).toBe(1);
    expect(config.oidc).toMatchObject({ clientId: "loop", accountUrl: null });
    expect(config.trustProxy).toBe(1);
  });

  it("the deployment's kind of chain: test chains (the local chain counts as one) or mainnets", () => {
    expect(loadConfig({}).chainKind).toBe("testnet");
    expect(
      loadConfig({
        CHAIN_IDS: "31337, 11155111, 97",
        RPC_URL_11155111: "https://sepolia.example/rpc",
        RPC_URL_97: "https://bsc-testnet.example/rpc",
      }).chainKind,
    ).toBe("testnet");
    expect(loadConfig({ CHAIN_IDS: "56, 1", RPC_URL_56: "https://bsc.example/rpc", RPC_URL_1: "https://eth.example/rpc" }).chainKind).toBe(
      "mainnet",
    );
  });

  it("refuses to start on test chains and mainnets at once, naming them (deposits are credited 1:1 from every chain)", () => {
    const mixed = {
      CHAIN_IDS: "56, 31337, 1, 97",
      RPC_URL_56: "https://bsc.example/rpc",
      RPC_URL_1: "https://eth.example/rpc",
      RPC_URL_97: "https://bsc-testnet.example/rpc",
    };
    expect(() => loadConfig(mixed)).toThrow(ConfigError);
    expect(() => loadConfig(mixed)).toThrow(
      "CHAIN_IDS mixes test chains (31337 Hardhat (local), 97 BNB Smart Chain Testnet) with mainnets (56 BNB Smart Chain, 1 Ethereum): deposits on a test chain would be credited as real LOOP. Run test chains and mainnets as separate deployments.",
    );
  });

  it("reads the operator key that pays LOOP withdrawals (OPERATOR_PRIVATE_KEY)", () => {
    expect(loadConfig({}).operatorPrivateKey).toBeNull();
    const key = `0x${"ab".repeat(32)}`;
    expect(loadConfig({ OPERATOR_PRIVATE_KEY: key }).operatorPrivateKey).toBe(key);
    expect(loadConfig({ OPERATOR_PRIVATE_KEY: "ab".repeat(32) }).operatorPrivateKey).toBe(key);
  });

  it.each([
    [{ CHAIN_IDS: "1" }, /RPC_URL_1 is required/],
    [{ CHAIN_IDS: "999" }, /unsupported chain "999"/],
    [
      { CHAIN_IDS: "31337,56", RPC_URL_56: "https://bsc.example/rpc" },
      /CHAIN_IDS mixes test chains \(31337 Hardhat \(local\)\) with mainnets \(56 BNB Smart Chain\)/,
    ],
    [
      { CHAIN_IDS: "11155111,1", RPC_URL_11155111: "https://sepolia.example/rpc", RPC_URL_1: "https://eth.example/rpc" },
      /CHAIN_IDS mixes test chains \(11155111 Sepolia\) with mainnets \(1 Ethereum\)/,
    ],
    [{ DEFAULT_CHAIN_ID: "56" }, /DEFAULT_CHAIN_ID must be one of CHAIN_IDS/],
    [{ OIDC_ISSUER: "https://id.example" }, /must be set together/],
    [{ APP_URL: "https://loop.example/app" }, /APP_URL must be an origin/],
    [{ APP_URL: "ftp://loop.example" }, /APP_URL must be an http\(s\) URL/],
    [{ API_PORT: "http" }, /API_PORT must be an integer/],
    [{ OPERATOR_PRIVATE_KEY: "0x1234" }, /OPERATOR_PRIVATE_KEY must be a 32-byte hex private key/],
    [{ NODE_ENV: "production" }, /DATABASE_URL is required in production/],
    [
      {
        NODE_ENV: "production",
        DATABASE_URL: "postgresql://db/loop",
        OIDC_ISSUER: "http://id.example",
        OIDC_CLIENT_ID: "a",
        OIDC_CLIENT_SECRET: "b",
      },
      /https in production/,
    ],
    [
      { NODE_ENV: "production", DATABASE_URL: "postgresql://db/loop", ...STRIPE_KEYS, STRIPE_API_BASE: "http://stripe.example" },
      /STRIPE_API_BASE must use https in production/,
    ],
    [
      { NODE_ENV: "production", DATABASE_URL: "postgresql://db/loop", ...STRIPE_KEYS, STRIPE_API_BASE: "http://127.0.0.1.example" },
      /STRIPE_API_BASE must use https in production/,
    ],
  ])("refuses %j", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("allows a payment provider over plain http in production only on this machine", () => {
    for (const base of ["http://127.0.0.1:4242", "http://localhost:4242", "http://[::1]:4242"]) {
      const config = loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgresql://db/loop", ...STRIPE_KEYS, STRIPE_API_BASE: base });
      expect(config.stripe?.apiBase.origin).toBe(new URL(base).origin);
    }
  });

  describe("TRUST_PROXY: which X-Forwarded-For entries name the client (per-IP rate limits)", () => {
    const PRODUCTION = { NODE_ENV: "production", DATABASE_URL: "postgresql://db/loop" };

    it("takes a number of proxies, or a list of proxy addresses, CIDR ranges and range names", () => {
      expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: "1" }).trustProxy).toBe(1);
      expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: "2" }).trustProxy).toBe(2);
      expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: "false" }).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: "loopback" }).trustProxy).toEqual(["loopback"]);
      expect(
        loadConfig({ ...PRODUCTION, TRUST_PROXY: " 10.0.0.0/8, 192.0.2.10,fd00::/8 , ::1, 172.16.0.0/255.240.0.0, uniquelocal" })
          .trustProxy,
      ).toEqual(["10.0.0.0/8", "192.0.2.10", "fd00::/8", "::1", "172.16.0.0/255.240.0.0", "uniquelocal"]);
    });

    it("refuses true in production, saying why and what to set instead", () => {
      expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: "true" })).toThrow(ConfigError);
      expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: "true" })).toThrow(
        "TRUST_PROXY=true is refused in production: it believes every X-Forwarded-For entry, so any client can choose its own address and escape the per-IP rate limits. Set the number of proxies in front of the API (TRUST_PROXY=1 behind one load balancer) or their addresses (e.g. TRUST_PROXY=10.0.0.0/8).",
      );
      // Outside production (a developer's own proxy) it still works.
      expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    });

    it.each(["yes", "10.0.0.0/33", "fd00::/129", "10.0.0.0/8/8", "10.0.0.256", "proxy.internal", "1.5", "-1", ","])(
      "refuses %j, naming the wrong entry",
      (raw) => {
        expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(ConfigError);
        expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(
          /^TRUST_PROXY must be false, a number of proxies \(e\.g\. 1\), or a comma-separated list of proxy addresses and CIDR ranges/,
        );
      },
    );
  });
});
