import { rateLoopSchema } from "@loop/rules/schemas/ratings";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseBody } from "../../http/validate";
import { memberJson } from "../auth/require-user";
import { visibleLoop } from "../loops/catalog.service";
import { rateLoop } from "./ratings.service";

export function ratingsRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.post(
    "/loops/:id/ratings",
    memberJson<{ id: string }>(async (user, req) => {
      // A loop the rater cannot see is 404 whatever the body says.
      const loop = await visibleLoop(prisma, req.params.id, user.id);
      return rateLoop(prisma, loop, user.id, parseBody(req, rateLoopSchema));
    }),
  );
  return router;
}
