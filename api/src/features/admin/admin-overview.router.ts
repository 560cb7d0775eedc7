import { Router } from "express";
import type { AppDeps } from "../../deps";
import { requireAdmin } from "../auth/require-admin";
import { adminLevelOverview } from "./admin-levels.service";
import { sendAdminNotification } from "./admin-notifications.service";
import { listAuditLog } from "./audit-log.service";

// GET /api/admin/level-rewards, POST /api/admin/notifications, GET /api/admin/audit-log.
export function adminOverviewRouter(deps: AppDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get("/admin/level-rewards", async (req, res) => {
    requireAdmin(req);
    res.json(await adminLevelOverview(prisma));
  });
  router.post("/admin/notifications", async (req, res) => {
    const admin = requireAdmin(req);
    const sent = await sendAdminNotification(prisma, admin.id, req.body);
    if (sent.recipient === "all") deps.onBroadcastQueued?.();
    res.status(sent.recipient === "all" ? 202 : 201).json(sent);
  });
  router.get("/admin/audit-log", async (req, res) => {
    requireAdmin(req);
    res.json(await listAuditLog(prisma, req.query));
  });
  return router;
}
