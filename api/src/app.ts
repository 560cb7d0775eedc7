import express, { type Express } from "express";
import type { AppDeps } from "./deps";
import { authRouter } from "./features/auth/auth.router";
import { banMiddleware } from "./features/auth/ban.middleware";
import { sessionMiddleware } from "./features/auth/session.middleware";
import { downloadsRouter } from "./features/downloads/downloads.router";
import { clientConfigRouter } from "./features/client-config/client-config.router";
import { emailChangeRouter } from "./features/email-change/email-change.router";
import { emailLoginRouter } from "./features/email-login/email-login.router";
import { genresRouter } from "./features/genres/genres.router";
import { healthRouter } from "./features/health/health.router";
import { levelsRouter } from "./features/levels/levels.router";
import { catalogCache, catalogWritesMiddleware } from "./features/loops/catalog-cache";
import { loopsRouter } from "./features/loops/loops.router";
import { oidcRouter } from "./features/oidc/oidc.router";
import { openApiRouter } from "./features/openapi/openapi.router";
import { profileRouter } from "./features/profile/profile.router";
import { ratingsRouter } from "./features/ratings/ratings.router";
import { searchRouter } from "./features/search/search.router";
import { statsRouter } from "./features/stats/stats.router";
import { tokensRouter } from "./features/tokens/tokens.router";
import { purchasesRouter } from "./features/purchases/purchases.router";
import { tokenOrdersRouter } from "./features/token-orders/token-orders.router";
import { adminRouter } from "./features/admin/admin.router";
import { walletRouter } from "./features/wallet/wallet.router";
import { faucetRouter } from "./features/faucet/faucet.router";
import { withdrawalsRouter } from "./features/withdrawals/withdrawals.router";
import { CardCheckout } from "./features/cards/card-checkout.service";
import { cardsRouter } from "./features/cards/cards.router";
import { webhooksRouter } from "./features/checkout/webhooks.router";
import { negotiationsRouter } from "./features/negotiations/negotiations.router";
import { notificationsRouter } from "./features/notifications/notifications.router";
import { paymentMethodsRouter } from "./features/payment-methods/payment-methods.router";
import { PaypalCheckout } from "./features/paypal/paypal.service";
import { paypalPurchasesRouter, paypalRouter } from "./features/paypal/paypal.router";
import { apiNotFound, errorHandler } from "./http/errors";
import { originCheck } from "./http/origin-check";
import { createRateLimiters } from "./http/rate-limit";
import { securityHeaders } from "./http/security-headers";
import { staticWeb } from "./http/static-web";

export function createApp(deps: AppDeps): Express {
  const { config, prisma, logger } = deps;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  app.use(securityHeaders(config));
  app.use(originCheck(config.appUrl.origin));

  const paypal = PaypalCheckout.fromDeps(deps);
  const cards = CardCheckout.fromDeps(deps);
  app.use("/api/webhooks", webhooksRouter(paypal, cards));

  const noStore: express.RequestHandler = (_req, res, next) => {
    // Answers depend on the session cookie: no shared cache may keep them.
    res.set("Cache-Control", "no-store");
    next();
  };
  // The spec's PayPal calls live outside /api.
  app.use("/paypal", express.json({ limit: "100kb" }), noStore, sessionMiddleware(prisma), banMiddleware, paypalRouter(paypal));

  const api = express.Router();
  api.use(express.json({ limit: "100kb" }));
  api.use(noStore);
  api.use(healthRouter(deps));
  api.use(clientConfigRouter(config, prisma));
  api.use(openApiRouter(config));
  api.use(sessionMiddleware(prisma));
  api.use(banMiddleware);
  // Made now, so a wrong CATALOG_CACHE* setting stops the start, not a request.
  catalogCache(prisma);
  api.use(catalogWritesMiddleware(prisma));

  const limits = createRateLimiters(config.rateLimits);
  // The busiest calls first (browsing, search, transfers): every router a request passes costs
  // its route matching (none of these paths belongs to the routers after them).
  api.use(loopsRouter(deps));
  api.use(searchRouter(deps));
  api.use(tokensRouter(deps));
  api.use(authRouter(deps, limits));
  api.use(emailLoginRouter(deps, limits));
  api.use(oidcRouter(deps));
  api.use(walletRouter(deps, limits));
  api.use(faucetRouter(deps));
  api.use(genresRouter(prisma));
  api.use(ratingsRouter(deps));
  api.use(downloadsRouter(deps));
  api.use(profileRouter(prisma));
  api.use(emailChangeRouter(deps, limits));
  api.use(statsRouter(prisma));
  api.use(withdrawalsRouter(deps));
  api.use(levelsRouter(prisma));
  api.use(tokenOrdersRouter(deps));
  api.use(purchasesRouter(deps, cards));
  api.use(paypalPurchasesRouter(paypal));
  api.use(cardsRouter(cards));
  api.use(paymentMethodsRouter(prisma, cards));
  api.use(negotiationsRouter(deps));
  api.use(notificationsRouter(deps));
  api.use(adminRouter(deps));
  api.use(apiNotFound);
  app.use("/api", api);

  if (config.webDist) app.use(staticWeb(config.webDist, logger));

  app.use(errorHandler((error) => (logger ? logger.error("request failed:", error) : console.error(error))));
  return app;
}
