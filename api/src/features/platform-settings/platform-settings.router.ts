import { Router } from "express";
import type { AppDeps } from "../../deps";
import { requireAdmin } from "../auth/require-admin";
import { getPlatformSettings, updatePlatformSettings } from "./platform-settings.service";

// GET/PUT /api/admin/settings (admins only): the platform settings, and a partial change of them.
export function platformSettingsRouter(deps: AppDeps): Router {
  const router = Router();
  router.get("/admin/settings", async (req, res) => {
    requireAdmin(req);
    res.json(await getPlatformSettings(deps));
  });
  router.put("/admin/settings", async (req, res) => {
    const admin = requireAdmin(req);
    res.json(await updatePlatformSettings(deps, admin.id, req.body));
  });
  return router;
}
