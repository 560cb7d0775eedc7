/**
 * Licences (issue 24, docs/licence.md): every purchase (free ones included) comes with a licence that
 * anyone can verify at /licences/:id (GET /api/licences/:id) and its buyer downloads as a PDF
 * (GET /api/licences/:id/pdf). The facts are a snapshot of the purchase's time, but for the members,
 * named by their account ids and their usernames as they are now (issue 35); the status follows
 * the purchase (refunded or reversed: revoked). A member's first download of a free loop (no purchase
 * is made) has one too: method "free", `purchaseId` null, always valid.
 */
import { z } from "zod";
import { DELIVERY_FORMATS } from "./downloads";
import { PURCHASE_METHODS, type PurchaseMethod } from "./purchases";
import { LICENCE_TERMS } from "../licence-terms";

// Zod-free, in ../licence-terms (a loop's page shows them and loads no schema); named here too.
export { LICENCE_TERMS };

/** The version of the terms (docs/licence.md) stored with every licence issued under them. */
export const LICENCE_VERSION = 1;

export const LICENCE_MESSAGES = {
  notFound: "Licence Not Found",
  loopId: "Invalid Loop: Send the loop's id (loopId)",
  invalidLink: "Invalid Licence Link: This link is not valid. Open the licence from LOOP.",
  expiredLink: "Licence Link Expired: Open the licence's page on LOOP to download it.",
} as const;

/** How each way to pay reads on a licence. */
export const LICENCE_METHOD_NAMES: Record<PurchaseMethod, string> = {
  free: "Free download",
  loop: "LOOP balance (in app)",
  wallet: "LOOP from a wallet (on chain)",
  paypal: "PayPal",
  card: "Card",
};

/**
 * The label of a licence's date on its page and PDF: a free loop's download ("Date of download"), a
 * purchase ("Date of purchase"), or a free loop taken with POST /api/purchases ("Date issued": when
 * the member had downloaded it first, the licence is that download's, dated then).
 */
export function licenceDateLabel(licence: { purchaseId: string | null; method: PurchaseMethod }): string {
  if (licence.purchaseId === null) return "Date of download";
  return licence.method === "free" ? "Date issued" : "Date of purchase";
}

export const LICENCE_STATUSES = ["valid", "revoked"] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

const usd = z.string().regex(/^\d+\.\d{2}$/);
const loopAmount = z.string().regex(/^\d+\.\d{8}$/);

/** GET /api/licences/:id: the public answer (no e-mail address; the members by account id and current username). */
export const licenceSchema = z.object({
  id: z.uuid(),
  version: z.number().int().positive().describe("The version of the terms (docs/licence.md) the licence was issued under"),
  status: z.enum(LICENCE_STATUSES).describe("revoked once the purchase was refunded or reversed"),
  revokedAt: z.string().nullable().describe("When the purchase was refunded or reversed (ISO 8601); null while valid"),
  issuedAt: z.string().describe("The purchase's time, or the free download's (ISO 8601)"),
  loop: z.object({ id: z.guid(), title: z.string().describe("As it was at the purchase") }),
  creator: z.object({
    id: z.guid().describe("The creator's account: stable, whatever the username becomes"),
    username: z.string().describe("The account's username now (a handle given up and taken by another member never shows here)"),
    name: z.string().nullable().describe("First and last name at the purchase, when the creator had given them"),
  }),
  buyer: z.object({
    id: z.guid().describe("The licensee's account (the buyer, or the free loop's downloader): stable, whatever the username becomes"),
    username: z.string().describe("The account's username now (a handle given up and taken by another member never shows here)"),
  }),
  format: z.enum(DELIVERY_FORMATS),
  price: usd.describe("The loop's price in USD"),
  fee: usd.describe("The format fee in USD"),
  total: usd.describe("price + fee, USD"),
  loopAmount: loopAmount.nullable().describe("LOOP paid (500 per USD) when paid in LOOP; null otherwise"),
  method: z.enum(PURCHASE_METHODS),
  purchaseId: z
    .uuid()
    .nullable()
    .describe("The purchase licensed; null for the download of a free loop (method free, no purchase made; always valid)"),
  chain: z
    .object({
      chainId: z.number().int(),
      name: z.string(),
      contract: z.string().nullable().describe("LoopMarketplace's address (null for a licence backfilled without it)"),
      txHash: z.string().nullable().describe("The purchase's transaction"),
    })
    .nullable()
    .describe("On-chain purchases only"),
  verifyUrl: z.string().describe("The public verification page's path, `/licences/<id>`"),
  ownedByMe: z.boolean().describe("The signed-in caller is the buyer (and may download the PDF)"),
});
export type Licence = z.infer<typeof licenceSchema>;

/** GET /api/licences?loopId=: the signed-in member's licences for one loop (their purchases of it, and their free download). */
export const licenceListQuerySchema = z.object({
  loopId: z.guid({ error: LICENCE_MESSAGES.loopId }),
});
export type LicenceListQuery = z.output<typeof licenceListQuerySchema>;

export const licenceSummarySchema = z.object({
  id: z.uuid(),
  format: z.enum(DELIVERY_FORMATS),
  status: z.enum(LICENCE_STATUSES),
  purchaseId: z.uuid().nullable().describe("null for the download of a free loop (no purchase made)"),
  issuedAt: z.string(),
});
export type LicenceSummary = z.infer<typeof licenceSummarySchema>;
export const licenceSummaryListSchema = z.array(licenceSummarySchema);

/** GET /api/licences/:id/pdf?token=: the e-mail's signed link (the signed-in buyer needs none). */
export const licencePdfQuerySchema = z.object({
  token: z.string().max(200).optional().describe("The signed link of the purchase e-mail; without it the caller must be the buyer"),
});
export type LicencePdfQuery = z.output<typeof licencePdfQuerySchema>;

/** The PDF's file name. */
export const licenceFilename = (id: string) => `loop-licence-${id}.pdf`;
/** The PDF's path on the API. */
export const licencePdfPath = (id: string) => `/api/licences/${encodeURIComponent(id)}/pdf`;
