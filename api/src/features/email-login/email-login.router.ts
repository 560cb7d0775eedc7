import { Router } from "express";
import type { EmailLinkSentResponse } from "@loop/rules/auth-api-types";
import { emailLoginSchema } from "@loop/rules/schemas/auth";
import { emailLinkVerifySchema } from "@loop/rules/schemas/email-link";
import type { AppDeps } from "../../deps";
import type { RateLimiters } from "../../http/rate-limit";
import { findOrCreateByEmail } from "../auth/account.service";
import { signIn } from "../auth/sign-in";
import { toCurrentUser } from "../users/user.view";
import { LINK_SENT_MESSAGE, consumeSignInToken, sendSignInLink, signInLinkAccount } from "./email-login.service";

export function emailLoginRouter(deps: AppDeps, limits: RateLimiters): Router {
  const router = Router();

  router.post("/auth/email", limits.emailLinkPerIp, limits.emailLinkPerAddress, async (req, res) => {
    const { email } = emailLoginSchema.parse(req.body);
    await sendSignInLink(deps, email);
    res.json({ message: LINK_SENT_MESSAGE } satisfies EmailLinkSentResponse);
  });

  // The confirm page asks first whose account the link signs into; it shares the verify budget.
  router.post("/auth/email/link", limits.emailVerifyPerIp, async (req, res) => {
    const { token } = emailLinkVerifySchema.parse(req.body);
    res.json(await signInLinkAccount(deps.prisma, token));
  });

  router.post("/auth/email/verify", limits.emailVerifyPerIp, async (req, res) => {
    const { token } = emailLinkVerifySchema.parse(req.body);
    const email = await consumeSignInToken(deps.prisma, token);
    const user = await findOrCreateByEmail(deps.prisma, email);
    await signIn(deps, req, res, user.id);
    res.json(toCurrentUser(user));
  });

  return router;
}
