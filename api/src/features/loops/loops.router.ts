import { Router } from "express";
import type { AppDeps } from "../../deps";
import { requireUser } from "../auth/require-user";
import { ownLoop, uploadLoop } from "./loops.service";

export function loopsRouter(deps: AppDeps): Router {
  const { prisma, storage } = deps;
  const router = Router();
  router.post("/loops/upload", async (req, res) => {
    try {
      const user = requireUser(req);
      const loop = await uploadLoop(prisma, storage, req, user.id);
      deps.onLoopQueued?.();
      res.status(201).json(loop);
    } catch (error) {
      // The rest of a refused body is not read: the connection is not reused.
      if (!req.complete) res.set("Connection", "close");
      throw error;
    }
  });
  router.get("/loops/:id/status", async (req, res) => {
    const user = requireUser(req);
    res.json(await ownLoop(prisma, req.params.id, user.id));
  });
  return router;
}
