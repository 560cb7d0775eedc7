import { adminListQuerySchema, banRequestSchema, setAdminRequestSchema, warningRequestSchema } from "@loop/rules/schemas/admin-users";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseBody, parseQuery } from "../../http/validate";
import { requireUser } from "../auth/require-user";
import { listAdminUsers, setAdminStatus, setBanStatus, warnUser } from "./admin-users.service";

// GET /api/admin/users, PUT /api/admin/users/:id/admin, PUT /api/admin/users/:id/ban, POST /api/admin/users/:id/warning.
export function adminUsersRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get("/users", async (req, res) => {
    res.json(await listAdminUsers(prisma, parseQuery(req, adminListQuerySchema)));
  });
  router.put("/users/:id/admin", async (req, res) => {
    const admin = requireUser(req);
    res.json(await setAdminStatus(prisma, admin.id, req.params.id, parseBody(req, setAdminRequestSchema)));
  });
  router.put("/users/:id/ban", async (req, res) => {
    const admin = requireUser(req);
    res.json(await setBanStatus(prisma, admin.id, req.params.id, parseBody(req, banRequestSchema)));
  });
  router.post("/users/:id/warning", async (req, res) => {
    const admin = requireUser(req);
    res.status(201).json(await warnUser(prisma, admin.id, req.params.id, parseBody(req, warningRequestSchema)));
  });
  return router;
}
