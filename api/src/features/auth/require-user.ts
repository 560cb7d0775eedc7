import type { Request } from "express";
import { Unauthorized } from "../../http/errors";
import type { UserRecord } from "../users/user.view";

export function requireUser(req: Request): UserRecord {
  if (!req.auth) throw new Unauthorized();
  return req.auth.user;
}
