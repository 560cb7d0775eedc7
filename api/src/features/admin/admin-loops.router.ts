import { Router } from "express";
import type { AppDeps } from "../../deps";
import { requireAdmin } from "../auth/require-admin";
import { listAdminLoops, moderateLoop, setLoopVisibility } from "./admin-loops.service";

// GET /api/admin/loops, PUT /api/admin/loops/:id/visibility, PUT /api/admin/loops/:id/moderation.
export function adminLoopsRouter(deps: AppDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get("/admin/loops", async (req, res) => {
    requireAdmin(req);
    res.json(await listAdminLoops(prisma, req.query));
  });
  router.put("/admin/loops/:id/visibility", async (req, res) => {
    const admin = requireAdmin(req);
    res.json(await setLoopVisibility(prisma, admin.id, req.params.id, req.body));
  });
  router.put("/admin/loops/:id/moderation", async (req, res) => {
    const admin = requireAdmin(req);
    res.json(await moderateLoop(prisma, admin.id, req.params.id, req.body));
  });
  return router;
}
