import { Router } from "express";
import type { AppDeps } from "../../deps";
import { search } from "./search.service";

export function searchRouter(deps: AppDeps): Router {
  const router = Router();
  router.get("/search", async (req, res) => {
    res.json(await search(deps.prisma, req.query));
  });
  return router;
}
