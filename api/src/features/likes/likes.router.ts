import { likedLoopsQuerySchema } from "@loop/rules/schemas/likes";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseQuery } from "../../http/validate";
import { memberJson } from "../auth/require-user";
import { visibleLoop } from "../loops/catalog.service";
import { likedLoops, likeLoop, unlikeLoop } from "./likes.service";

export function likesRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  // A loop the member cannot see is 404 'Loop Not Found', liked or not.
  const liking = (change: typeof likeLoop) =>
    memberJson<{ id: string }>(async (user, req) => {
      const loop = await visibleLoop(prisma, req.params.id, user.id);
      return change(prisma, loop.id, user.id);
    });
  router.post("/loops/:id/like", liking(likeLoop));
  router.delete("/loops/:id/like", liking(unlikeLoop));
  router.get(
    "/likes",
    memberJson((user, req) => likedLoops(prisma, user.id, parseQuery(req, likedLoopsQuerySchema))),
  );
  return router;
}
