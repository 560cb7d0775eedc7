import type { RequestHandler } from "express";
import { requireUser } from "./require-user";
import { DomainError } from "../../domain-error";

/**
 * Mounted once, in front of every /api/admin/* route (app.ts): the session's user must be an admin
 * (docs/product.md#admins). Signed out: 401; not an admin: 403. A banned user was refused before
 * (ban.middleware.ts). Behind it, a route's `requireUser(req)` is the acting admin.
 */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!requireUser(req).isAdmin) throw new DomainError("ADMIN_REQUIRED");
  next();
};
