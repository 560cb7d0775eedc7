import { auditLogQuerySchema } from "@loop/rules/schemas/audit-log";
import { adminNotificationSchema } from "@loop/rules/schemas/notifications";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseBody, parseQuery } from "../../http/validate";
import { requireUser } from "../auth/require-user";
import { adminLevelOverview } from "./admin-levels.service";
import { sendAdminNotification } from "./admin-notifications.service";
import { listAuditLog } from "./audit-log.service";

// GET /api/admin/level-rewards, POST /api/admin/notifications, GET /api/admin/audit-log.
export function adminOverviewRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get("/level-rewards", async (_req, res) => {
    res.json(await adminLevelOverview(prisma));
  });
  router.post("/notifications", async (req, res) => {
    const admin = requireUser(req);
    const sent = await sendAdminNotification(prisma, admin.id, parseBody(req, adminNotificationSchema));
    if (sent.recipient === "all") deps.onBroadcastQueued?.();
    res.status(sent.recipient === "all" ? 202 : 201).json(sent);
  });
  router.get("/audit-log", async (req, res) => {
    res.json(await listAuditLog(prisma, parseQuery(req, auditLogQuerySchema)));
  });
  return router;
}
