import { Router } from "express";
import type { PrismaClient } from "../../db/prisma";
import { requireUser } from "../auth/require-user";
import { ownProfile, publicProfile, updateProfile } from "./profile.service";

export function profileRouter(prisma: PrismaClient): Router {
  const router = Router();
  router.get("/profile", async (req, res) => {
    res.json(await ownProfile(prisma, requireUser(req)));
  });
  router.put("/profile", async (req, res) => {
    const user = requireUser(req);
    res.json(await updateProfile(prisma, user.id, req.body));
  });
  router.get("/users/:userId/profile", async (req, res) => {
    res.json(await publicProfile(prisma, req.params.userId, req.auth?.user.id ?? null));
  });
  return router;
}
