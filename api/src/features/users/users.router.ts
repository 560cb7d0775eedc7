import { userLookupQuerySchema } from "@loop/rules/schemas/users";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseQuery } from "../../http/validate";
import { memberJson } from "../auth/require-user";
import { lookupUsers } from "./user-lookup.service";

// GET /api/users?query= (issue 37): find the member to send LOOP to.
export function usersRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get(
    "/users",
    memberJson((user, req) => lookupUsers(prisma, user.id, parseQuery(req, userLookupQuerySchema))),
  );
  return router;
}
