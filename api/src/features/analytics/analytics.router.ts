// Creator analytics (issue 23, docs/decisions.md "Issue 23 — creator analytics (API)"): the play
// reports of the web player, and the creator's own figures and sales CSV.
import { Router } from "express";
import { analyticsQuerySchema, type PlayResult } from "@loop/rules/schemas/analytics";
import type { RouterDeps } from "../../deps";
import type { HotRoute } from "../../http/hot-routes";
import { parse, parseQuery } from "../../http/validate";
import { requireUser } from "../auth/require-user";
import { creatorAnalytics, rangeStart } from "./analytics.service";
import { recordPlay, sweepPlays } from "./plays.service";
import { streamSalesCsv } from "./sales-csv";

/** GET /api/analytics/creator for a signed-in member, answered before Express (http/hot-routes.ts); a visitor's goes to Express (401). */
export function analyticsHotRoute(deps: Pick<RouterDeps, "prisma">): HotRoute {
  return {
    path: "/api/analytics/creator",
    answerSignedIn: async (query, viewerId) =>
      JSON.stringify(await creatorAnalytics(deps.prisma, viewerId, parse(analyticsQuerySchema, query).range)),
  };
}

export function analyticsRouter(deps: RouterDeps): Router {
  const { prisma, limits, logger } = deps;
  const router = Router();

  // A play changes no catalog figure: the catalog cache is kept (it calls no catalogChanged).
  router.post("/loops/:id/plays", limits.playsPerIp, async (req, res) => {
    const counted = await recordPlay(prisma, String(req.params.id), {
      userId: req.auth?.user.id ?? null,
      ip: req.ip ?? "",
      userAgent: req.get("user-agent") ?? "",
    });
    res.status(202).json({ counted } satisfies PlayResult);
    sweepPlays(prisma).catch((error: unknown) => logger?.error("play sweep failed", error));
  });

  // Answered before Express for a member's GET; here for a visitor (401), a banned member and HEAD.
  router.get("/analytics/creator", async (req, res) => {
    const user = requireUser(req);
    const { range } = parseQuery(req, analyticsQuerySchema);
    res.json(await creatorAnalytics(prisma, user.id, range));
  });

  router.get("/analytics/creator/sales.csv", async (req, res) => {
    const user = requireUser(req);
    const { range } = parseQuery(req, analyticsQuerySchema);
    const today = new Date().toISOString().slice(0, 10);
    await streamSalesCsv(prisma, res, user.id, rangeStart(range, today), `loop-sales-${range}-${today}.csv`);
  });

  return router;
}
