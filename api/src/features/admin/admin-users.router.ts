import { Router } from "express";
import type { AppDeps } from "../../deps";
import { requireAdmin } from "../auth/require-admin";
import { listAdminUsers, setAdminStatus, setBanStatus, warnUser } from "./admin-users.service";

// GET /api/admin/users, PUT /api/admin/users/:id/admin, PUT /api/admin/users/:id/ban, POST /api/admin/users/:id/warning.
export function adminUsersRouter(deps: AppDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get("/admin/users", async (req, res) => {
    requireAdmin(req);
    res.json(await listAdminUsers(prisma, req.query));
  });
  router.put("/admin/users/:id/admin", async (req, res) => {
    const admin = requireAdmin(req);
    res.json(await setAdminStatus(prisma, admin.id, req.params.id, req.body));
  });
  router.put("/admin/users/:id/ban", async (req, res) => {
    const admin = requireAdmin(req);
    res.json(await setBanStatus(prisma, admin.id, req.params.id, req.body));
  });
  router.post("/admin/users/:id/warning", async (req, res) => {
    const admin = requireAdmin(req);
    res.status(201).json(await warnUser(prisma, admin.id, req.params.id, req.body));
  });
  return router;
}
