import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from "@loop/rules/page-data";

/**
 * The `<link rel="modulepreload">` lines of each page's lazily loaded route code, from the web
 * build's route-preloads.json (web/vite-route-preloads.ts): `linksFor(pathname)` answers the lines
 * for the page that path opens ("" for none), built once per pattern. A path matches its literal
 * pattern first (`/profile/email/confirm` before `/profile/:userId`), then a pattern with parameters
 * segment by segment. Without the file (an older build) every page gets none.
 */
export function routePreloadLinks(webDist: string): (pathname: string) => string {
  const file = path.join(webDist, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return () => "";
  const preloads = JSON.parse(readFileSync(file, "utf8")) as RoutePreloads;
  const lines = (files: string[]) => files.map((href) => `  <link rel="modulepreload" crossorigin href="${href}" />\n`).join("");
  const literal = new Map<string, string>();
  const withParams: { segments: string[]; links: string }[] = [];
  for (const [pattern, files] of Object.entries(preloads)) {
    if (pattern.includes(":")) withParams.push({ segments: pattern.split("/"), links: lines(files) });
    else literal.set(pattern, lines(files));
  }
  return (pathname) => {
    const exact = literal.get(pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);
    if (exact !== undefined) return exact;
    const segments = pathname.split("/");
    const match = withParams.find(
      (route) =>
        route.segments.length === segments.length &&
        route.segments.every((segment, i) => (segment.startsWith(":") ? segments[i] !== "" : segment === segments[i])),
    );
    return match?.links ?? "";
  };
}
