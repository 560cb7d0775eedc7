// TRUST_PROXY: which proxies in front of the API Express believes about the client's address.
import { isIP } from "node:net";
import { ConfigError } from "./env";

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
export function trustProxyFrom(raw: string | undefined, isProduction: boolean): boolean | number | string[] {
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
  const entries = raw
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || wrong.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY must be false, a number of proxies (e.g. 1), or a comma-separated list of proxy addresses and CIDR ranges (e.g. 10.0.0.0/8, 192.0.2.10, loopback); "${wrong.join(", ") || raw}" is none of these`,
    );
  }
  return entries;
}
