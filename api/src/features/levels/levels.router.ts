import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { requireUser } from "../auth/require-user";
import { levelRewards, userLevel } from "./levels.service";

export function levelsRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get("/user/level", async (req, res) => {
    const user = requireUser(req);
    res.json(await userLevel(prisma, user));
  });
  router.get("/user/level-rewards", async (req, res) => {
    const user = requireUser(req);
    res.json(await levelRewards(prisma, user.id));
  });
  return router;
}
