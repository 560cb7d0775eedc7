import type { RequestHandler } from "express";
import { DomainError } from "../../domain-error";

/** A banned user may still learn that they are banned, and sign out. Paths are relative to /api. */
const ALLOWED_WHILE_BANNED = new Set(["GET /auth/user", "GET /logout", "POST /logout"]);

export const banMiddleware: RequestHandler = (req, _res, next) => {
  const user = req.auth?.user;
  if (user?.isBanned && !ALLOWED_WHILE_BANNED.has(`${req.method} ${req.path}`)) {
    throw new DomainError("ACCOUNT_BANNED", { reason: user.banReason });
  }
  next();
};
