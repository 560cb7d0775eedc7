import {
  addCollectionLoopSchema,
  collectionListQuerySchema,
  collectionPageQuerySchema,
  createCollectionSchema,
  updateCollectionSchema,
} from "@loop/rules/schemas/collections";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseBody, parseQuery } from "../../http/validate";
import { memberJson, requireUser } from "../auth/require-user";
import {
  addCollectionLoop,
  collectionPage,
  createCollection,
  deleteCollection,
  listCollections,
  removeCollectionLoop,
  updateCollection,
} from "./collections.service";

export function collectionsRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  const viewerOf = (req: { auth: { user: { id: string } } | null }) => req.auth?.user.id ?? null;

  router.get("/collections", async (req, res) => {
    res.json(await listCollections(prisma, viewerOf(req), parseQuery(req, collectionListQuerySchema)));
  });
  router.post("/collections", async (req, res) => {
    const user = requireUser(req);
    res.status(201).json(await createCollection(prisma, user.id, parseBody(req, createCollectionSchema)));
  });
  router.get("/collections/:id", async (req, res) => {
    res.json(await collectionPage(prisma, req.params.id, viewerOf(req), parseQuery(req, collectionPageQuerySchema)));
  });
  router.patch(
    "/collections/:id",
    memberJson<{ id: string }>((user, req) => updateCollection(prisma, req.params.id, user.id, parseBody(req, updateCollectionSchema))),
  );
  router.delete("/collections/:id", async (req, res) => {
    const user = requireUser(req);
    await deleteCollection(prisma, req.params.id, user.id);
    res.status(204).end();
  });
  router.post("/collections/:id/loops", async (req, res) => {
    const user = requireUser(req);
    const { loopId } = parseBody(req, addCollectionLoopSchema);
    res.json(await addCollectionLoop(prisma, req.params.id, user.id, loopId));
  });
  router.delete(
    "/collections/:id/loops/:loopId",
    memberJson<{ id: string; loopId: string }>((user, req) => removeCollectionLoop(prisma, req.params.id, user.id, req.params.loopId)),
  );
  return router;
}
