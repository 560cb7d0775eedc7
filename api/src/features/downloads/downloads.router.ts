import { pipeline } from "node:stream/promises";
import { Router } from "express";
import type { AppDeps } from "../../deps";
import { NotFound } from "../../http/errors";
import { requireUser } from "../auth/require-user";
import { issueDownload, recordDownload, resolveDownload } from "./downloads.service";
import { downloadSigningKey } from "./signing-secret";

export function downloadsRouter(deps: AppDeps): Router {
  const { prisma, storage } = deps;
  const signingKey = downloadSigningKey(prisma, deps.config);
  const router = Router();

  router.get("/loops/:id/download", async (req, res) => {
    const user = requireUser(req);
    res.json(await issueDownload(prisma, await signingKey(), req.params.id, user.id, req.query));
  });

  /** The signed link is the credential (a browser navigates to it); it answers the file as an attachment. */
  router.get("/downloads/:token", async (req, res) => {
    const file = await resolveDownload(prisma, await signingKey(), req.params.token);
    const stored = await storage.stat(file.key);
    if (!stored) throw new NotFound("File Not Found");
    if (file.countable && req.method === "GET") await recordDownload(prisma, file);
    res.status(200).set({
      "Content-Type": file.contentType,
      "Content-Length": String(stored.size),
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    });
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    try {
      await pipeline(await storage.getStream(file.key), res);
    } catch (error) {
      // The browser may cancel the download: nothing left to answer.
      if (!res.destroyed && !res.headersSent) throw error;
      res.destroy();
    }
  });
  return router;
}
