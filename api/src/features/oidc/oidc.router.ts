import { errorMessage } from "@loop/rules/error-codes";
import { paths } from "@loop/rules/paths";
import { Router, type Response } from "express";
import type { RouterDeps } from "../../deps";
import { findOrCreateByOidc } from "../auth/account.service";
import { signIn } from "../auth/sign-in";
import { setPendingLogin, takePendingLogin } from "./oidc-pending-cookie";
import { OidcSignIn } from "./oidc.service";
import { DomainError } from "../../domain-error";

function causeOf(error: DomainError): string {
  return error.cause instanceof Error ? error.cause.message : error.message;
}

export function oidcRouter(deps: RouterDeps): Router {
  const { config, logger } = deps;
  const secure = config.isProduction;
  const oidc = config.oidc ? new OidcSignIn(config.oidc, new URL("/api/auth/oidc/callback", config.appUrl).href) : null;
  const router = Router();

  // These are browser navigations: failures go to the web app's sign-in page, which shows
  // `error` and still offers the e-mail link form.
  const backToLogin = (res: Response, message: string) => res.redirect(302, `${paths.login()}?error=${encodeURIComponent(message)}`);

  // The menu's "Sign Up / Login".
  router.get("/login", async (_req, res) => {
    if (!oidc) return res.redirect(302, paths.login());
    try {
      const { url, pending } = await oidc.start();
      setPendingLogin(res, pending, secure);
      res.redirect(302, url.href);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      logger?.warn(`OIDC sign-in could not start: ${causeOf(error)}`);
      backToLogin(res, error.message);
    }
  });

  router.get("/auth/oidc/callback", async (req, res) => {
    const pending = takePendingLogin(req, res, secure);
    if (!oidc || !pending) return backToLogin(res, "This sign-in attempt has expired. Please try again.");
    try {
      const profile = await oidc.finish(new URL(req.originalUrl, config.appUrl).search, pending);
      const user = await findOrCreateByOidc(deps.prisma, profile);
      await signIn(deps, req, res, user.id);
      res.redirect(302, paths.root());
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      logger?.warn(`OIDC sign-in failed: ${causeOf(error)}`);
      backToLogin(res, error.status === 401 ? errorMessage("OIDC_FAILED") : error.message);
    }
  });

  return router;
}
