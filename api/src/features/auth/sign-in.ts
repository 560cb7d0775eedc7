import type { Request, Response } from "express";
import type { AppConfig } from "../../config";
import type { PrismaClient } from "../../db/prisma";
import { createSession, deleteSession } from "./session.service";
import { readSessionToken, setSessionCookie } from "./session-cookie";

/** Starts a new session for `userId` (ending the request's previous one) and sets its cookie. */
export async function signIn(
  deps: { prisma: PrismaClient; config: Pick<AppConfig, "sessionTtlMs" | "isProduction"> },
  req: Request,
  res: Response,
  userId: string,
): Promise<void> {
  const previous = readSessionToken(req);
  if (previous) await deleteSession(deps.prisma, previous);
  const session = await createSession(deps.prisma, userId, {
    ttlMs: deps.config.sessionTtlMs,
    userAgent: req.get("user-agent"),
  });
  setSessionCookie(res, session.token, session.expiresAt, deps.config.isProduction);
}
