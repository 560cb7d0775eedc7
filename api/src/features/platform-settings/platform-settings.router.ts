import { platformSettingsUpdateSchema } from "@loop/rules/schemas/platform-settings";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseBody } from "../../http/validate";
import { requireUser } from "../auth/require-user";
import { getPlatformSettings, updatePlatformSettings } from "./platform-settings.service";

// GET/PUT /api/admin/settings (mounted under /api/admin, admins only): the platform settings, and a partial change of them.
export function platformSettingsRouter(deps: RouterDeps): Router {
  const router = Router();
  router.get("/settings", async (_req, res) => {
    res.json(await getPlatformSettings(deps));
  });
  router.put("/settings", async (req, res) => {
    const admin = requireUser(req);
    res.json(await updatePlatformSettings(deps, admin.id, parseBody(req, platformSettingsUpdateSchema)));
  });
  return router;
}
