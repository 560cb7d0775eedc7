// The route code preloaded with each page's HTML (web/vite-route-preloads.ts writes the list at
// build time; api/src/http/route-preloads.ts and staticWeb put it in the page's head).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_PRELOADS_FILE } from "@loop/rules/page-data";
import { routePreloadLinks } from "../src/http/route-preloads";
import { staticWeb } from "../src/http/static-web";

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>LOOP</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

const PRELOADS = {
  "/home": ["/assets/home-1.js", "/assets/loop-list-2.js"],
  "/profile/email/confirm": ["/assets/email-confirm-3.js"],
  "/profile/:userId": ["/assets/user-profile-4.js", "/assets/loop-list-2.js"],
  "/loops/:loopId": ["/assets/loop-5.js"],
};

const link = (href: string) => `<link rel="modulepreload" crossorigin href="${href}" />`;

describe("route code preloaded with the page", () => {
  let webDist: string;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), "loop-route-preloads-"));
    mkdirSync(path.join(webDist, "assets"));
    writeFileSync(path.join(webDist, "index.html"), INDEX_HTML);
    writeFileSync(path.join(webDist, ROUTE_PRELOADS_FILE), JSON.stringify(PRELOADS));
    const app = express();
    app.use(staticWeb(webDist));
    server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(webDist, { recursive: true, force: true });
  });

  const page = async (pathname: string) => {
    const response = await fetch(`${base}${pathname}`, { headers: { accept: "text/html" } });
    expect(response.status).toBe(200);
    return response.text();
  };

  it("lists a page's route files in its head, after the app's own script", async () => {
    const html = await page("/loops/8c1368db-0306-40fa-8b1b-6bb49cfc563e");
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain(link("/assets/loop-5.js"));
    expect(head.indexOf(link("/assets/loop-5.js"))).toBeGreaterThan(head.indexOf("/assets/index-abc.js"));
    expect(html).not.toContain("home-1.js");
  });

  it("matches a literal page before a page with a parameter, and a path with a trailing slash", async () => {
    const confirm = await page("/profile/email/confirm");
    expect(confirm).toContain(link("/assets/email-confirm-3.js"));
    expect(confirm).not.toContain("user-profile-4.js");
    const profile = await page("/profile/u-1");
    expect(profile).toContain(link("/assets/user-profile-4.js"));
    expect(profile).toContain(link("/assets/loop-list-2.js"));
    expect(await page("/home/")).toContain(link("/assets/home-1.js"));
  });

  it("adds nothing for a path no page has, an empty parameter or a deeper path", async () => {
    const linksFor = routePreloadLinks(webDist);
    expect(linksFor("/nowhere")).toBe("");
    expect(linksFor("/loops/")).toBe("");
    expect(linksFor("/loops/a/b")).toBe("");
    expect(await page("/nowhere")).not.toContain("modulepreload");
  });

  it("adds nothing when the build has no list (an older build)", () => {
    expect(routePreloadLinks(path.join(webDist, "assets"))("/home")).toBe("");
  });
});
