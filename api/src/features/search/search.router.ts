import { searchQuerySchema } from "@loop/rules/schemas/search";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { sendJsonText } from "../../http/send-json-text";
import { parseQuery } from "../../http/validate";
import { searchJson } from "./search.service";

export function searchRouter(deps: RouterDeps): Router {
  const router = Router();
  router.get("/search", async (req, res) => {
    // The database writes the response's JSON; it is sent as it is.
    sendJsonText(res, await searchJson(deps.prisma, parseQuery(req, searchQuerySchema)));
  });
  return router;
}
