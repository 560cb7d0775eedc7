import express, { type Express } from "express";
import type { AppDeps, RouterDeps, TestHooks } from "./deps";
import { authRouter } from "./features/auth/auth.router";
import { clientErrorsRouter } from "./features/client-errors/client-errors.router";
import { banMiddleware } from "./features/auth/ban.middleware";
import { requireAdmin } from "./features/auth/require-admin";
import { sessionMiddleware } from "./features/auth/session.middleware";
import { hotSessionViewer } from "./features/auth/session-cache";
import { downloadsRouter } from "./features/downloads/downloads.router";
import { clientConfigRouter } from "./features/client-config/client-config.router";
import { emailChangeRouter } from "./features/email-change/email-change.router";
import { emailLoginRouter } from "./features/email-login/email-login.router";
import { genresRouter } from "./features/genres/genres.router";
import { healthRouter } from "./features/health/health.router";
import { levelsRouter } from "./features/levels/levels.router";
import { catalogCache } from "./features/loops/catalog-cache";
import { loopsHotRoute, loopsRouter } from "./features/loops/loops.router";
import { oidcRouter } from "./features/oidc/oidc.router";
import { openApiRouter } from "./features/openapi/openapi.router";
import { pageMetaRouter, seoRouter, webPages } from "./features/page-meta/page-meta.router";
import { profileRouter } from "./features/profile/profile.router";
import { ratingsRouter } from "./features/ratings/ratings.router";
import { likesRouter } from "./features/likes/likes.router";
import { collectionsRouter } from "./features/collections/collections.router";
import { followsRouter } from "./features/follows/follows.router";
import { searchHotRoute, searchRouter } from "./features/search/search.router";
import { statsRouter } from "./features/stats/stats.router";
import { exchangeRouter } from "./features/exchange/exchange.router";
import { tokensRouter, transferHotPost } from "./features/tokens/tokens.router";
import { purchasesRouter } from "./features/purchases/purchases.router";
import { libraryRouter } from "./features/library/library.router";
import { usersRouter } from "./features/users/users.router";
import { licencesRouter } from "./features/licences/licences.router";
import { tokenOrdersRouter } from "./features/token-orders/token-orders.router";
import { adminRouter } from "./features/admin/admin.router";
import { platformSettingsRouter } from "./features/platform-settings/platform-settings.router";
import { adminWithdrawalsRouter } from "./features/withdrawals/admin-withdrawals.router";
import { adminDiscrepanciesRouter } from "./features/settlement/admin-discrepancies.router";
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
import { metricsRouter } from "./features/metrics/metrics.router";
import { apiNotFound, errorHandler } from "./http/errors";
import { originCheck } from "./http/origin-check";
import { createRateLimiters } from "./http/rate-limit";
import { staticWeb } from "./http/static-web";
import { jsonBodyAfterHotPosts, withHotRoutes } from "./http/hot-routes";
import { expressOnly, sharedRequestSteps } from "./http/shared-request-steps";
import { SESSION_COOKIE } from "./features/auth/session-cookie";
import { analyticsHotRoute, analyticsRouter } from "./features/analytics/analytics.router";

/** The API's JSON bodies: 100 kB, as Express's parser counts ("100kb"). */
const JSON_BODY_LIMIT_BYTES = 100 * 1024;

/** The app over `appDeps` (left unchanged); `testHooks` only from tests (deps.ts). */
export function createApp(appDeps: AppDeps, testHooks: TestHooks = {}): Express {
  const { config, prisma, logger } = appDeps;
  // Made once per app and shared by the routers that use them, on a copy of what was given.
  const deps: RouterDeps = {
    ...appDeps,
    paypal: PaypalCheckout.fromDeps(appDeps),
    cards: CardCheckout.fromDeps(appDeps),
    limits: createRateLimiters(config.rateLimits, prisma),
  };
  const app = express();
  app.disable("x-powered-by");
  // No ETag on the API's answers: they are all Cache-Control: no-store, so no browser or proxy
  // keeps one to revalidate, and Express would hash every body (a catalog page is ~20 kB) for
  // nothing. The previews' own ETags (loops.router.ts) and the web's files (static-web.ts) are set
  // by their handlers.
  app.set("etag", false);
  app.set("trust proxy", config.trustProxy);
  // Every middleware the hot routes' requests meet below is a shared step (the hot path applies it
  // too) or declared Express-only with its reason: http/shared-request-steps.ts, issue 38 §2.
  const steps = sharedRequestSteps(deps);
  app.use(steps.latency.middleware);
  // Whole answers of text (pages, JSON) compressed for clients that accept it (http/compression.ts).
  app.use(steps.compression.middleware);
  app.use(steps.securityHeaders.middleware);
  app.use(expressOnly("originCheck", originCheck(config.appUrl.origin)));

  app.use("/api/webhooks", webhooksRouter(deps));

  const noStore = steps.noStore.middleware;
  // The spec's PayPal calls live outside /api.
  app.use(
    "/paypal",
    express.json({ limit: JSON_BODY_LIMIT_BYTES }),
    noStore,
    sessionMiddleware(prisma, deps.logger),
    banMiddleware,
    paypalRouter(deps),
  );

  const api = express.Router();
  // Before the API's body parser: it parses its small body itself.
  api.use(clientErrorsRouter(deps));
  // Before the body parser, so its refusals (malformed JSON) are not kept either, as the hot POST's.
  api.use(noStore);
  // A hot POST's body (read before Express) is taken as read.
  api.use(expressOnly("jsonBody", jsonBodyAfterHotPosts(express.json({ limit: JSON_BODY_LIMIT_BYTES }))));
  api.use(healthRouter(deps));
  api.use(clientConfigRouter(deps));
  api.use(openApiRouter(deps));
  // The pages' heads and a loop's preview image: the same for everyone, so before the session.
  api.use(pageMetaRouter(deps));
  api.use(expressOnly("session", sessionMiddleware(prisma, deps.logger)));
  api.use(expressOnly("ban", banMiddleware));
  // Made now, so a wrong CATALOG_CACHE* setting stops the start, not a request. The writes that
  // change what it shows drop it themselves (catalogChanged, features/loops/catalog-cache.ts).
  catalogCache(prisma);

  // The busiest calls first (browsing, search, transfers): every router a request passes costs
  // its route matching (none of these paths belongs to the routers after them).
  api.use(loopsRouter(deps));
  api.use(searchRouter(deps));
  api.use(analyticsRouter(deps));
  api.use(tokensRouter(deps));
  api.use(authRouter(deps));
  api.use(emailLoginRouter(deps));
  api.use(oidcRouter(deps));
  api.use(walletRouter(deps));
  api.use(faucetRouter(deps));
  api.use(genresRouter(deps));
  api.use(ratingsRouter(deps));
  api.use(likesRouter(deps));
  api.use(collectionsRouter(deps));
  api.use(followsRouter(deps));
  api.use(downloadsRouter(deps));
  api.use(profileRouter(deps));
  api.use(emailChangeRouter(deps));
  api.use(statsRouter(deps));
  api.use(exchangeRouter(deps));
  api.use(withdrawalsRouter(deps));
  api.use(levelsRouter(deps));
  api.use(tokenOrdersRouter(deps));
  api.use(purchasesRouter(deps));
  api.use(paypalPurchasesRouter(deps));
  api.use(licencesRouter(deps));
  api.use(libraryRouter(deps));
  api.use(usersRouter(deps));
  api.use(cardsRouter(deps));
  api.use(paymentMethodsRouter(deps));
  api.use(negotiationsRouter(deps));
  api.use(notificationsRouter(deps));
  // Every admin route, behind one guard: signed out 401, not an admin 403 (docs/product.md#admins).
  const otherAdminRouters = {
    platformSettings: platformSettingsRouter(deps),
    withdrawals: adminWithdrawalsRouter(deps, testHooks),
    discrepancies: adminDiscrepanciesRouter(deps),
  };
  api.use("/admin", requireAdmin, adminRouter(deps, otherAdminRouters));
  api.use(apiNotFound);
  app.use(metricsRouter(deps));
  app.use("/api", api);

  // robots.txt and the sitemaps (also for `pnpm dev`, whose web server proxies them here).
  app.use(seoRouter(deps));
  // Each page of the app with its own head and status (features/page-meta).
  if (config.webDist) app.use(staticWeb(config.webDist, { logger, pages: webPages(deps), sessionCookie: SESSION_COOKIE }));

  const logError = (error: unknown) => (logger ? logger.error("request failed:", error) : console.error(error));
  app.use(errorHandler(logError));
  // The busiest reads are answered before Express with the same headers (http/hot-routes.ts).
  return withHotRoutes(app, [loopsHotRoute(deps), searchHotRoute(deps), analyticsHotRoute(deps)], {
    steps: steps.inOrder,
    sessionCookie: SESSION_COOKIE,
    viewerOf: hotSessionViewer(prisma, deps.logger),
    posts: { routes: [transferHotPost(deps)], appOrigin: config.appUrl.origin, bodyLimitBytes: JSON_BODY_LIMIT_BYTES, logError },
  });
}
