// `pnpm dev`: each page's HTML with its own head and HTTP status, as the API renders it into web/dist
// in production (api/src/features/page-meta, issue 36), so that a link preview or a crawler can be
// tried against the dev server (`curl -A Twitterbot http://localhost:5173/loops/<id>`). Vite serves
// index.html; this asks the API for the page's head (GET /api/page-head?path=) and puts it in place
// of the template's title and description. robots.txt and the sitemaps are proxied to the API
// (vite.config.ts). Without an answer from the API (not started yet), Vite's own page is served.
import { readFile } from "node:fs/promises";
import path from "node:path";
// By its path, not "@loop/rules/page-data": Vite bundles the config's relative imports, but leaves a
// package to Node, which cannot load a .ts file.
import { splitPageTemplate, withHead } from "../rules/src/page-data";
import type { Connect, Plugin, ViteDevServer } from "vite";

interface PageHeadAnswer {
  status: number;
  head: string;
}

async function askApi(apiTarget: string, pathname: string): Promise<PageHeadAnswer | null> {
  try {
    const response = await fetch(`${apiTarget}/api/page-head?path=${encodeURIComponent(pathname)}`);
    return response.ok ? ((await response.json()) as PageHeadAnswer) : null;
  } catch {
    return null;
  }
}

function pageMiddleware(server: ViteDevServer, apiTarget: string): Connect.NextHandleFunction {
  return (req, res, next) => {
    // Vite's SPA fallback has turned every page's URL into /index.html by now.
    if (req.url !== "/index.html" || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const url = req.originalUrl ?? "/";
    const pathname = url.split(/[?#]/, 1)[0]!;
    void (async () => {
      const answer = await askApi(apiTarget, pathname);
      if (!answer) return next();
      const template = await readFile(path.join(server.config.root, "index.html"), "utf8");
      const html = await server.transformIndexHtml(url, withHead(splitPageTemplate(template), answer.head), req.originalUrl);
      res.statusCode = answer.status;
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Cache-Control", "no-cache");
      res.end(req.method === "HEAD" ? undefined : html);
    })().catch(next);
  };
}

export function pageHeadPlugin(apiTarget: string): Plugin {
  return {
    name: "loop-page-head",
    apply: "serve",
    configureServer(server) {
      // Returned: added after Vite's own middlewares (its files, modules, proxy and SPA fallback).
      return () => {
        server.middlewares.use(pageMiddleware(server, apiTarget));
      };
    },
  };
}
