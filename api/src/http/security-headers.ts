import type { RequestHandler } from "express";
import helmet from "helmet";
import type { Chain } from "viem";
import { arbitrum, bsc, bscTestnet, hardhat, mainnet, polygon, sepolia } from "viem/chains";
import type { AppConfig } from "../config";

/**
 * viem's definitions of the chains the app knows (the web's are the same, web/src/lib/wallet/wallet-config.ts,
 * same viem version): a chain without PUBLIC_RPC_URL_<id> is read by the page through viem's default
 * public endpoint when the wallet's own provider cannot answer.
 */
const VIEM_CHAINS: Record<number, Chain> = {
  31337: hardhat,
  56: bsc,
  1: mainnet,
  137: polygon,
  42161: arbitrum,
  11155111: sepolia,
  97: bscTestnet,
};

/** The origins the page may send JSON-RPC to: each chain's public RPC URL, or viem's default one. Never the server's RPC URL. */
export function pageRpcOrigins(chains: AppConfig["chains"]): string[] {
  const urls = chains.flatMap((chain) => (chain.publicRpcUrl ? [chain.publicRpcUrl] : (VIEM_CHAINS[chain.id]?.rpcUrls.default.http ?? [])));
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

const WALLETCONNECT_CONNECT = [
  "https://*.walletconnect.com",
  "wss://*.walletconnect.com",
  "https://*.walletconnect.org",
  "wss://*.walletconnect.org",
];
const WALLETCONNECT_FRAMES = ["https://verify.walletconnect.com", "https://verify.walletconnect.org"];
// Stripe.js, which the card forms load from Stripe (never bundled), its card-field and 3-D Secure
// frames, and the API it calls from the page: the sources of Stripe's integration security guide.
const STRIPE_SCRIPTS = ["https://js.stripe.com", "https://*.js.stripe.com"];
const STRIPE_FRAMES = ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"];
const STRIPE_CONNECT = ["https://api.stripe.com"];
// PayPal's JavaScript SDK (www.paypal.com, or www.sandbox.paypal.com), its button and checkout frames
// and their assets: the hosts of PayPal's CSP recommendation (no 'unsafe-inline': the buttons'
// own scripts run inside PayPal's frames, under PayPal's policy).
const PAYPAL_SOURCES = ["https://*.paypal.com", "https://*.paypalobjects.com"];

/**
 * Content-Security-Policy for the built React app served from this origin. The wallet code talks
 * JSON-RPC to the chains' public endpoints (pageRpcOrigins) (and WalletConnect's relay when enabled); the card and
 * PayPal forms load their provider's script and frames when that provider is configured.
 */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const rpcOrigins = pageRpcOrigins(config.chains);
  const walletConnect = config.walletConnectProjectId !== null;
  // A provider's sources only when it is configured: a marketplace without PayPal loads nothing from it.
  const stripe = config.stripe !== null;
  const paypal = config.paypal !== null;
  const frames = [...(walletConnect ? WALLETCONNECT_FRAMES : []), ...(stripe ? STRIPE_FRAMES : []), ...(paypal ? PAYPAL_SOURCES : [])];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "script-src": ["'self'", ...(stripe ? STRIPE_SCRIPTS : []), ...(paypal ? PAYPAL_SOURCES : [])],
    // React and the wallet modal set style attributes at run time.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "media-src": ["'self'", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": [
      "'self'",
      ...rpcOrigins,
      ...(walletConnect ? WALLETCONNECT_CONNECT : []),
      ...(stripe ? STRIPE_CONNECT : []),
      ...(paypal ? PAYPAL_SOURCES : []),
    ],
    "frame-src": frames.length > 0 ? frames : ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "object-src": ["'none'"],
  };
  // Upgrading would break a plain-http local `pnpm start`.
  if (config.appUrl.protocol === "https:") directives["upgrade-insecure-requests"] = [];
  return directives;
}

export function securityHeaders(config: AppConfig): RequestHandler {
  return helmet({
    // Vite's dev server serves the page in development; the CSP matters where we serve it.
    contentSecurityPolicy: config.isProduction ? { useDefaults: false, directives: contentSecurityPolicy(config) } : false,
    // Wallet SDKs open pop-ups that must be able to talk back to this window.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    strictTransportSecurity: config.appUrl.protocol === "https:",
    // Not helmet's "no-referrer": under it browsers send `Origin: null` on same-origin POSTs,
    // which the origin check (origin-check.ts) must refuse.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}
