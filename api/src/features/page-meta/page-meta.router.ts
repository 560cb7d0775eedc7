// Link previews and search engines (issue 36): the web pages' heads (rendered into the built
// index.html in production; GET /api/page-head for `pnpm dev`'s web server), a loop's preview image,
// robots.txt and the sitemaps.
import { loopPeaksSchema } from "@loop/rules/schemas/loops";
import { pageHeadQuerySchema, type PageHead } from "@loop/rules/schemas/page-meta";
import { Router, type Request, type Response } from "express";
import type { RouterDeps } from "../../deps";
import type { WebPageRenderer } from "../../http/static-web";
import { parseQuery } from "../../http/validate";
import { OG_IMAGE_VERSION, renderWaveformPng } from "./og-image";
import { loopImageData } from "./page-data";
import { pageHead } from "./page-head";
import { pageTemplate } from "./page-html";
import { robotsTxt } from "./robots";
import { parseSitemapName, sendSitemap, sendSitemapPage } from "./sitemap";
import { DomainError } from "../../domain-error";

type Deps = Pick<RouterDeps, "prisma" | "config" | "storage" | "logger">;

/** The path without its query string, as the page's router sees it. */
const pathnameOf = (path: string) => path.split(/[?#]/, 1)[0]!;

/** The web app's pages from the built index.html (static-web.ts): each with its own head and status. */
export function webPages(deps: Deps): (indexHtml: string) => WebPageRenderer {
  return (indexHtml) => {
    const template = pageTemplate(indexHtml);
    return async (pathname) => {
      const { status, head } = await pageHead(deps.prisma, deps.config.appUrl, pathname);
      return { status, html: template.render(head), noindex: status !== 200 };
    };
  };
}

/** Rendered images kept by loop and version: a shared link brings many crawlers at once. */
const IMAGE_CACHE_MAX = 64;
const imageCache = new Map<string, Promise<Buffer>>();

function cachedImage(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
  const known = imageCache.get(key);
  if (known) {
    imageCache.delete(key);
    imageCache.set(key, known);
    return known;
  }
  const made = render();
  made.catch(() => imageCache.delete(key));
  imageCache.set(key, made);
  if (imageCache.size > IMAGE_CACHE_MAX) imageCache.delete(imageCache.keys().next().value as string);
  return made;
}

/** Under /api, before the session is read (nothing here depends on who asks). */
export function pageMetaRouter(deps: Deps): Router {
  const { prisma, config } = deps;
  const router = Router();

  router.get("/page-head", async (req, res) => {
    const { path } = parseQuery(req, pageHeadQuerySchema);
    const answer: PageHead = await pageHead(prisma, config.appUrl, pathnameOf(path));
    res.json({ status: answer.status, head: answer.head });
  });

  router.get("/loops/:id/og-image.png", async (req, res) => {
    const loop = await loopImageData(prisma, req.params.id);
    if (!loop?.reachable) throw new DomainError("LOOP_NOT_FOUND");
    const version = `${loop.updatedAt.getTime().toString(36)}-${OG_IMAGE_VERSION}`;
    const etag = `"og-${req.params.id}-${version}"`;
    res.set({ "Cache-Control": "public, max-age=86400", ETag: etag });
    const ifNoneMatch = req.headers["if-none-match"];
    if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === etag)) {
      res.status(304).end();
      return;
    }
    const png = await cachedImage(`${req.params.id}:${version}`, async () => {
      const peaks = loop.peaksKey ? await readPeaks(deps, loop.peaksKey) : null;
      return renderWaveformPng(peaks);
    });
    res.type("png").send(png);
  });
  return router;
}

/** The loop's waveform; one that cannot be read is drawn flat (and logged), not refused. */
async function readPeaks(deps: Deps, key: string): Promise<number[][] | null> {
  try {
    return loopPeaksSchema.parse(JSON.parse((await deps.storage.getBuffer(key)).toString("utf8"))).peaks;
  } catch (error) {
    deps.logger?.warn(`og-image: the peaks ${key} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** robots.txt and the sitemaps, at the site's root (the web's dev server proxies them here). */
export function seoRouter(deps: Deps): Router {
  const { prisma, config } = deps;
  const router = Router();
  const text = robotsTxt(config.appUrl);
  router.get("/robots.txt", (_req, res) => {
    res.set("Cache-Control", "public, max-age=3600").type("text/plain").send(text);
  });
  router.get("/sitemap.xml", async (_req, res) => {
    await sendSitemap(prisma, res, config.appUrl);
  });
  router.get("/sitemaps/:file", async (req: Request<{ file: string }>, res: Response) => {
    const name = /^(.+)\.xml$/.exec(req.params.file)?.[1];
    const page = name === undefined ? null : parseSitemapName(name);
    if (!page || !(await sendSitemapPage(prisma, res, config.appUrl, page))) {
      res.status(404).type("text/plain").send("Not Found");
    }
  });
  return router;
}
