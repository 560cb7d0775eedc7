import { Router } from "express";
import type { AppDeps } from "../../deps";
import { searchJson } from "./search.service";

export function searchRouter(deps: AppDeps): Router {
  const router = Router();
  router.get("/search", async (req, res) => {
    // The database writes the response's JSON; it is sent as it is.
    res.type("json").send(await searchJson(deps.prisma, req.query));
  });
  return router;
}
