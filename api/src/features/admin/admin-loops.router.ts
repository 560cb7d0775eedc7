import { adminListQuerySchema } from "@loop/rules/schemas/admin-users";
import { loopModerationRequestSchema, loopVisibilityRequestSchema } from "@loop/rules/schemas/admin-loops";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseBody, parseQuery } from "../../http/validate";
import { requireUser } from "../auth/require-user";
import { listAdminLoops, moderateLoop, setLoopVisibility } from "./admin-loops.service";

// GET /api/admin/loops, PUT /api/admin/loops/:id/visibility, PUT /api/admin/loops/:id/moderation.
export function adminLoopsRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get("/loops", async (req, res) => {
    res.json(await listAdminLoops(prisma, parseQuery(req, adminListQuerySchema)));
  });
  router.put("/loops/:id/visibility", async (req, res) => {
    const admin = requireUser(req);
    res.json(await setLoopVisibility(prisma, admin.id, req.params.id, parseBody(req, loopVisibilityRequestSchema)));
  });
  router.put("/loops/:id/moderation", async (req, res) => {
    const admin = requireUser(req);
    res.json(await moderateLoop(prisma, admin.id, req.params.id, parseBody(req, loopModerationRequestSchema)));
  });
  return router;
}
