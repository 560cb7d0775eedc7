import { LIBRARY_RECEIPTS_PER_HOUR, libraryQuerySchema } from "@loop/rules/schemas/library";
import { Router, type Request } from "express";
import type { RouterDeps } from "../../deps";
import { perUserHourlyLimit } from "../../http/per-user-hourly-limit";
import { parseQuery } from "../../http/validate";
import { memberJson, requireUser } from "../auth/require-user";
import { downloadSigningKey } from "../downloads/signing-secret";
import { getLibraryEntry, listLibrary, resendReceipt } from "./library.service";

// The buyer's library (issue 37): GET /api/library (cursor paging), GET /api/library/:id (one entry,
// the e-mails' link), POST /api/library/:id/receipt (the receipt again, by e-mail).
export function libraryRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const signingKey = downloadSigningKey(prisma, deps.config);
  const receiptLimit = perUserHourlyLimit(prisma, "library-receipt", LIBRARY_RECEIPTS_PER_HOUR, "RECEIPTS_RATE_LIMITED");
  const router = Router();

  router.get(
    "/library",
    memberJson((user, req) => listLibrary(prisma, user.id, parseQuery(req, libraryQuerySchema))),
  );

  router.get(
    "/library/:id",
    memberJson<{ id: string }>((user, req) => getLibraryEntry(prisma, user.id, req.params.id)),
  );

  router.post("/library/:id/receipt", receiptLimit, async (req: Request<{ id: string }>, res) => {
    const user = requireUser(req);
    res.json(await resendReceipt(deps, await signingKey(), user.id, req.params.id));
  });
  return router;
}
