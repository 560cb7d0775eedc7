import { searchQuerySchema } from "@loop/rules/schemas/search";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { sendJsonText } from "../../http/send-json-text";
import type { PublicHotRoute } from "../../http/hot-routes";
import { parse } from "../../http/validate";
import { memoizedQueryParser } from "../../http/memoized-query-parser";
import { parsedSearch, searchJson } from "./search.service";

/** GET /api/search: the same for every viewer; the database writes the response's JSON, sent as it is. */
export function searchHotRoute(deps: Pick<RouterDeps, "prisma">): PublicHotRoute {
  const parseSearch = memoizedQueryParser((query) => parsedSearch(parse(searchQuerySchema, query)));
  const answer = (query: unknown) => searchJson(deps.prisma, parseSearch(query));
  return { path: "/api/search", answer, answerSignedIn: answer };
}

export function searchRouter(deps: RouterDeps): Router {
  const router = Router();
  // Answered before Express for a GET (http/hot-routes.ts); here for HEAD and a banned or unknown session.
  const search = searchHotRoute(deps);
  router.get("/search", async (req, res) => {
    sendJsonText(res, await search.answer(req.query));
  });
  return router;
}
