import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { exchangeMarkets } from "./exchange.service";

/** GET /api/exchange: the exchange cards' figures from the indexed pools (public). */
export function exchangeRouter(deps: RouterDeps): Router {
  const router = Router();
  router.get("/exchange", async (_req, res) => {
    res.json(await exchangeMarkets(deps));
  });
  return router;
}
