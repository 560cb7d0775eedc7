import { paths } from "@loop/rules/paths";
import { licenceFilename, licenceListQuerySchema, licencePdfQuerySchema } from "@loop/rules/schemas/licences";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseQuery } from "../../http/validate";
import { memberJson, requireUser } from "../auth/require-user";
import { downloadSigningKey } from "../downloads/signing-secret";
import { renderLicencePdf } from "./licence-pdf";
import { verifyLicenceToken } from "./licence-token";
import { findLicence, getLicence, licenceOwnerId, listLicences, ownLicence, toLicence } from "./licences.service";
import { DomainError } from "../../domain-error";

// Licences (docs/licence.md): GET /api/licences?loopId= (the member's, for the Download menu),
// GET /api/licences/:id (public: anyone verifies), GET /api/licences/:id/pdf (the buyer's or the free
// downloader's PDF, or the purchase e-mail's signed link).
export function licencesRouter(deps: RouterDeps): Router {
  const { prisma, config } = deps;
  const signingKey = downloadSigningKey(prisma, config);
  const router = Router();

  router.get(
    "/licences",
    memberJson((user, req) => listLicences(prisma, user.id, parseQuery(req, licenceListQuerySchema))),
  );

  router.get("/licences/:id", async (req, res) => {
    res.json(await getLicence(prisma, req.params.id, req.auth?.user.id ?? null));
  });

  router.get("/licences/:id/pdf", async (req, res) => {
    const { token } = parseQuery(req, licencePdfQuerySchema);
    let row;
    if (token === undefined) {
      // Signed in as its buyer; anyone else learns nothing (404, as for an unknown id).
      row = await ownLicence(prisma, req.params.id, requireUser(req).id);
    } else {
      row = await findLicence(prisma, req.params.id);
      const verified = verifyLicenceToken(await signingKey(), row.id, token);
      if (!verified.ok) throw new DomainError(verified.reason === "expired" ? "LICENCE_LINK_EXPIRED" : "LICENCE_LINK_INVALID");
    }
    const licence = toLicence(row, licenceOwnerId(row));
    const pdf = await renderLicencePdf(licence, new URL(paths.licence(licence.id), config.appUrl).href);
    res.status(200).set({
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `attachment; filename="${licenceFilename(licence.id)}"`,
      "Cache-Control": "private, no-store",
    });
    res.end(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });
  return router;
}
