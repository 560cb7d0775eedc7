import { emailChangeRequestSchema, emailChangeTokenSchema, type EmailChangeSent } from "@loop/rules/schemas/email-change";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseBody } from "../../http/validate";
import { requireUser } from "../auth/require-user";
import { toCurrentUser } from "../users/user.view";
import { confirmEmailChange, emailChangeLink, requestEmailChange } from "./email-change.service";

// POST /api/profile/email (after a recent sign-in or a fresh wallet signature, mail a confirmation
// link to the new address), /link (what the link does), /confirm (use it). They share the sign-in
// links' rate limits: per IP and per address for mailing, per IP for using.
export function emailChangeRouter(deps: RouterDeps): Router {
  const { limits } = deps;
  const router = Router();

  router.post("/profile/email", limits.emailLinkPerIp, limits.emailLinkPerAddress, async (req, res) => {
    requireUser(req);
    const body = parseBody(req, emailChangeRequestSchema);
    const message = await requestEmailChange(deps, req.auth!, body);
    res.status(202).json({ message } satisfies EmailChangeSent);
  });

  router.post("/profile/email/link", limits.emailVerifyPerIp, async (req, res) => {
    const { token } = parseBody(req, emailChangeTokenSchema);
    res.json(await emailChangeLink(deps.prisma, token));
  });

  router.post("/profile/email/confirm", limits.emailVerifyPerIp, async (req, res) => {
    const user = requireUser(req);
    const { token } = parseBody(req, emailChangeTokenSchema);
    res.json(toCurrentUser(await confirmEmailChange(deps, user.id, token)));
  });

  return router;
}
