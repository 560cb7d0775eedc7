import type { Request } from "express";
import type { UserRecord } from "../users/user.view";
import { DomainError } from "../../domain-error";

export function requireUser(req: Request): UserRecord {
  if (!req.auth) throw new DomainError("UNAUTHORIZED");
  return req.auth.user;
}
