import { likedLoopsQuerySchema } from "@loop/rules/schemas/likes";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseQuery } from "../../http/validate";
import { requireUser } from "../auth/require-user";
import { visibleLoop } from "../loops/catalog.service";
import { likedLoops, likeLoop, unlikeLoop } from "./likes.service";

export function likesRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  // A loop the member cannot see is 404 'Loop Not Found', liked or not.
  router.post("/loops/:id/like", async (req, res) => {
    const user = requireUser(req);
    const loop = await visibleLoop(prisma, req.params.id, user.id);
    res.json(await likeLoop(prisma, loop.id, user.id));
  });
  router.delete("/loops/:id/like", async (req, res) => {
    const user = requireUser(req);
    const loop = await visibleLoop(prisma, req.params.id, user.id);
    res.json(await unlikeLoop(prisma, loop.id, user.id));
  });
  router.get("/likes", async (req, res) => {
    const user = requireUser(req);
    res.json(await likedLoops(prisma, user.id, parseQuery(req, likedLoopsQuerySchema)));
  });
  return router;
}
