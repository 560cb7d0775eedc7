import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { adminAnalyticsRouter } from "./admin-analytics.router";
import { adminLoopsRouter } from "./admin-loops.router";
import { adminOrdersRouter } from "./admin-orders.router";
import { adminOverviewRouter } from "./admin-overview.router";
import { adminStatsRouter } from "./admin-stats.router";
import { adminUsersRouter } from "./admin-users.router";
import { vaultRouter } from "./vault.router";

/**
 * The admin routes of other features, which app.ts makes and passes in (a feature imports another
 * only through its public modules): the settings (platform-settings), the withdrawal queue
 * (withdrawals) and the settlement discrepancies (settlement).
 */
export interface OtherAdminRouters {
  platformSettings: Router;
  withdrawals: Router;
  discrepancies: Router;
}

// The admin API, mounted at /api/admin behind requireAdmin (app.ts; docs/product.md#admins), so
// its paths are relative to /api/admin: token orders, the vault, the dashboard figures and charts
// (analytics), users, loops, level rewards, notifications, the audit log, and the other features'
// admin routes (`OtherAdminRouters`).
export function adminRouter(deps: RouterDeps, others: OtherAdminRouters): Router {
  const router = Router();
  router.use(adminOrdersRouter(deps));
  router.use(vaultRouter(deps));
  router.use(others.platformSettings);
  router.use(adminStatsRouter(deps));
  router.use(adminAnalyticsRouter(deps));
  router.use(adminUsersRouter(deps));
  router.use(adminLoopsRouter(deps));
  router.use(adminOverviewRouter(deps));
  router.use(others.withdrawals);
  router.use(others.discrepancies);
  return router;
}
