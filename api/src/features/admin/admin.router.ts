import { Router } from "express";
import type { AppDeps } from "../../deps";
import { adminLoopsRouter } from "./admin-loops.router";
import { adminOrdersRouter } from "./admin-orders.router";
import { adminOverviewRouter } from "./admin-overview.router";
import { adminStatsRouter } from "./admin-stats.router";
import { adminUsersRouter } from "./admin-users.router";
import { vaultRouter } from "./vault.router";
import { platformSettingsRouter } from "../platform-settings/platform-settings.router";

// The admin API: token orders, the vault, the dashboard figures, users, loops, level rewards,
// notifications and the audit log (settings: ../platform-settings). Every route calls requireAdmin
// (docs/product.md#admins).
export function adminRouter(deps: AppDeps): Router {
  const router = Router();
  router.use(adminOrdersRouter(deps));
  router.use(vaultRouter(deps));
  router.use(platformSettingsRouter(deps));
  router.use(adminStatsRouter(deps));
  router.use(adminUsersRouter(deps));
  router.use(adminLoopsRouter(deps));
  router.use(adminOverviewRouter(deps));
  return router;
}
