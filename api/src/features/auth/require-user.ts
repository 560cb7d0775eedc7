import type { Request, RequestHandler } from "express";
import type { UserRecord } from "../users/user.view";
import { DomainError } from "../../domain-error";

export function requireUser(req: Pick<Request, "auth">): UserRecord {
  if (!req.auth) throw new DomainError("UNAUTHORIZED");
  return req.auth.user;
}

/**
 * A signed-in member's route answering JSON: 401 `UNAUTHORIZED` signed out, else the body `answer`
 * gives for the member (and the request: its params, body and query).
 */
export function memberJson<P = Request["params"]>(answer: (user: UserRecord, req: Request<P>) => Promise<unknown>): RequestHandler<P> {
  return async (req, res) => {
    const user = requireUser(req);
    res.json(await answer(user, req));
  };
}
