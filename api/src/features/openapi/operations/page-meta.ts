import { pageHeadQuerySchema, pageHeadSchema } from "@loop/rules/schemas/page-meta";
import { failure, invalidQuery, json } from "../responses";
import { idParams } from "../params";
import { defineFeature } from "../spec";

export const pageMetaOperations = defineFeature({
  tag: "page-meta",
  description:
    "Link previews (issue 36): the web pages' heads (title, description, canonical URL, Open Graph and Twitter tags, JSON-LD) and a loop's " +
    "preview image. `robots.txt`, `/sitemap.xml` and `/sitemaps/<section>-<n>.xml` are served at the site's root, outside the API.",
  schemas: { PageHead: pageHeadSchema },
  operations: [
    {
      method: "get",
      path: "/api/page-head",
      operationId: "getPageHead",
      summary: "The head of a web page and the status it answers with (for `pnpm dev`'s web server; production renders it into the page)",
      description:
        "`/loops/:id` (a ready, public loop: `og:type` music.song, `og:audio`, `og:image`, JSON-LD `MusicRecording` with its offer, and the loop's JSON " +
        'as `GET /api/loops/{id}` answers it signed out in `<script id="loop-data">`), `/profile/:id`, `/collections/:id` (public), `/licences/:id`, ' +
        "`/home`, `/`; any other page of the app gets the default head. A loop, member, collection or licence that is unknown or not public, and a " +
        "path the app has no page for, answer `status` 404 with a noindex head.",
      auth: "none",
      query: pageHeadQuerySchema,
      responses: {
        200: json(pageHeadSchema, "The page's status and head"),
        400: invalidQuery("`Invalid Path: …`: no path, or one that does not start with `/`."),
      },
    },
    {
      method: "get",
      path: "/api/loops/{id}/og-image.png",
      operationId: "getLoopPreviewImage",
      summary: "A loop's link-preview image: its waveform, 1200×630 PNG",
      description: "For a ready, public loop. `Cache-Control: public, max-age=86400`; `If-None-Match` with the ETag answers 304.",
      auth: "none",
      params: idParams,
      responses: {
        200: {
          description: "The image",
          content: { "image/png": { schema: { type: "string", contentMediaType: "image/png" } } },
          headers: {
            ETag: { description: "Changes when the loop or the drawing changes", schema: { type: "string" }, required: true },
            "Cache-Control": { description: "`public, max-age=86400`", schema: { type: "string" }, required: true },
          },
        },
        304: { description: "The ETag sent in `If-None-Match` is current" },
        404: failure(["LOOP_NOT_FOUND"], "`Loop Not Found`: unknown, or not ready and public."),
      },
    },
  ],
});
