// robots.txt (issue 36): everything may be crawled but the API and the private pages (page-routes.ts),
// and the sitemap is named. Under /api/, the public reads the shareable pages are made of stay
// allowed: the link preview's image and audio (social networks' crawlers obey robots.txt and show no
// image they may not fetch), and what a search engine's renderer needs to draw the catalog, a
// profile or a collection. The longest matching rule wins (RFC 9309).
import { disallowedPrefixes } from "./page-routes";

/** The GET endpoints the public pages render from. */
const ALLOWED_API = ["/api/loops", "/api/genres", "/api/config", "/api/auth/user", "/api/stats/public", "/api/users/", "/api/collections/"];

export function robotsTxt(appUrl: URL): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    ...ALLOWED_API.map((path) => `Allow: ${path}`),
    ...disallowedPrefixes().map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${new URL("/sitemap.xml", appUrl).href}`,
    "",
  ].join("\n");
}
