import type { RequestHandler } from "express";
import helmet from "helmet";
import type { AppConfig } from "../config";

const WALLETCONNECT_CONNECT = [
  "https://*.walletconnect.com",
  "wss://*.walletconnect.com",
  "https://*.walletconnect.org",
  "wss://*.walletconnect.org",
];
const WALLETCONNECT_FRAMES = ["https://verify.walletconnect.com", "https://verify.walletconnect.org"];

/**
 * Content-Security-Policy for the built React app served from this origin. The wallet code talks
 * JSON-RPC to the configured chain endpoints (and WalletConnect's relay when enabled).
 */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const rpcOrigins = [...new Set(config.chains.map((chain) => new URL(chain.rpcUrl).origin))];
  const walletConnect = config.walletConnectProjectId !== null;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "script-src": ["'self'"],
    // React and the wallet modal set style attributes at run time.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "media-src": ["'self'", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...rpcOrigins, ...(walletConnect ? WALLETCONNECT_CONNECT : [])],
    "frame-src": walletConnect ? WALLETCONNECT_FRAMES : ["'none'"],
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
