import type { RequestHandler } from "express";
import type { PrismaClient } from "../../db/prisma";
import { consoleLogger, type Logger } from "../../deps";
import "../../http/request-context";
import { noteActiveMember } from "./active-members";
import { loadSession } from "./session.service";
import { readSessionToken } from "./session-cookie";

/**
 * Loads the signed-in user fresh on every request, so bans and role changes apply at once. A member's first
 * signed-in request of the day (per process) is recorded for the admin analytics, without waiting for it.
 */
export function sessionMiddleware(prisma: PrismaClient, logger: Logger = consoleLogger): RequestHandler {
  return async (req, _res, next) => {
    req.auth = null;
    const token = readSessionToken(req);
    if (token) req.auth = await loadSession(prisma, token);
    if (req.auth && !req.auth.user.isBanned) void noteActiveMember(prisma, req.auth.user.id, logger);
    next();
  };
}
