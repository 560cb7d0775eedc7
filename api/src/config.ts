// The environment, read once at start (loadConfig): every variable is in the README's table. Each
// section is read by its module in ./config/; this file puts them together into AppConfig.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deploymentsDir } from "@loop/contracts/manifest";
import { chainKind, type ChainConfig, type ChainKind } from "@loop/rules/chains";
import { UPLOAD_REWARD_WINDOW_HOURS } from "@loop/rules/upload-reward";
import type { Hex } from "viem";
import { chainsFrom, payoutsFrom, settlementFrom, type PayoutsConfig, type SettlementConfig } from "./config/chains";
import { ConfigError, DAY, HOUR, MINUTE, integer, privateKey, secret, url, value, type Env } from "./config/env";
import { oidcFrom, paypalFrom, stripeFrom, type OidcConfig, type PaypalConfig, type StripeConfig } from "./config/providers";
import { storageFrom, type StorageConfig } from "./config/storage";
import { trustProxyFrom } from "./config/trust-proxy";
import { rolesFrom, type Role } from "./roles/roles";

export { ConfigError };
export type { OidcConfig, PaypalConfig, PayoutsConfig, SettlementConfig, StorageConfig, StripeConfig };

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
  /** POST /api/loops/:id/plays (the web player's play reports), per IP. */
  playsPerIp: number;
  /** POST /api/client-errors (the web app's render failures), per IP. */
  clientErrorsPerIp: number;
}

/** The upload reward's sweep (src/features/upload-rewards, issue 22). */
export interface UploadRewardsConfig {
  /** UPLOAD_REWARD_WINDOW_MS: how long a loop must stay listed before it is rewarded (default 24 h, the rule the pages state). */
  windowMs: number;
  /** UPLOAD_REWARD_SWEEP_MS: how often each API process looks for loops whose window has passed (default 1 minute). */
  sweepMs: number;
}

export interface AppConfig {
  nodeEnv: string;
  isProduction: boolean;
  /** What this process runs (LOOP_ROLES, src/roles/roles.ts): `api`, `worker`, or both (the default). */
  roles: Role[];
  /** A worker-only process answers GET /health/live and /health/ready on this port (WORKER_HEALTH_PORT, default API_PORT). */
  workerHealthPort: number;
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
  /**
   * Bearer token of GET /metrics (METRICS_TOKEN, at least 32 characters; src/features/metrics). Null:
   * /metrics is open outside production and 404 in production.
   */
  metricsToken: string | null;
  paypal: PaypalConfig | null;
  stripe: StripeConfig | null;
  sessionTtlMs: number;
  nonceTtlMs: number;
  emailLinkTtlMs: number;
}

/** Where `pnpm dev` runs its embedded Postgres (docs/conventions.md). */
const DEV_DATABASE_URL = "postgresql://postgres:postgres@127.0.0.1:54329/loop";

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
    roles: rolesFrom(env),
    workerHealthPort: integer(env, "WORKER_HEALTH_PORT", apiPort, 1),
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
      playsPerIp: integer(env, "RATE_LIMIT_PLAYS_PER_IP", 600, 1),
      clientErrorsPerIp: integer(env, "RATE_LIMIT_CLIENT_ERRORS_PER_IP", 30, 1),
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
    metricsToken: secret(env, "METRICS_TOKEN"),
    paypal: paypalFrom(env, isProduction),
    stripe: stripeFrom(env, isProduction),
    sessionTtlMs: 30 * DAY,
    nonceTtlMs: 10 * MINUTE,
    emailLinkTtlMs: 15 * MINUTE,
  };
}
