import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { adminAnalyticsRouter } from "./admin-analytics.router";
import { adminLoopsRouter } from "./admin-loops.router";
import { adminOrdersRouter } from "./admin-orders.router";
import { adminOverviewRouter } from "./admin-overview.router";
import { adminStatsRouter } from "./admin-stats.router";
import { adminUsersRouter } from "./admin-users.router";
import { vaultRouter } from "./vault.router";
import { platformSettingsRouter } from "../platform-settings/platform-settings.router";
import { adminWithdrawalsRouter } from "../withdrawals/admin-withdrawals.router";
import { adminDiscrepanciesRouter } from "../settlement/admin-discrepancies.router";

// The admin API, mounted at /api/admin behind requireAdmin (app.ts; docs/product.md#admins), so
// its paths are relative to /api/admin: token orders, the vault, the dashboard figures and charts
// (analytics), users, loops, level rewards, notifications, the audit log, the settings
// (../platform-settings), the withdrawal queue (../withdrawals) and the settlement discrepancies
// (../settlement).
export function adminRouter(deps: RouterDeps): Router {
  const router = Router();
  router.use(adminOrdersRouter(deps));
  router.use(vaultRouter(deps));
  router.use(platformSettingsRouter(deps));
  router.use(adminStatsRouter(deps));
  router.use(adminAnalyticsRouter(deps));
  router.use(adminUsersRouter(deps));
  router.use(adminLoopsRouter(deps));
  router.use(adminOverviewRouter(deps));
  router.use(adminWithdrawalsRouter(deps));
  router.use(adminDiscrepanciesRouter(deps));
  return router;
}
