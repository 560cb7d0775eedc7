import { updateProfileSchema } from "@loop/rules/schemas/profile";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseBody } from "../../http/validate";
import { memberJson, requireUser } from "../auth/require-user";
import { ownProfile, publicProfile, updateProfile } from "./profile.service";

export function profileRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get("/profile", async (req, res) => {
    res.json(await ownProfile(prisma, requireUser(req)));
  });
  router.put(
    "/profile",
    memberJson((user, req) => updateProfile(prisma, user, parseBody(req, updateProfileSchema))),
  );
  router.get("/users/:userId/profile", async (req, res) => {
    res.json(await publicProfile(prisma, req.params.userId, req.auth?.user.id ?? null));
  });
  return router;
}
