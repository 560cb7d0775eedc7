// Signed download links: base64url(JSON payload) "." base64url(HMAC-SHA256(key, payload part)).
// The payload names the loop, the format, the user it was issued to and when it expires.
import { createHmac, timingSafeEqual } from "node:crypto";
import { DELIVERY_FORMATS, type DeliveryFormat } from "@loop/rules/schemas/downloads";

export interface DownloadGrant {
  loopId: string;
  format: DeliveryFormat;
  userId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

interface Payload {
  l: string;
  f: string;
  u: string;
  e: number;
}

const sign = (key: string, data: string) => createHmac("sha256", key).update(data).digest();

export function signDownloadToken(key: string, grant: DownloadGrant): string {
  const payload: Payload = { l: grant.loopId, f: grant.format, u: grant.userId, e: grant.expiresAt };
  const data = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${data}.${sign(key, data).toString("base64url")}`;
}

export type VerifiedToken = { ok: true; grant: DownloadGrant } | { ok: false; reason: "invalid" | "expired" };

/** Checks the signature first (constant time), then the payload, then the expiry. */
export function verifyDownloadToken(key: string, token: string, now = Date.now()): VerifiedToken {
  const match = /^([A-Za-z0-9_-]{1,1000})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const [, data, signature] = match as unknown as [string, string, string];
  const given = Buffer.from(signature, "base64url");
  const expected = sign(key, data);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(data, "base64url").toString("utf8")) as Payload;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (
    typeof payload !== "object" ||
    payload === null ||
    typeof payload.l !== "string" ||
    typeof payload.u !== "string" ||
    typeof payload.e !== "number" ||
    !(DELIVERY_FORMATS as readonly string[]).includes(payload.f)
  ) {
    return { ok: false, reason: "invalid" };
  }
  if (payload.e <= now) return { ok: false, reason: "expired" };
  return { ok: true, grant: { loopId: payload.l, format: payload.f as DeliveryFormat, userId: payload.u, expiresAt: payload.e } };
}
