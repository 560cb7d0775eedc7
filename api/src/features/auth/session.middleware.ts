import type { RequestHandler } from "express";
import type { PrismaClient } from "../../db/prisma";
import "../../http/request-context";
import { loadSession } from "./session.service";
import { readSessionToken } from "./session-cookie";

/** Loads the signed-in user fresh on every request, so bans and role changes apply at once. */
export function sessionMiddleware(prisma: PrismaClient): RequestHandler {
  return async (req, _res, next) => {
    req.auth = null;
    const token = readSessionToken(req);
    if (token) req.auth = await loadSession(prisma, token);
    next();
  };
}
