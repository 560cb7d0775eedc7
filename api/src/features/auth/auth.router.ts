import { Router } from "express";
import type { NonceResponse } from "@loop/rules/auth-api-types";
import { web3LoginSchema } from "@loop/rules/schemas/auth";
import type { AppDeps } from "../../deps";
import type { RateLimiters } from "../../http/rate-limit";
import { toCurrentUser } from "../users/user.view";
import { findOrCreateByWallet } from "./account.service";
import { requireUser } from "./require-user";
import { deleteSession } from "./session.service";
import { clearSessionCookie, readSessionToken } from "./session-cookie";
import { signIn } from "./sign-in";
import { issueNonce, verifySignedMessage } from "./siwe.service";

export function authRouter(deps: AppDeps, limits: RateLimiters): Router {
  const { prisma, config } = deps;
  const router = Router();

  router.get("/auth/user", (req, res) => {
    res.json(toCurrentUser(requireUser(req)));
  });

  // A full-page navigation (the menu's Logout link), hence GET and a redirect.
  router.get("/logout", async (req, res) => {
    const token = readSessionToken(req);
    if (token) await deleteSession(prisma, token);
    clearSessionCookie(res, config.isProduction);
    res.redirect(302, "/");
  });

  router.get("/auth/nonce", limits.walletSignIn, async (_req, res) => {
    res.set("Cache-Control", "no-store");
    res.json({ nonce: await issueNonce(prisma, config.nonceTtlMs) } satisfies NonceResponse);
  });

  router.post("/auth/web3", limits.walletSignIn, async (req, res) => {
    const body = web3LoginSchema.parse(req.body);
    const wallet = await verifySignedMessage(deps, body);
    const user = await findOrCreateByWallet(prisma, wallet.address, wallet.chainId);
    await signIn(deps, req, res, user.id);
    res.json(toCurrentUser(user));
  });

  return router;
}
