import { pipeline } from "node:stream/promises";
import { loopPeaksSchema, updateLoopSchema } from "@loop/rules/schemas/loops";
import { bulkLoopsRequestSchema, myLoopsQuerySchema } from "@loop/rules/schemas/my-loops";
import { Router, type Response } from "express";
import type { RouterDeps } from "../../deps";
import type { PublicHotRoute } from "../../http/hot-routes";
import { sendJsonText } from "../../http/send-json-text";
import { parseBody, parseQuery } from "../../http/validate";
import { memberJson, requireUser } from "../auth/require-user";
import { followingLoops } from "../follows/following-loops";
import { anonymousLoopsPage, getLoop, listLoops, memberLoopsBody, parseListQuery, visibleLoop } from "./catalog.service";
import { bulkLoops, checkOwnLoop, loopHistory, retryLoop, takeDownLoop, updateLoop } from "./loop-edits.service";
import { ownLoop, uploadLoop } from "./loops.service";
import { receiveUpload } from "./receive-upload";
import { myLoops } from "./my-loops.service";
import { isReachable, type LoopAccessFields } from "./loop-access";
import { parseRange } from "./range";
import { similarLoops } from "./similar-loops";
import { DomainError } from "../../domain-error";

/**
 * GET /api/loops: for a visitor the cached page's body as it is (serialized once per cache entry),
 * for a member the same with their marks laid over it. The Following tab (following=true) is per
 * viewer and never cached: refused here, so Express's route answers it (401 signed out).
 */
export function loopsHotRoute(deps: Pick<RouterDeps, "prisma">): PublicHotRoute {
  const parsedShared = (query: unknown) => {
    const parsed = parseListQuery(query);
    if (parsed.query.following) throw new DomainError("UNAUTHORIZED");
    return parsed;
  };
  return {
    path: "/api/loops",
    answer: async (query) => (await anonymousLoopsPage(deps.prisma, parsedShared(query))).body,
    answerSignedIn: (query, viewerId) => memberLoopsBody(deps.prisma, parsedShared(query), viewerId),
  };
}

export function loopsRouter(deps: RouterDeps): Router {
  const { prisma, storage } = deps;
  const router = Router();
  const viewerOf = (req: { auth: { user: { id: string } } | null }) => req.auth?.user.id ?? null;
  // Answered before Express for a GET (http/hot-routes.ts); here for HEAD, a cookie that is not a
  // session, and the Following tab.
  const signedOut = loopsHotRoute(deps);

  router.get("/loops", async (req, res) => {
    const viewerId = viewerOf(req);
    const parsed = parseListQuery(req.query);
    // The Following tab (issue 24): its own statement, per viewer, never from the catalog cache.
    if (parsed.query.following) {
      res.json(await followingLoops(prisma, parsed.query, requireUser(req).id));
      return;
    }
    if (viewerId === null) {
      sendJsonText(res, await signedOut.answer(req.query));
      return;
    }
    res.json(await listLoops(prisma, parsed, viewerId));
  });
  // A refusal before the whole body is read (401, 403, 429, 413, 400) is answered by the error
  // handler, which drops the rest of the body before it closes the connection (http/unread-body.ts).
  router.post("/loops/upload", async (req, res) => {
    const user = requireUser(req);
    const loop = await uploadLoop(prisma, storage, user.id, (key, limit) => receiveUpload(req, storage, key, limit));
    deps.onLoopQueued?.();
    res.status(201).json(loop);
  });
  router.get("/loops/:id", async (req, res) => {
    res.json(await getLoop(prisma, req.params.id, viewerOf(req)));
  });
  // "Similar loops" on a loop's page (issue 36): same genre, near BPM, same or relative key.
  router.get("/loops/:id/similar", async (req, res) => {
    res.json(await similarLoops(prisma, req.params.id, viewerOf(req)));
  });
  router.patch("/loops/:id", async (req, res) => {
    const user = requireUser(req);
    // Anyone else's loop is refused whatever the body (403, or 404 for one they may not see).
    await checkOwnLoop(prisma, req.params.id, user.id);
    res.json(await updateLoop(prisma, req.params.id, user.id, parseBody(req, updateLoopSchema)));
  });
  // "My Loops" as a table (issue 37): every loop of the creator, paged past any number.
  router.get(
    "/profile/loops",
    memberJson((user, req) => myLoops(prisma, user.id, parseQuery(req, myLoopsQuerySchema))),
  );
  router.delete("/loops/:id", async (req, res) => {
    await takeDownLoop(prisma, req.params.id, requireUser(req).id);
    res.status(204).end();
  });
  router.post(
    "/loops/bulk",
    memberJson((user, req) => bulkLoops(prisma, user.id, parseBody(req, bulkLoopsRequestSchema))),
  );
  router.get("/loops/:id/history", async (req, res) => {
    res.json(await loopHistory(prisma, req.params.id, requireUser(req).id));
  });
  router.post("/loops/:id/retry", async (req, res) => {
    const loop = await retryLoop(prisma, req.params.id, requireUser(req).id);
    deps.onLoopQueued?.();
    res.json(loop);
  });
  router.get(
    "/loops/:id/status",
    memberJson<{ id: string }>((user, req) => ownLoop(prisma, req.params.id, user.id)),
  );

  /** Public loops may be cached by anyone; a private (or unfinished) loop's files only by the creator's browser. */
  const cacheControl = (res: Response, loop: LoopAccessFields) =>
    res.set("Cache-Control", isReachable(loop) ? "public, max-age=86400" : "private");

  router.get("/loops/:id/preview", async (req, res) => {
    const loop = await visibleLoop(prisma, req.params.id, viewerOf(req), { holders: true });
    const stored = loop.previewKey ? await storage.stat(loop.previewKey) : null;
    if (!loop.previewKey || !stored) throw new DomainError("PREVIEW_NOT_FOUND");
    const etag = `"${loop.id}-${loop.updatedAt.getTime().toString(36)}-${stored.size.toString(36)}"`;
    cacheControl(res, loop);
    res.set({ "Accept-Ranges": "bytes", ETag: etag });
    const ifNoneMatch = req.headers["if-none-match"];
    if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === etag)) {
      res.status(304).end();
      return;
    }
    // A Range with a stale If-Range is answered with the whole file.
    const ifRange = req.headers["if-range"];
    const rangeHeader = ifRange === undefined || ifRange === etag ? req.headers.range : undefined;
    const range = rangeHeader === undefined ? null : parseRange(rangeHeader, stored.size);
    if (range === "unsatisfiable") {
      res.set("Content-Range", `bytes */${stored.size}`);
      throw new DomainError("RANGE_NOT_SATISFIABLE");
    }
    res.set("Content-Type", "audio/mpeg");
    if (range) {
      res.status(206).set({
        "Content-Range": `bytes ${range.start}-${range.end}/${stored.size}`,
        "Content-Length": String(range.end - range.start + 1),
      });
    } else {
      res.status(200).set("Content-Length", String(stored.size));
    }
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    try {
      await pipeline(await storage.getStream(loop.previewKey, range ?? undefined), res);
    } catch (error) {
      // A listener that seeks or stops closes the connection mid-stream: nothing to answer.
      if (!res.destroyed && !res.headersSent) throw error;
      res.destroy();
    }
  });

  router.get("/loops/:id/peaks", async (req, res) => {
    const loop = await visibleLoop(prisma, req.params.id, viewerOf(req), { holders: true });
    if (!loop.peaksKey) throw new DomainError("PEAKS_NOT_FOUND");
    const peaks = loopPeaksSchema.parse(JSON.parse((await storage.getBuffer(loop.peaksKey)).toString("utf8")));
    cacheControl(res, loop);
    res.json(peaks);
  });
  return router;
}
