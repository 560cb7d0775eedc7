import type { Request } from "express";
import { Forbidden } from "../../http/errors";
import type { UserRecord } from "../users/user.view";
import { requireUser } from "./require-user";

export const ADMIN_REQUIRED = "Access Denied: You need admin privileges to access this page.";

/** Every /api/admin/* call goes through here: the session's user must be an admin (docs/product.md#admins). */
export function requireAdmin(req: Request): UserRecord {
  const user = requireUser(req);
  if (!user.isAdmin) throw new Forbidden(ADMIN_REQUIRED);
  return user;
}
