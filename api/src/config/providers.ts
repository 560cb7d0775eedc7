// The outside services a deployment may sign in with or take payments through: an OpenID Connect
// provider, PayPal and Stripe (each all its variables or none).
import { ConfigError, url, value, type Env } from "./env";

export interface OidcConfig {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  accountUrl: string | null;
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

export function oidcFrom(env: Env, isProduction: boolean): OidcConfig | null {
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

export function paypalFrom(env: Env, isProduction: boolean): PaypalConfig | null {
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

export function stripeFrom(env: Env, isProduction: boolean): StripeConfig | null {
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
