import { loopModerationRequestSchema, loopVisibilityRequestSchema } from "@loop/rules/schemas/admin-loops";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { adminAction, adminList } from "./admin-action";
import { listAdminLoops, moderateLoop, setLoopVisibility } from "./admin-loops.service";

// GET /api/admin/loops, PUT /api/admin/loops/:id/visibility, PUT /api/admin/loops/:id/moderation.
export function adminLoopsRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get("/loops", adminList(prisma, listAdminLoops));
  router.put("/loops/:id/visibility", adminAction(prisma, loopVisibilityRequestSchema, setLoopVisibility));
  router.put("/loops/:id/moderation", adminAction(prisma, loopModerationRequestSchema, moderateLoop));
  return router;
}
