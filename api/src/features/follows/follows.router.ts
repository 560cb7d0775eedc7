import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { memberJson } from "../auth/require-user";
import { setFollow } from "./follows.service";

export function followsRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.post(
    "/users/:id/follow",
    memberJson<{ id: string }>((user, req) => setFollow(prisma, user.id, req.params.id, true)),
  );
  router.delete(
    "/users/:id/follow",
    memberJson<{ id: string }>((user, req) => setFollow(prisma, user.id, req.params.id, false)),
  );
  return router;
}
