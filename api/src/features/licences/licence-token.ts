// The signed link to a licence's PDF in the purchase e-mail (GET /api/licences/:id/pdf?token=): the
// token is "<expiresAt ms>.<base64url HMAC-SHA256(key, 'licence-pdf:<id>:<expiresAt>')>" with the key
// of the download links (downloads/signing-secret.ts), valid as long as the mail's download link. The
// prefix keeps it from ever being read as a download token, or the other way round.
import { createHmac, timingSafeEqual } from "node:crypto";

const sign = (key: string, licenceId: string, expiresAt: number) =>
  createHmac("sha256", key).update(`licence-pdf:${licenceId.toLowerCase()}:${expiresAt}`).digest();

export function signLicenceToken(key: string, licenceId: string, expiresAt: number): string {
  return `${expiresAt}.${sign(key, licenceId, expiresAt).toString("base64url")}`;
}

export type VerifiedLicenceToken = { ok: true } | { ok: false; reason: "invalid" | "expired" };

/** Signature first (constant time), then the expiry. */
export function verifyLicenceToken(key: string, licenceId: string, token: string, now = Date.now()): VerifiedLicenceToken {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const expiresAt = Number(match[1]);
  const given = Buffer.from(match[2]!, "base64url");
  const expected = sign(key, licenceId, expiresAt);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  if (expiresAt <= now) return { ok: false, reason: "expired" };
  return { ok: true };
}
