import { Router } from "express";
import type { PrismaClient } from "../../db/prisma";
import { listGenres } from "./genres.service";

export function genresRouter(prisma: PrismaClient): Router {
  const router = Router();
  router.get("/genres", async (_req, res) => {
    res.json(await listGenres(prisma));
  });
  return router;
}
