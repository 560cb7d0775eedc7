import { createHash, randomBytes, randomInt } from "node:crypto";

/** A 32-byte random secret for cookies and links (base64url, 43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps instead of a secret token: a leaked table cannot be replayed. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Random [A-Za-z0-9] string; EIP-4361 nonces must be alphanumeric. */
export function randomAlphanumeric(length: number): string {
  let text = "";
  for (let i = 0; i < length; i++) text += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return text;
}
