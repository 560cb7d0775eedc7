import { parseCookie } from "cookie";
import type { Request, Response } from "express";

export const SESSION_COOKIE = "loop_session";

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  return header ? parseCookie(header)[name] : undefined;
}

export function readSessionToken(req: Request): string | undefined {
  return readCookie(req, SESSION_COOKIE);
}

/** The session token of a Cookie header (the hot path reads it without an Express request). */
export function sessionTokenOf(cookieHeader: string): string | undefined {
  return parseCookie(cookieHeader)[SESSION_COOKIE];
}

export function setSessionCookie(res: Response, token: string, expiresAt: Date, secure: boolean): void {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: "lax", secure, path: "/", expires: expiresAt });
}

export function clearSessionCookie(res: Response, secure: boolean): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", secure, path: "/" });
}
