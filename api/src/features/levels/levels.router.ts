import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { memberJson } from "../auth/require-user";
import { levelRewards, userLevel } from "./levels.service";

export function levelsRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get(
    "/user/level",
    memberJson((user) => userLevel(prisma, user)),
  );
  router.get(
    "/user/level-rewards",
    memberJson((user) => levelRewards(prisma, user.id)),
  );
  return router;
}
