import type { Request, Response } from "express";
import { readCookie } from "../auth/session-cookie";
import type { PendingLogin } from "./oidc.service";

// The PKCE verifier, state and nonce wait in an HttpOnly cookie scoped to the callback path: they
// are useless without the provider's code, which comes back only to this browser.
const NAME = "loop_oidc";
const PATH = "/api/auth/oidc";
const TTL_MS = 10 * 60 * 1000;

function options(secure: boolean) {
  return { httpOnly: true, sameSite: "lax" as const, secure, path: PATH };
}

export function setPendingLogin(res: Response, pending: PendingLogin, secure: boolean): void {
  res.cookie(NAME, Buffer.from(JSON.stringify(pending)).toString("base64url"), { ...options(secure), maxAge: TTL_MS });
}

/** Reads and clears the cookie: a pending login is used once. */
export function takePendingLogin(req: Request, res: Response, secure: boolean): PendingLogin | null {
  res.clearCookie(NAME, options(secure));
  const value = readCookie(req, NAME);
  if (!value) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Partial<PendingLogin>;
    if (typeof parsed.state !== "string" || typeof parsed.nonce !== "string" || typeof parsed.codeVerifier !== "string") return null;
    return { state: parsed.state, nonce: parsed.nonce, codeVerifier: parsed.codeVerifier };
  } catch {
    return null;
  }
}
