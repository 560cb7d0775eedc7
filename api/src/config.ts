import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deployedAddresses, deploymentsDir, readManifest } from "@loop/contracts/manifest";
import { SUPPORTED_CHAINS, chainKind, isSupportedChainId, type ChainConfig, type ChainContracts, type ChainKind } from "@loop/rules/chains";
import { UPLOAD_REWARD_WINDOW_HOURS } from "@loop/rules/upload-reward";
import { getAddress, type Hex } from "viem";

export interface OidcConfig {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  accountUrl: string | null;
}

export interface RateLimitConfig {
  windowMs: number;
  /** GET /api/auth/nonce and POST /api/auth/web3, per IP. */
  walletSignInPerIp: number;
  /** POST /api/auth/email, per IP. */
  emailLinkPerIp: number;
  /** POST /api/auth/email, per e-mail address. */
  emailLinkPerAddress: number;
  /** POST /api/auth/email/verify, per IP. */
  emailVerifyPerIp: number;
}

/** Where uploaded audio and its artefacts are kept (STORAGE_DRIVER). */
export type StorageConfig =
  | { driver: "local"; filesDir: string }
  | {
      driver: "s3";
      /** S3_ENDPOINT; null: AWS S3 itself. */
      endpoint: URL | null;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      sessionToken: string | null;
      forcePathStyle: boolean;
    };

/** LOOP payouts (src/features/withdrawals/payout-sender.ts). */
export interface PayoutsConfig {
  /** How long the sending request waits for the payout's receipt before answering "Payout Pending". */
  receiptTimeoutMs: number;
  /** A payout's lease: whoever sends it owns it this long; then a reconciler may take it over. */
  leaseMs: number;
  /** How often the reconciler looks for payouts whose outcome the API did not see. */
  reconcileMs: number;
}

/** The settlement worker (src/features/settlement): indexed chain events applied to the app, once. */
export interface SettlementConfig {
  /** SETTLEMENT_ENABLED (default true): false leaves settling to other API instances. */
  enabled: boolean;
  /** SETTLEMENT_POLL_MS: how often the indexed tables are read when idle. */
  pollMs: number;
  /** SETTLEMENT_BATCH_SIZE: events applied per transaction. */
  batchSize: number;
  /** INDEXER_SCHEMA: Ponder's schema (default "indexer"). */
  indexerSchema: string;
  /** Blocks on top of an event's block before it is settled, by chain id (CONFIRMATIONS_<chainId>). */
  confirmations: Record<number, number>;
}

/** The upload reward's sweep (src/features/upload-rewards, issue 22). */
export interface UploadRewardsConfig {
  /** UPLOAD_REWARD_WINDOW_MS: how long a loop must stay listed before it is rewarded (default 24 h, the rule the pages state). */
  windowMs: number;
  /** UPLOAD_REWARD_SWEEP_MS: how often each API process looks for loops whose window has passed (default 1 minute). */
  sweepMs: number;
}

/** PayPal Orders v2 (PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET together; null: PayPal is not offered). */
export interface PaypalConfig {
  clientId: string;
  clientSecret: string;
  /** PAYPAL_API_BASE: https://api-m.sandbox.paypal.com (default), https://api-m.paypal.com in production. */
  apiBase: URL;
  /** PAYPAL_WEBHOOK_ID: the webhook whose signatures PayPal verifies; null: webhooks are refused. */
  webhookId: string | null;
}

/** Stripe (STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY together; null: cards are not offered). */
export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  /** STRIPE_API_BASE: https://api.stripe.com by default. */
  apiBase: URL;
  /** STRIPE_WEBHOOK_SECRET (whsec_…): signs the webhook; null: webhooks are refused. */
  webhookSecret: string | null;
}

export interface AppConfig {
  nodeEnv: string;
  isProduction: boolean;
  apiHost: string;
  apiPort: number;
  /** Public origin of the app (no trailing slash): SIWE domain/URI, links in mail, Origin check. */
  appUrl: URL;
  databaseUrl: string;
  /** Each with its contracts from `<deploymentsDir>/<chainId>.json`, read once here (null: no manifest). */
  chains: ChainConfig[];
  /** Where the deployment manifests were read: DEPLOYMENTS_DIR (relative to the repository root) or contracts/deployments. */
  deploymentsDir: string;
  /** What every chain of CHAIN_IDS is (a mix is refused): deposits are credited only from chains of this kind. */
  chainKind: ChainKind;
  defaultChainId: number;
  walletConnectProjectId: string | null;
  oidc: OidcConfig | null;
  smtpUrl: string;
  mailFrom: string;
  adminEmail: string;
  /** Built web app to serve (production, or WEB_DIST set); null in development. */
  webDist: string | null;
  /**
   * Express "trust proxy" (TRUST_PROXY): false unless the API runs behind known proxies; then the
   * number of proxies in front of it, or their addresses and ranges. `true` only outside production.
   */
  trustProxy: boolean | number | string[];
  rateLimits: RateLimitConfig;
  /** Local disk storage of uploaded audio and its artefacts (FILES_DIR), when storage.driver is "local". */
  filesDir: string;
  storage: StorageConfig;
  /** How long a processing job stays claimed before another worker may retry it (JOB_VISIBILITY_MS). */
  jobVisibilityMs: number;
  settlement: SettlementConfig;
  payouts: PayoutsConfig;
  uploadRewards: UploadRewardsConfig;
  /**
   * HMAC-SHA256 key of signed download links (DOWNLOAD_SIGNING_SECRET, at least 32 characters).
   * Null: a random key is generated once and kept in the database (features/downloads/signing-secret.ts).
   */
  downloadSigningSecret: string | null;
  /**
   * The contracts' operator key (OPERATOR_PRIVATE_KEY, 32 bytes hex): pays `loop` withdrawals out of
   * LoopVault. Null: such withdrawals cannot be processed (the admin gets a clear error).
   */
  operatorPrivateKey: Hex | null;
  /** Signs the EIP-712 purchase quotes LoopMarketplace accepts (QUOTE_SIGNER_PRIVATE_KEY, role QUOTE_SIGNER_ROLE). */
  quoteSignerPrivateKey: Hex | null;
  paypal: PaypalConfig | null;
  stripe: StripeConfig | null;
  sessionTtlMs: number;
  nonceTtlMs: number;
  emailLinkTtlMs: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** Where `pnpm dev` runs its embedded Postgres (docs/conventions.md). */
const DEV_DATABASE_URL = "postgresql://postgres:postgres@127.0.0.1:54329/loop";

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < min) throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  return parsed;
}

function secret(env: Env, name: string): string | null {
  const raw = value(env, name);
  if (raw === undefined) return null;
  if (raw.length < 32) throw new ConfigError(`${name} must be at least 32 characters long`);
  return raw;
}

function url(name: string, raw: string): URL {
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error();
    return parsed;
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
}

/** The chain's contracts from its deployment manifest; null when there is none (or it is incomplete). */
function contractsFrom(chainId: number, dir: string): ChainContracts | null {
  let addresses;
  try {
    addresses = deployedAddresses(readManifest(chainId, { dir }));
  } catch (error) {
    throw new ConfigError(`deployment manifest: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!addresses) return null;
  return {
    token: getAddress(addresses.LoopToken),
    marketplace: getAddress(addresses.LoopMarketplace),
    vault: getAddress(addresses.LoopVault),
  };
}

function chainsFrom(env: Env, manifestsDir: string): ChainConfig[] {
  const ids = (value(env, "CHAIN_IDS") ?? "31337").split(",").map((part) => part.trim()).filter(Boolean);
  const chains = ids.map((text) => {
    const id = Number(text);
    if (!Number.isInteger(id) || !isSupportedChainId(id)) {
      throw new ConfigError(`CHAIN_IDS: unsupported chain "${text}" (known: ${SUPPORTED_CHAINS.map((c) => c.id).join(", ")})`);
    }
    const hardhatPort = value(env, "HARDHAT_PORT") ?? "8545";
    const rpcUrl = value(env, `RPC_URL_${id}`) ?? (id === 31337 ? `http://127.0.0.1:${hardhatPort}` : undefined);
    if (!rpcUrl) throw new ConfigError(`RPC_URL_${id} is required because CHAIN_IDS contains ${id}`);
    url(`RPC_URL_${id}`, rpcUrl);
    const name = SUPPORTED_CHAINS.find((chain) => chain.id === id)!.name;
    return { id, name, rpcUrl, contracts: contractsFrom(id, manifestsDir) };
  });
  // Deposits are credited 1:1 from every chain: beside a mainnet, a testnet's free LOOP would be money.
  const named = (kind: ChainKind) => chains.filter((chain) => chainKind(chain.id) === kind).map((chain) => `${chain.id} ${chain.name}`);
  const [testnets, mainnets] = [named("testnet"), named("mainnet")];
  if (testnets.length > 0 && mainnets.length > 0) {
    throw new ConfigError(
      `CHAIN_IDS mixes test chains (${testnets.join(", ")}) with mainnets (${mainnets.join(", ")}): deposits on a test chain would be credited as real LOOP. Run test chains and mainnets as separate deployments.`,
    );
  }
  return chains;
}

function identifier(env: Env, name: string, fallback: string): string {
  const raw = value(env, name) ?? fallback;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(raw)) throw new ConfigError(`${name} must be a lower-case SQL identifier`);
  return raw;
}

/** Blocks an event waits for before it is settled, when CONFIRMATIONS_<chainId> is not set. */
const DEFAULT_CONFIRMATIONS: Record<number, number> = { 31337: 0, 1: 12, 56: 15, 11155111: 6, 97: 6 };

function settlementFrom(env: Env, chains: ChainConfig[]): SettlementConfig {
  return {
    enabled: booleanValue(env, "SETTLEMENT_ENABLED", true),
    pollMs: integer(env, "SETTLEMENT_POLL_MS", 100, 10),
    batchSize: integer(env, "SETTLEMENT_BATCH_SIZE", 500, 1),
    indexerSchema: identifier(env, "INDEXER_SCHEMA", "indexer"),
    confirmations: Object.fromEntries(chains.map((chain) => [chain.id, integer(env, `CONFIRMATIONS_${chain.id}`, DEFAULT_CONFIRMATIONS[chain.id] ?? 12)])),
  };
}

function payoutsFrom(env: Env): PayoutsConfig {
  const payouts = {
    receiptTimeoutMs: integer(env, "PAYOUT_RECEIPT_TIMEOUT_MS", 45_000, 100),
    leaseMs: integer(env, "PAYOUT_LEASE_MS", 2 * MINUTE, 1000),
    reconcileMs: integer(env, "PAYOUT_RECONCILE_MS", 30_000, 100),
  };
  // The sender must be done (broadcast and receipt) before its lease lets a reconciler take over.
  if (payouts.leaseMs < payouts.receiptTimeoutMs + 30_000) {
    throw new ConfigError(`PAYOUT_LEASE_MS (${payouts.leaseMs}) must be at least PAYOUT_RECEIPT_TIMEOUT_MS + 30000 (${payouts.receiptTimeoutMs + 30_000})`);
  }
  return payouts;
}

function oidcFrom(env: Env, isProduction: boolean): OidcConfig | null {
  const issuer = value(env, "OIDC_ISSUER");
  const clientId = value(env, "OIDC_CLIENT_ID");
  const clientSecret = value(env, "OIDC_CLIENT_SECRET");
  if (!issuer && !clientId && !clientSecret) return null;
  if (!issuer || !clientId || !clientSecret) {
    throw new ConfigError("OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together");
  }
  const issuerUrl = url("OIDC_ISSUER", issuer);
  // Plain http is only for a provider on this machine during development and tests.
  if (isProduction && issuerUrl.protocol !== "https:") throw new ConfigError("OIDC_ISSUER must use https in production");
  const accountUrl = value(env, "OIDC_ACCOUNT_URL");
  return { issuer: issuerUrl, clientId, clientSecret, accountUrl: accountUrl ? url("OIDC_ACCOUNT_URL", accountUrl).href : null };
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function providerBase(name: string, raw: string, isProduction: boolean): URL {
  const base = url(name, raw);
  // Plain http never crosses a network: in production only to this machine (the browser tests'
  // fake provider beside the built app, or a TLS-terminating sidecar).
  if (isProduction && base.protocol !== "https:" && !LOOPBACK_HOSTS.has(base.hostname)) {
    throw new ConfigError(`${name} must use https in production (plain http only to this machine)`);
  }
  return base;
}

function paypalFrom(env: Env, isProduction: boolean): PaypalConfig | null {
  const clientId = value(env, "PAYPAL_CLIENT_ID");
  const clientSecret = value(env, "PAYPAL_CLIENT_SECRET");
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret) throw new ConfigError("PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together");
  return {
    clientId,
    clientSecret,
    apiBase: providerBase("PAYPAL_API_BASE", value(env, "PAYPAL_API_BASE") ?? "https://api-m.sandbox.paypal.com", isProduction),
    webhookId: value(env, "PAYPAL_WEBHOOK_ID") ?? null,
  };
}

function stripeFrom(env: Env, isProduction: boolean): StripeConfig | null {
  const secretKey = value(env, "STRIPE_SECRET_KEY");
  const publishableKey = value(env, "STRIPE_PUBLISHABLE_KEY");
  if (!secretKey && !publishableKey) return null;
  if (!secretKey || !publishableKey) throw new ConfigError("STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together");
  if (!/^(sk|rk)_/.test(secretKey)) throw new ConfigError("STRIPE_SECRET_KEY must be a secret key (sk_…)");
  if (!publishableKey.startsWith("pk_")) throw new ConfigError("STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_…)");
  return {
    secretKey,
    publishableKey,
    apiBase: providerBase("STRIPE_API_BASE", value(env, "STRIPE_API_BASE") ?? "https://api.stripe.com", isProduction),
    webhookSecret: value(env, "STRIPE_WEBHOOK_SECRET") ?? null,
  };
}

/** proxy-addr's names for address ranges, accepted by Express's "trust proxy". */
const TRUSTED_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An IP address, a CIDR range (10.0.0.0/8, fd00::/8), an IPv4 range with a netmask, or a range name. */
function isProxyAddress(entry: string): boolean {
  if (TRUSTED_RANGE_NAMES.has(entry)) return true;
  const [address = "", range, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

/**
 * TRUST_PROXY: which X-Forwarded-For entries name the client (per-IP rate limits, req.ip). A hop
 * count trusts that many proxies in front of the API; a list trusts proxies at those addresses.
 * `true` believes every entry, so a client could name any address it likes.
 */
function trustProxyFrom(raw: string | undefined, isProduction: boolean): boolean | number | string[] {
  if (raw === undefined || raw === "false") return false;
  if (raw === "true") {
    if (isProduction) {
      throw new ConfigError(
        "TRUST_PROXY=true is refused in production: it believes every X-Forwarded-For entry, so any client can choose its own address and escape the per-IP rate limits. Set the number of proxies in front of the API (TRUST_PROXY=1 behind one load balancer) or their addresses (e.g. TRUST_PROXY=10.0.0.0/8).",
      );
    }
    return true;
  }
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(",").map((entry) => entry.trim()).filter(Boolean);
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || wrong.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY must be false, a number of proxies (e.g. 1), or a comma-separated list of proxy addresses and CIDR ranges (e.g. 10.0.0.0/8, 192.0.2.10, loopback); "${wrong.join(", ") || raw}" is none of these`,
    );
  }
  return entries;
}

function booleanValue(env: Env, name: string, fallback: boolean): boolean {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (raw === "true" || raw === "1") return true;
  if (raw === "false" || raw === "0") return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** Bucket names as S3 accepts them (3–63 of a-z 0-9 . -, a letter or digit at both ends). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function storageFrom(env: Env, filesDir: string): StorageConfig {
  const driver = value(env, "STORAGE_DRIVER");
  const bucket = value(env, "S3_BUCKET");
  if (driver === undefined && bucket) {
    throw new ConfigError("S3_BUCKET is set but STORAGE_DRIVER is not: set STORAGE_DRIVER=s3 to keep files in S3 (or STORAGE_DRIVER=local for the local disk)");
  }
  if (driver === undefined || driver === "local") return { driver: "local", filesDir };
  if (driver !== "s3") throw new ConfigError(`STORAGE_DRIVER must be "local" or "s3", got "${driver}"`);

  const missing = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter((name) => !value(env, name));
  if (missing.length) throw new ConfigError(`STORAGE_DRIVER=s3 needs ${missing.join(", ")}`);
  if (!BUCKET_NAME.test(bucket!) || bucket!.includes("..")) {
    throw new ConfigError(`S3_BUCKET must be a bucket name (3-63 characters: a-z, 0-9, "." and "-"), got "${bucket}"`);
  }
  const endpointRaw = value(env, "S3_ENDPOINT");
  const endpoint = endpointRaw ? url("S3_ENDPOINT", endpointRaw) : null;
  if (endpoint && (endpoint.pathname !== "/" || endpoint.search || endpoint.hash || endpoint.username)) {
    throw new ConfigError(`S3_ENDPOINT must be an origin such as https://s3.example.com, without a path, got "${endpointRaw}"`);
  }
  const region = value(env, "S3_REGION") ?? "us-east-1";
  if (!/^[a-z0-9-]+$/.test(region)) throw new ConfigError(`S3_REGION must be a region name such as us-east-1 (or auto), got "${region}"`);
  return {
    driver: "s3",
    endpoint: endpoint ? new URL(endpoint.origin) : null,
    region,
    bucket: bucket!,
    accessKeyId: value(env, "S3_ACCESS_KEY_ID")!,
    secretAccessKey: value(env, "S3_SECRET_ACCESS_KEY")!,
    sessionToken: value(env, "S3_SESSION_TOKEN") ?? null,
    // Servers of one's own (MinIO...) rarely have a DNS name per bucket; AWS prefers bucket.s3.<region>.
    forcePathStyle: booleanValue(env, "S3_FORCE_PATH_STYLE", endpoint !== null),
  };
}

function privateKey(env: Env, name: string): Hex | null {
  const raw = value(env, name);
  if (raw === undefined) return null;
  const key = raw.startsWith("0x") ? raw : `0x${raw}`;
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new ConfigError(`${name} must be a 32-byte hex private key`);
  return key as Hex;
}

/** api/ (this file is api/src/config.ts, or bundled into api/dist/main.mjs). */
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = value(env, "NODE_ENV") ?? "development";
  const isProduction = nodeEnv === "production";
  const apiPort = integer(env, "API_PORT", 3000, 1);
  const webDistRaw = value(env, "WEB_DIST");
  const webDist = webDistRaw ? path.resolve(apiDir, webDistRaw) : isProduction ? path.resolve(apiDir, "../web/dist") : null;
  // When the API serves the web app itself, both share the API's origin; otherwise Vite's.
  const defaultAppUrl = webDist ? `http://localhost:${apiPort}` : `http://localhost:${value(env, "WEB_PORT") ?? "5173"}`;
  const appUrl = url("APP_URL", value(env, "APP_URL") ?? defaultAppUrl);
  if (appUrl.pathname !== "/" || appUrl.search || appUrl.hash) throw new ConfigError("APP_URL must be an origin, without a path");

  const databaseUrl = value(env, "DATABASE_URL") ?? (isProduction ? undefined : DEV_DATABASE_URL);
  if (!databaseUrl) throw new ConfigError("DATABASE_URL is required in production");

  const manifestsDir = deploymentsDir({ DEPLOYMENTS_DIR: value(env, "DEPLOYMENTS_DIR") });
  const chains = chainsFrom(env, manifestsDir);
  const defaultChainId = integer(env, "DEFAULT_CHAIN_ID", chains[0]!.id, 1);
  if (!chains.some((chain) => chain.id === defaultChainId)) throw new ConfigError("DEFAULT_CHAIN_ID must be one of CHAIN_IDS");

  const filesDir = path.resolve(apiDir, "..", value(env, "FILES_DIR") ?? ".data/files");

  return {
    nodeEnv,
    isProduction,
    apiHost: value(env, "API_HOST") ?? "127.0.0.1",
    apiPort,
    appUrl: new URL(appUrl.origin),
    databaseUrl,
    chains,
    deploymentsDir: manifestsDir,
    chainKind: chainKind(chains[0]!.id)!,
    defaultChainId,
    walletConnectProjectId: value(env, "WALLETCONNECT_PROJECT_ID") ?? null,
    oidc: oidcFrom(env, isProduction),
    smtpUrl: value(env, "SMTP_URL") ?? `smtp://127.0.0.1:${value(env, "MAILDEV_SMTP_PORT") ?? "1025"}`,
    mailFrom: value(env, "MAIL_FROM") ?? "LOOP <no-reply@loop.local>",
    adminEmail: (value(env, "ADMIN_EMAIL") ?? "admin@loop.local").toLowerCase(),
    webDist,
    trustProxy: trustProxyFrom(value(env, "TRUST_PROXY"), isProduction),
    rateLimits: {
      windowMs: integer(env, "RATE_LIMIT_WINDOW_MS", 15 * MINUTE, 1000),
      walletSignInPerIp: integer(env, "RATE_LIMIT_WALLET_SIGNIN_PER_IP", 100, 1),
      emailLinkPerIp: integer(env, "RATE_LIMIT_EMAIL_LINK_PER_IP", 20, 1),
      emailLinkPerAddress: integer(env, "RATE_LIMIT_EMAIL_LINK_PER_ADDRESS", 5, 1),
      emailVerifyPerIp: integer(env, "RATE_LIMIT_EMAIL_VERIFY_PER_IP", 100, 1),
    },
    filesDir,
    storage: storageFrom(env, filesDir),
    jobVisibilityMs: integer(env, "JOB_VISIBILITY_MS", 5 * MINUTE, 1000),
    settlement: settlementFrom(env, chains),
    payouts: payoutsFrom(env),
    uploadRewards: {
      windowMs: integer(env, "UPLOAD_REWARD_WINDOW_MS", UPLOAD_REWARD_WINDOW_HOURS * HOUR, 0),
      sweepMs: integer(env, "UPLOAD_REWARD_SWEEP_MS", MINUTE, 100),
    },
    downloadSigningSecret: secret(env, "DOWNLOAD_SIGNING_SECRET"),
    operatorPrivateKey: privateKey(env, "OPERATOR_PRIVATE_KEY"),
    quoteSignerPrivateKey: privateKey(env, "QUOTE_SIGNER_PRIVATE_KEY"),
    paypal: paypalFrom(env, isProduction),
    stripe: stripeFrom(env, isProduction),
    sessionTtlMs: 30 * DAY,
    nonceTtlMs: 10 * MINUTE,
    emailLinkTtlMs: 15 * MINUTE,
  };
}
