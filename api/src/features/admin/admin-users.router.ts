import { adminListQuerySchema, banRequestSchema, setAdminRequestSchema, warningRequestSchema } from "@loop/rules/schemas/admin-users";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseQuery } from "../../http/validate";
import { adminAction } from "./admin-action";
import { listAdminUsers, setAdminStatus, setBanStatus, warnUser } from "./admin-users.service";

// GET /api/admin/users, PUT /api/admin/users/:id/admin, PUT /api/admin/users/:id/ban, POST /api/admin/users/:id/warning.
export function adminUsersRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get("/users", async (req, res) => {
    res.json(await listAdminUsers(prisma, parseQuery(req, adminListQuerySchema)));
  });
  router.put("/users/:id/admin", adminAction(prisma, setAdminRequestSchema, setAdminStatus));
  router.put("/users/:id/ban", adminAction(prisma, banRequestSchema, setBanStatus));
  router.post("/users/:id/warning", adminAction(prisma, warningRequestSchema, warnUser, 201));
  return router;
}
