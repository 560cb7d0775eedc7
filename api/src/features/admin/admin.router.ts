import { Router } from "express";
import type { AppDeps } from "../../deps";
import { adminOrdersRouter } from "./admin-orders.router";
import { adminStatsRouter } from "./admin-stats.router";
import { vaultRouter } from "./vault.router";

// The admin API of this feature: token orders, the vault and the dashboard figures. Every route
// calls requireAdmin (DESIGN §7).
export function adminRouter(deps: AppDeps): Router {
  const router = Router();
  router.use(adminOrdersRouter(deps));
  router.use(vaultRouter(deps));
  router.use(adminStatsRouter(deps));
  return router;
}
