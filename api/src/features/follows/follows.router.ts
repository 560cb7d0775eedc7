import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { requireUser } from "../auth/require-user";
import { setFollow } from "./follows.service";

export function followsRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.post("/users/:id/follow", async (req, res) => {
    const user = requireUser(req);
    res.json(await setFollow(prisma, user.id, req.params.id, true));
  });
  router.delete("/users/:id/follow", async (req, res) => {
    const user = requireUser(req);
    res.json(await setFollow(prisma, user.id, req.params.id, false));
  });
  return router;
}
