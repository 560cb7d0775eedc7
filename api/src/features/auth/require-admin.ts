import type { RequestHandler } from "express";
import { Forbidden } from "../../http/errors";
import { requireUser } from "./require-user";

export const ADMIN_REQUIRED = "Access Denied: You need admin privileges to access this page.";

/**
 * Mounted once, in front of every /api/admin/* route (app.ts): the session's user must be an admin
 * (docs/product.md#admins). Signed out: 401; not an admin: 403. A banned user was refused before
 * (ban.middleware.ts). Behind it, a route's `requireUser(req)` is the acting admin.
 */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!requireUser(req).isAdmin) throw new Forbidden(ADMIN_REQUIRED);
  next();
};
