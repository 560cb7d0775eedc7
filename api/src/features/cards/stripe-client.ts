// Stripe's official client, pointed at STRIPE_API_BASE (api.stripe.com, or a local server speaking
// the same API in tests). One instance per process: it keeps its connections.
import Stripe from "stripe";
import type { StripeConfig } from "../../config";

const REQUEST_TIMEOUT_MS = 20_000;

export function createStripeClient(config: StripeConfig): Stripe {
  const { apiBase } = config;
  const protocol = apiBase.protocol === "http:" ? "http" : "https";
  return new Stripe(config.secretKey, {
    host: apiBase.hostname,
    port: apiBase.port || (protocol === "http" ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    timeout: REQUEST_TIMEOUT_MS,
    telemetry: false,
  });
}

export type { Stripe };
