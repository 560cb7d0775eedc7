import { Router } from "express";
import type { NonceResponse } from "@loop/rules/auth-api-types";
import { web3LoginSchema } from "@loop/rules/schemas/auth";
import type { RouterDeps } from "../../deps";
import { parseBody } from "../../http/validate";
import { toCurrentUser } from "../users/user.view";
import { findOrCreateByWallet } from "./account.service";
import { logoutPage } from "./logout-page";
import { requireUser } from "./require-user";
import { deleteSession } from "./session.service";
import { clearSessionCookie, readSessionToken } from "./session-cookie";
import { signIn } from "./sign-in";
import { issueNonce, verifySignedMessage } from "./siwe.service";

export function authRouter(deps: RouterDeps): Router {
  const { prisma, config, limits } = deps;
  const router = Router();

  router.get("/auth/user", (req, res) => {
    res.json(toCurrentUser(requireUser(req)));
  });

  // The spec's full-page navigation. A GET must not sign out (any site could link it): signed in,
  // it answers a page whose button POSTs; signed out, there is nothing to do.
  router.get("/logout", (req, res) => {
    const user = req.auth?.user;
    if (!user) return res.redirect(302, "/");
    res.type("html").send(logoutPage(user.username));
  });

  // Behind the Origin check (http/origin-check.ts). The app's fetch gets 204; the logout page's
  // form (a navigation, which asks for HTML) is sent home.
  router.post("/logout", async (req, res) => {
    const token = readSessionToken(req);
    if (token) await deleteSession(prisma, token);
    clearSessionCookie(res, config.isProduction);
    if (req.accepts(["json", "html"]) === "html") return res.redirect(303, "/");
    res.status(204).end();
  });

  router.get("/auth/nonce", limits.walletSignIn, async (_req, res) => {
    res.set("Cache-Control", "no-store");
    res.json({ nonce: await issueNonce(prisma, config.nonceTtlMs) } satisfies NonceResponse);
  });

  router.post("/auth/web3", limits.walletSignIn, async (req, res) => {
    const body = parseBody(req, web3LoginSchema);
    const wallet = await verifySignedMessage(deps, body);
    const user = await findOrCreateByWallet(prisma, wallet.address, wallet.chainId);
    await signIn(deps, req, res, user.id);
    res.json(toCurrentUser(user));
  });

  return router;
}
