import { pipeline } from "node:stream/promises";
import { downloadQuerySchema } from "@loop/rules/schemas/downloads";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseQuery } from "../../http/validate";
import { requireUser } from "../auth/require-user";
import { issueDownload, recordDownload, resolveDownload } from "./downloads.service";
import { downloadSigningKey } from "./signing-secret";
import { DomainError } from "../../domain-error";

export function downloadsRouter(deps: RouterDeps): Router {
  const { prisma, storage } = deps;
  const signingKey = downloadSigningKey(prisma, deps.config);
  const router = Router();

  router.get("/loops/:id/download", async (req, res) => {
    const user = requireUser(req);
    const key = await signingKey();
    res.json(await issueDownload(prisma, key, req.params.id, user.id, parseQuery(req, downloadQuerySchema)));
  });

  /** The signed link is the credential (a browser navigates to it); it answers the file as an attachment. */
  router.get("/downloads/:token", async (req, res) => {
    const file = await resolveDownload(prisma, await signingKey(), req.params.token);
    const stored = await storage.stat(file.key);
    if (!stored) throw new DomainError("FILE_NOT_FOUND");
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
