import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseCookie } from "cookie";
import express, { Router, type Request, type RequestHandler } from "express";
import { SESSION_META_NAME } from "@loop/rules/page-data";
import type { Logger } from "../deps";
import { chooseCoding, varyOnAcceptEncoding } from "./compression";
import { atHeadEnd } from "./head-end";
import { routePreloadLinks } from "./route-preloads";

/** What answers a page's HTML from the built index.html (features/page-meta: its own head and status). */
export type WebPageRenderer = (pathname: string) => Promise<{ status: number; html: string; noindex?: boolean }>;

export interface StaticWebOptions {
  logger?: Logger;
  /** Renders each page from the built index.html; without it every page is index.html as it is. */
  pages?: (indexHtml: string) => WebPageRenderer;
  /** The session cookie's name: each page's head then says whether the request carries it (withSessionMeta). */
  sessionCookie?: string;
}

/**
 * `html` with `<meta name="loop-session" content="1|0">` at the end of its head: whether the request
 * carried the session cookie (its presence only, no lookup), so that a visitor's first page does not
 * ask GET /api/auth/user only to be answered 401. Added to each answer, after whatever made the HTML.
 */
export function withSessionMeta(html: string, sessionCookie: boolean): string {
  return atHeadEnd(html, `  <meta name="${SESSION_META_NAME}" content="${sessionCookie ? "1" : "0"}" />\n`);
}

function carriesCookie(req: Request, name: string): boolean {
  const header = req.headers.cookie;
  return header !== undefined && header.includes(`${name}=`) && Boolean(parseCookie(header)[name]);
}

type Codings = { br: boolean; gzip: boolean };

/**
 * The files of `root` that have compressed copies beside them (`x.js.br`, `x.js.gz`, written by the
 * web's build: web/vite-precompress.ts), by URL path. Read once: the build is not changed under a
 * running server (index.html is read once too); a file added later is served as it is.
 */
function precompressedFiles(root: string): Map<string, Codings> {
  const found = new Map<string, Codings>();
  const walk = (dir: string, urlDir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).filter((entry) => !entry.name.startsWith("."));
    const names = new Set(entries.filter((entry) => entry.isFile()).map((entry) => entry.name));
    for (const entry of entries) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${urlDir}${entry.name}/`);
      else if (entry.isFile() && !/\.(?:br|gz)$/.test(entry.name)) {
        const codings = { br: names.has(`${entry.name}.br`), gzip: names.has(`${entry.name}.gz`) };
        if (codings.br || codings.gzip) found.set(`${urlDir}${entry.name}`, codings);
      }
    }
  };
  walk(root, "/");
  return found;
}

/** Vite puts content-hashed files under assets/: they never change, so cache them for good. */
const ASSET_CACHE = { maxAge: "1y", immutable: true } as const;
const OTHER_CACHE = { maxAge: 0 } as const;

/**
 * A file with compressed copies: the copy the client prefers (brotli, else gzip, by Accept-Encoding),
 * with the original's type and `Content-Encoding`; `Vary: Accept-Encoding` either way. A range
 * request, or a client that takes neither coding, gets the file itself (express.static, next).
 */
function servePrecompressed(root: string, files: Map<string, Codings>): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const codings = files.get(urlPath);
    if (!codings) return next();
    varyOnAcceptEncoding(res);
    const coding = req.headers.range === undefined ? chooseCoding(req.headers["accept-encoding"], codings) : null;
    if (coding === null) return next();
    res.type(path.extname(urlPath)).set("Content-Encoding", coding);
    const cache = urlPath.startsWith("/assets/") ? ASSET_CACHE : OTHER_CACHE;
    res.sendFile(`${urlPath}.${coding === "br" ? "br" : "gz"}`, { root, acceptRanges: false, ...cache }, (error?: Error) => {
      if (!error || res.headersSent) return;
      // The copy is gone (a new build under a running server): the file itself, as express.static has it.
      res.removeHeader("Content-Encoding");
      res.removeHeader("Content-Type");
      next();
    });
  };
}

/**
 * Serves the built web app: its files (their brotli or gzip copy when the build made one and the
 * client takes it), and for every other non-API path that accepts HTML the app's index.html, read
 * once, as `pages` renders it for that path (the page's own head and status: 404 for a path the app
 * has no page for), or as it is, with the session meta when `sessionCookie` is given.
 */
export function staticWeb(webDist: string, options: StaticWebOptions = {}): Router {
  const { logger, pages, sessionCookie } = options;
  const router = Router();
  const index = path.join(webDist, "index.html");
  if (!existsSync(index)) {
    logger?.warn(`web: ${index} not found; build the web app (pnpm --filter @loop/web build) to serve it`);
    return router;
  }
  router.use(servePrecompressed(webDist, precompressedFiles(webDist)));
  router.use("/assets", express.static(path.join(webDist, "assets"), { ...ASSET_CACHE, fallthrough: false }));
  router.use(express.static(webDist, { index: false, ...OTHER_CACHE }));
  const indexHtml = readFileSync(index, "utf8");
  const render = pages?.(indexHtml);
  const preloadsFor = routePreloadLinks(webDist);
  router.get(/^(?!\/api(?:\/|$)).*/, async (req, res, next) => {
    if (!req.accepts("html")) return next();
    res.set("Cache-Control", "no-cache");
    const page = render ? await render(req.path) : { status: 200, html: indexHtml };
    if (page.noindex) res.set("X-Robots-Tag", "noindex");
    let html = atHeadEnd(page.html, preloadsFor(req.path));
    if (sessionCookie !== undefined) {
      // The HTML differs by the cookie: no cache may give one visitor's answer to another.
      res.vary("Cookie");
      html = withSessionMeta(html, carriesCookie(req, sessionCookie));
    }
    res.status(page.status).type("html").send(html);
  });
  return router;
}
