import { Router } from "express";
import type { AppDeps } from "../../deps";
import { requireUser } from "../auth/require-user";
import { rateLoop } from "./ratings.service";

export function ratingsRouter(deps: AppDeps): Router {
  const router = Router();
  router.post("/loops/:id/ratings", async (req, res) => {
    const user = requireUser(req);
    res.json(await rateLoop(deps.prisma, req.params.id, user.id, req.body));
  });
  return router;
}
