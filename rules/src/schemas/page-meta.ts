/**
 * Link previews (issue 36): the head of a web page as the server answers it (title, description,
 * canonical URL, Open Graph and Twitter tags, JSON-LD, the loop's data), for `pnpm dev`'s web server,
 * which asks the API for it (GET /api/page-head?path=) where production's API renders it itself.
 */
import { z } from "zod";

export const PAGE_META_MESSAGES = {
  path: "Invalid Path: Send the page's path, starting with / (path).",
} as const;

/** GET /api/page-head's query: the path of the page (a query string is ignored). */
export const pageHeadQuerySchema = z.object({
  path: z
    .string({ error: PAGE_META_MESSAGES.path })
    .startsWith("/", { error: PAGE_META_MESSAGES.path })
    .max(2048, { error: PAGE_META_MESSAGES.path }),
});
export type PageHeadQuery = z.infer<typeof pageHeadQuerySchema>;

/** GET /api/page-head's answer: the HTTP status the page answers with, and the HTML of its head. */
export const pageHeadSchema = z.object({
  status: z.union([z.literal(200), z.literal(404), z.literal(410)]).describe("200, 404 (unknown or not public) or 410 (deleted)"),
  head: z.string().describe("HTML for the page's <head>: <title>, meta tags, canonical link, JSON-LD, the loop's data"),
});
export type PageHead = z.infer<typeof pageHeadSchema>;
