import { Router } from "express";
import type { EmailLinkSentResponse } from "@loop/rules/auth-api-types";
import { emailLoginSchema } from "@loop/rules/schemas/auth";
import { emailLinkVerifySchema } from "@loop/rules/schemas/email-link";
import type { RouterDeps } from "../../deps";
import { parseBody } from "../../http/validate";
import { findOrCreateByEmail } from "../auth/account.service";
import { signIn } from "../auth/sign-in";
import { toCurrentUser } from "../users/user.view";
import { LINK_SENT_MESSAGE, consumeSignInToken, sendSignInLink, signInLinkAccount } from "./email-login.service";

export function emailLoginRouter(deps: RouterDeps): Router {
  const { limits } = deps;
  const router = Router();

  router.post("/auth/email", limits.emailLinkPerIp, limits.emailLinkPerAddress, async (req, res) => {
    const { email } = parseBody(req, emailLoginSchema);
    await sendSignInLink(deps, email);
    res.json({ message: LINK_SENT_MESSAGE } satisfies EmailLinkSentResponse);
  });

  // The confirm page asks first whose account the link signs into; it shares the verify budget.
  router.post("/auth/email/link", limits.emailVerifyPerIp, async (req, res) => {
    const { token } = parseBody(req, emailLinkVerifySchema);
    res.json(await signInLinkAccount(deps.prisma, token));
  });

  router.post("/auth/email/verify", limits.emailVerifyPerIp, async (req, res) => {
    const { token } = parseBody(req, emailLinkVerifySchema);
    const email = await consumeSignInToken(deps.prisma, token);
    const user = await findOrCreateByEmail(deps.prisma, email);
    await signIn(deps, req, res, user.id);
    res.json(toCurrentUser(user));
  });

  return router;
}
