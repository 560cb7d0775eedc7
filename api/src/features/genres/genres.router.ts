import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { listGenres } from "./genres.service";

export function genresRouter(deps: RouterDeps): Router {
  const router = Router();
  router.get("/genres", async (_req, res) => {
    res.json(await listGenres(deps.prisma));
  });
  return router;
}
