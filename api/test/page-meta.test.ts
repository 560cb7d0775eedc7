// Links that preview (issue 36): each shareable page of the built web app answers with its own head
// (title, description, canonical URL, Open Graph and Twitter tags, JSON-LD, a loop's data), a page
// that is not there answers 404 with the app's HTML, robots.txt and sitemap.xml list what is public,
// and a loop has a waveform image for its link preview.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { publicLoopSchema } from "@loop/rules/schemas/loops";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SITEMAP_MAX_URLS, setSitemapPageSize } from "../src/features/page-meta/sitemap";
import { builtIndexHtml } from "../../scripts/lib/built-index-html.mjs";
import { createGenre, insertLoopRow, type LoopRow } from "./support/listed-loop";
import { signInMember, type Member } from "./support/members";
import { binary } from "./support/binary-body";
import { APP_ORIGIN, createTestApp, type TestApp } from "./support/test-app";

/** web/dist/index.html as Vite builds it (its head's own title and description are replaced per page). */
const INDEX_HTML = builtIndexHtml([`<script type="module" crossorigin src="/assets/index-test123.js"></script>`]);

const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[name]!);

/** The content of `<meta property|name="key" content="…">`, decoded; undefined when absent. */
function metaOf(html: string, key: string): string | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = new RegExp(`<meta (?:property|name)="${escaped}" content="([^"]*)"`).exec(html);
  return found ? decodeEntities(found[1]!) : undefined;
}

const titleOf = (html: string) => {
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)];
  expect(titles).toHaveLength(1);
  return decodeEntities(titles[0]![1]!);
};
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
/** The JSON of `<script …attributes…>`, parsed. */
function scriptJson(html: string, attributes: string): unknown {
  const escaped = attributes.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = new RegExp(`<script ${escaped}>([\\s\\S]*?)</script>`).exec(html);
  return found ? JSON.parse(found[1]!) : undefined;
}
const jsonLdOf = (html: string) => scriptJson(html, 'type="application/ld+json"') as Record<string, unknown> | undefined;
const loopDataOf = (html: string) => scriptJson(html, 'id="loop-data" type="application/json"');

/** The app's own HTML is what answered: its root element and its script. */
function expectTheApp(html: string) {
  expect(html).toContain('<div id="root"></div>');
  expect(html).toContain('<script type="module" crossorigin src="/assets/index-test123.js"></script>');
  expect(html.startsWith("<!doctype html>")).toBe(true);
}

describe("link previews, robots.txt and the sitemap", () => {
  let t: TestApp;
  let webDist: string;
  let genre: number;
  let creator: Member;
  let creatorName: string;

  const page = (url: string) => request(t.app).get(url).set("Accept", "text/html").set("User-Agent", "Twitterbot/1.0");
  let seq = 0;
  const insertLoop = (extra: Partial<LoopRow> = {}) =>
    insertLoopRow(t.db.prisma, { userId: creator.id, genreId: genre, title: `Preview ${++seq}`, ...extra });

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), "loop-page-meta-web-"));
    mkdirSync(path.join(webDist, "assets"));
    writeFileSync(path.join(webDist, "index.html"), INDEX_HTML);
    writeFileSync(path.join(webDist, "assets", "index-test123.js"), "console.log('loop')");
    t = await createTestApp({ env: { WEB_DIST: webDist }, empty: true });
    genre = await createGenre(t.db.prisma, "Deep House");
    creator = await signInMember(t);
    creatorName = `maya_${Date.now().toString(36)}`;
    await t.db.prisma.user.update({
      where: { id: creator.id },
      data: { username: creatorName, firstName: "Maya", bio: "Loops from Lagos." },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });
  afterEach(() => setSitemapPageSize(SITEMAP_MAX_URLS));

  describe("a loop's page", () => {
    let loopId: string;
    beforeAll(async () => {
      loopId = await insertLoop({
        title: "Velvet Drift",
        description: "A warm chord loop with vinyl crackle.",
        priceCents: 499,
        bpm: 122,
        key: "A minor",
        durationMs: 32_000,
        tags: "chords,warm",
        ratingSum: 9,
        ratingCount: 2,
        previewKey: "loops/velvet/preview.mp3",
        peaksKey: "loops/velvet/peaks.json",
      });
    });

    it("has its own title, description, canonical URL, Open Graph music.song with audio and image, and a large Twitter card", async () => {
      const response = await page(`/loops/${loopId}`).expect(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      const html = response.text;
      expectTheApp(html);
      expect(titleOf(html)).toBe(`Velvet Drift by ${creatorName} — LOOP`);
      const description = metaOf(html, "description")!;
      expect(description).toContain(`Deep House loop by ${creatorName}`);
      expect(description).toContain("122 BPM");
      expect(description).toContain("A minor");
      expect(description).toContain("$4.99");
      expect(description).toContain("A warm chord loop with vinyl crackle.");
      // The template's own description is replaced, not repeated.
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(canonicalOf(html)).toBe(`${APP_ORIGIN}/loops/${loopId}`);
      expect(metaOf(html, "og:url")).toBe(`${APP_ORIGIN}/loops/${loopId}`);
      expect(metaOf(html, "og:type")).toBe("music.song");
      expect(metaOf(html, "og:title")).toBe(`Velvet Drift by ${creatorName} — LOOP`);
      expect(metaOf(html, "og:audio")).toBe(`${APP_ORIGIN}/api/loops/${loopId}/preview`);
      expect(metaOf(html, "og:audio:type")).toBe("audio/mpeg");
      const image = metaOf(html, "og:image")!;
      expect(image.startsWith(`${APP_ORIGIN}/api/loops/${loopId}/og-image.png`)).toBe(true);
      expect(metaOf(html, "og:image:width")).toBe("1200");
      expect(metaOf(html, "og:image:height")).toBe("630");
      expect(metaOf(html, "music:musician")).toBe(`${APP_ORIGIN}/profile/${creator.id}`);
      expect(metaOf(html, "music:duration")).toBe("32");
      expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
      expect(metaOf(html, "twitter:image")).toBe(image);
      expect(metaOf(html, "robots")).toBeUndefined();
      // The image the tags name is served.
      const png = await request(t.app)
        .get(new URL(image).pathname + new URL(image).search)
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(png.headers["content-type"]).toBe("image/png");
    });

    it("carries JSON-LD MusicRecording with its offer, and the loop exactly as GET /api/loops/:id answers a visitor", async () => {
      const html = (await page(`/loops/${loopId}`).expect(200)).text;
      expect(jsonLdOf(html)).toMatchObject({
        "@context": "https://schema.org",
        "@type": "MusicRecording",
        url: `${APP_ORIGIN}/loops/${loopId}`,
        name: "Velvet Drift",
        genre: "Deep House",
        duration: "PT0M32S",
        byArtist: { "@type": "Person", name: creatorName, url: `${APP_ORIGIN}/profile/${creator.id}` },
        audio: { "@type": "AudioObject", contentUrl: `${APP_ORIGIN}/api/loops/${loopId}/preview` },
        offers: { "@type": "Offer", price: "4.99", priceCurrency: "USD", availability: "https://schema.org/InStock" },
        aggregateRating: { ratingValue: 4.5, ratingCount: 2 },
      });
      const api = (await request(t.app).get(`/api/loops/${loopId}`).expect(200)).body;
      expect(loopDataOf(html)).toEqual(api);
      expect(publicLoopSchema.parse(loopDataOf(html))).toMatchObject({ id: loopId, title: "Velvet Drift" });
    });

    it("a free loop's offer is 0.00 USD", async () => {
      const free = await insertLoop({ title: "Free Bounce", isFree: true, priceCents: 0 });
      const html = (await page(`/loops/${free}`).expect(200)).text;
      expect(jsonLdOf(html)).toMatchObject({ offers: { price: "0.00", priceCurrency: "USD" } });
      expect(metaOf(html, "description")).toContain("Free download");
    });

    it("escapes a title, description and creator name that try to break out of the HTML or the scripts", async () => {
      const evilTitle = `</script><script>alert("t")</script> "quoted" & 'single' <b>`;
      const evilDescription = `<!-- </title><img src=x onerror=alert(1)> \u2028 "desc"`;
      const evil = await insertLoop({ title: evilTitle, description: evilDescription, previewKey: "loops/evil/preview.mp3" });
      const html = (await page(`/loops/${evil}`).expect(200)).text;
      expectTheApp(html);
      // Nothing of the member's text is markup: three scripts (JSON-LD, the loop's data, the app), no injected element.
      expect(html.match(/<script/g)).toHaveLength(3);
      expect(html).not.toContain("<script>alert");
      expect(html).not.toContain("<img");
      expect(html).not.toContain("<b>");
      expect(html).not.toContain("<!-- ");
      expect(titleOf(html)).toBe(`${evilTitle} by ${creatorName} — LOOP`);
      expect(metaOf(html, "og:title")).toBe(`${evilTitle} by ${creatorName} — LOOP`);
      expect(metaOf(html, "description")).toContain(`"desc"`);
      // The scripts' JSON reads back as the same text.
      expect(jsonLdOf(html)).toMatchObject({ name: evilTitle, description: evilDescription });
      expect(loopDataOf(html)).toMatchObject({ title: evilTitle, description: evilDescription });
    });

    it("a hidden, private, unfinished or unknown loop answers 404 with the app's HTML and noindex, and no data", async () => {
      const hidden = await insertLoop({ status: "hidden", hiddenReason: "Copyright claim" });
      const privateLoop = await insertLoop({ isPublic: false });
      const processing = await insertLoop({ status: "processing" });
      for (const id of [hidden, privateLoop, processing, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
        const html = (await page(`/loops/${id}`).expect(404)).text;
        expectTheApp(html);
        expect(titleOf(html)).toBe("Loop Not Available — LOOP");
        expect(metaOf(html, "robots")).toBe("noindex");
        expect(loopDataOf(html)).toBeUndefined();
        expect(jsonLdOf(html)).toBeUndefined();
        expect(html).not.toContain("Copyright claim");
      }
      await request(t.app).get(`/api/loops/${hidden}/og-image.png`).expect(404);
      await request(t.app).get(`/api/loops/${privateLoop}/og-image.png`).expect(404);
    });
  });

  it("an unknown path answers 404 with the app's HTML (its not-found page), noindex", async () => {
    for (const url of ["/no-such-page", "/loops", "/profile/a/b", "/home/elsewhere"]) {
      const response = await page(url).expect(404);
      expectTheApp(response.text);
      expect(titleOf(response.text)).toBe("Page Not Found — LOOP");
      expect(metaOf(response.text, "robots")).toBe("noindex");
    }
    // The app's other pages answer 200; the private ones are not indexed.
    const settings = (await page("/settings").expect(200)).text;
    expectTheApp(settings);
    expect(metaOf(settings, "robots")).toBe("noindex");
    await page("/tokens").expect(200);
    await page("/profile/email/confirm?token=abc").expect(200);
    // Files and the API are not pages.
    await request(t.app).get("/assets/index-test123.js").expect(200);
    expect((await request(t.app).get("/api/nothing").expect(404)).body).toMatchObject({ message: "No route for GET /api/nothing" });
  });

  it("/ and /home have their own titles, descriptions and canonical URLs", async () => {
    const root = (await page("/").expect(200)).text;
    expectTheApp(root);
    expect(titleOf(root)).toBe("LOOP — Music Loop Marketplace");
    expect(canonicalOf(root)).toBe(`${APP_ORIGIN}/`);
    expect(jsonLdOf(root)).toMatchObject({ "@type": "WebSite", url: `${APP_ORIGIN}/` });
    const home = (await page("/home").expect(200)).text;
    expect(titleOf(home)).toBe("Browse Loops and Tracks — LOOP");
    expect(metaOf(home, "description")).toMatch(/^Browse music loops and tracks on LOOP/);
    expect(canonicalOf(home)).toBe(`${APP_ORIGIN}/home`);
    expect(metaOf(home, "og:type")).toBe("website");
  });

  it("a profile's head names the member (Person, ProfilePage) and carries its card; an unknown member is 404", async () => {
    await insertLoop();
    const html = (await page(`/profile/${creator.id}`).expect(200)).text;
    // The card's fields as the API answers a visitor: the page's loading state shows them.
    const answer = (await request(t.app).get(`/api/users/${creator.id}/profile`).expect(200)).body as Record<string, unknown>;
    expect(scriptJson(html, 'id="profile-data" type="application/json"')).toEqual({ user: answer.user, totalLoops: answer.totalLoops });
    expect(answer.totalLoops).toBeGreaterThan(0);
    expect(titleOf(html)).toBe(`${creatorName} (Maya) — LOOP`);
    expect(metaOf(html, "description")).toContain("Loops from Lagos.");
    expect(canonicalOf(html)).toBe(`${APP_ORIGIN}/profile/${creator.id}`);
    expect(metaOf(html, "og:type")).toBe("profile");
    expect(jsonLdOf(html)).toMatchObject({
      "@type": "ProfilePage",
      mainEntity: { "@type": "Person", name: "Maya", alternateName: creatorName, url: `${APP_ORIGIN}/profile/${creator.id}` },
    });
    const missing = (await page("/profile/00000000-0000-4000-8000-000000000000").expect(404)).text;
    expect(titleOf(missing)).toBe("User Not Found — LOOP");
    expect(metaOf(missing, "robots")).toBe("noindex");
  });

  it("a public collection's head is a MusicPlaylist; a private one is 404", async () => {
    const crate = await t.db.prisma.collection.create({
      data: { userId: creator.id, name: "Late Night <Crate>", description: "For the drive home", isPublic: true },
    });
    await t.db.prisma.collectionLoop.create({ data: { collectionId: crate.id, loopId: await insertLoop() } });
    const html = (await page(`/collections/${crate.id}`).expect(200)).text;
    expect(titleOf(html)).toBe(`Late Night <Crate> by ${creatorName} — LOOP`);
    expect(canonicalOf(html)).toBe(`${APP_ORIGIN}/collections/${crate.id}`);
    expect(jsonLdOf(html)).toMatchObject({
      "@type": "MusicPlaylist",
      name: "Late Night <Crate>",
      description: "For the drive home",
      numTracks: 1,
      author: { name: creatorName },
    });
    const hidden = await t.db.prisma.collection.create({ data: { userId: creator.id, name: "Secret", isPublic: false } });
    const privateHtml = (await page(`/collections/${hidden.id}`).expect(404)).text;
    expect(titleOf(privateHtml)).toBe("Collection Not Found — LOOP");
    expect(privateHtml).not.toContain("Secret");
  });

  it("a licence's head previews it (not indexed); an unknown licence is 404", async () => {
    const downloader = await signInMember(t);
    const free = await insertLoop({ title: "Free Licence Loop", isFree: true });
    await t.db.prisma.loopDownload.create({ data: { loopId: free, userId: downloader.id, format: "mp3" } });
    const licence = await t.db.prisma.licence.findFirstOrThrow({ where: { downloadLoopId: free } });
    const html = (await page(`/licences/${licence.id}`).expect(200)).text;
    expect(titleOf(html)).toBe("Licence for “Free Licence Loop” — LOOP");
    expect(metaOf(html, "description")).toContain(`by ${creatorName} (MP3)`);
    expect(metaOf(html, "description")).toContain("valid");
    expect(metaOf(html, "robots")).toBe("noindex");
    expect(canonicalOf(html)).toBe(`${APP_ORIGIN}/licences/${licence.id}`);
    expect(titleOf((await page("/licences/00000000-0000-4000-8000-000000000000").expect(404)).text)).toBe("Licence Not Found — LOOP");
  });

  it("GET /api/page-head answers the same head and status, for the web's dev server", async () => {
    const loopId = await insertLoop({ title: "Dev Head" });
    const answer = (
      await request(t.app)
        .get(`/api/page-head?path=${encodeURIComponent(`/loops/${loopId}?from=search`)}`)
        .expect(200)
    ).body;
    expect(answer.status).toBe(200);
    expect(answer.head).toContain(`<title>Dev Head by ${creatorName} — LOOP</title>`);
    expect(answer.head).toContain('<meta property="og:type" content="music.song" />');
    expect(answer.head).toContain('<script id="loop-data" type="application/json">');
    expect((await request(t.app).get("/api/page-head?path=/nowhere").expect(200)).body.status).toBe(404);
    expect((await request(t.app).get("/api/page-head?path=nowhere").expect(400)).body.message).toMatch(/^Invalid Path: /);
  });

  it("robots.txt allows the site, disallows the API and the private pages, and names the sitemap", async () => {
    const response = await request(t.app).get("/robots.txt").expect(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    const lines = response.text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const line of [
      "Allow: /",
      "Disallow: /api/",
      "Disallow: /settings",
      "Disallow: /tokens",
      "Disallow: /admin",
      "Disallow: /profile$",
    ]) {
      expect(lines).toContain(line);
    }
    // The link preview's image and audio may be fetched by the networks' crawlers.
    expect(lines).toContain("Allow: /api/loops");
    expect(lines).not.toContain("Disallow: /profile");
    expect(lines).toContain(`Sitemap: ${APP_ORIGIN}/sitemap.xml`);
  });

  describe("sitemap.xml", () => {
    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((found) => decodeEntities(found[1]!));

    it("lists /, /home, every public loop with its lastmod, its creators and public collections; nothing hidden or private", async () => {
      const listed = await insertLoop({ title: "Sitemap Listed" });
      const hidden = await insertLoop({ status: "hidden" });
      const privateLoop = await insertLoop({ isPublic: false });
      const onlyPrivate = await signInMember(t);
      await insertLoop({ userId: onlyPrivate.id, isPublic: false });
      const shared = await t.db.prisma.collection.create({ data: { userId: creator.id, name: "Shared", isPublic: true } });
      const mine = await t.db.prisma.collection.create({ data: { userId: creator.id, name: "Mine", isPublic: false } });

      const response = await request(t.app).get("/sitemap.xml").expect(200);
      expect(response.headers["content-type"]).toMatch(/^application\/xml/);
      const xml = response.text;
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(
        true,
      );
      expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
      const urls = locs(xml);
      expect(urls).toContain(`${APP_ORIGIN}/`);
      expect(urls).toContain(`${APP_ORIGIN}/home`);
      expect(urls).toContain(`${APP_ORIGIN}/loops/${listed}`);
      expect(urls).toContain(`${APP_ORIGIN}/profile/${creator.id}`);
      expect(urls).toContain(`${APP_ORIGIN}/collections/${shared.id}`);
      for (const absent of [`/loops/${hidden}`, `/loops/${privateLoop}`, `/profile/${onlyPrivate.id}`, `/collections/${mine.id}`]) {
        expect(urls).not.toContain(`${APP_ORIGIN}${absent}`);
      }
      const updatedAt = (await t.db.prisma.loop.findUniqueOrThrow({ where: { id: listed } })).updatedAt;
      expect(xml).toContain(`<url><loc>${APP_ORIGIN}/loops/${listed}</loc><lastmod>${updatedAt.toISOString()}</lastmod></url>`);
      // Every listed loop once.
      const publicLoops = await t.db.prisma.loop.findMany({ where: { status: "ready", isPublic: true }, select: { id: true } });
      expect(urls.filter((url) => url.includes("/loops/")).sort()).toEqual(
        publicLoops.map((loop) => `${APP_ORIGIN}/loops/${loop.id}`).sort(),
      );
    });

    it("past its page size, /sitemap.xml is a sitemap index whose files list the same URLs, each at most a page", async () => {
      for (let i = 0; i < 3; i++) await insertLoop({ title: `Paged ${i}` });
      const single = locs((await request(t.app).get("/sitemap.xml").expect(200)).text);
      const loopCount = single.filter((url) => url.includes("/loops/")).length;
      expect(loopCount).toBeGreaterThan(4);

      setSitemapPageSize(2);
      const index = (await request(t.app).get("/sitemap.xml").expect(200)).text;
      expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const files = locs(index);
      expect(files).toContain(`${APP_ORIGIN}/sitemaps/pages-1.xml`);
      expect(files).toContain(`${APP_ORIGIN}/sitemaps/loops-1.xml`);
      expect(files).toContain(`${APP_ORIGIN}/sitemaps/loops-${Math.ceil(loopCount / 2)}.xml`);
      expect(files).not.toContain(`${APP_ORIGIN}/sitemaps/loops-${Math.ceil(loopCount / 2) + 1}.xml`);
      const paged: string[] = [];
      for (const file of files) {
        const xml = (await request(t.app).get(new URL(file).pathname).expect(200)).text;
        expect(xml).toContain("<urlset");
        const urls = locs(xml);
        expect(urls.length).toBeGreaterThan(0);
        expect(urls.length).toBeLessThanOrEqual(2);
        paged.push(...urls);
      }
      expect(paged.sort()).toEqual([...single].sort());
      await request(t.app)
        .get(`/sitemaps/loops-${Math.ceil(loopCount / 2) + 1}.xml`)
        .expect(404);
      await request(t.app).get("/sitemaps/secrets-1.xml").expect(404);
    });
  });

  describe("a loop's preview image", () => {
    it("is a 1200×630 PNG of the loop's waveform, cached by its ETag", async () => {
      const peaksKey = "loops/og/peaks.json";
      // Loud in the first half, silent in the second.
      const peaks = Array.from({ length: 200 }, (_, i) => (i < 100 ? [-0.9, 0.9] : [0, 0]));
      await t.storage.put(peaksKey, Buffer.from(JSON.stringify({ points: 200, peaks })));
      const id = await insertLoop({ peaksKey });
      const response = await request(t.app).get(`/api/loops/${id}/og-image.png`).buffer(true).parse(binary).expect(200);
      expect(response.headers["content-type"]).toBe("image/png");
      expect(response.headers["cache-control"]).toBe("public, max-age=86400");
      const png = response.body as Buffer;
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(png.readUInt32BE(8)).toBe(13);
      expect(png.toString("latin1", 12, 16)).toBe("IHDR");
      expect(png.readUInt32BE(16)).toBe(1200);
      expect(png.readUInt32BE(20)).toBe(630);
      expect([png[24], png[25]]).toEqual([8, 3]); // 8-bit, indexed

      // The pixels: bars reach far above the middle on the left, not on the right.
      const chunks = new Map<string, Buffer[]>();
      for (let at = 8; at < png.length;) {
        const length = png.readUInt32BE(at);
        const type = png.toString("latin1", at + 4, at + 8);
        chunks.set(type, [...(chunks.get(type) ?? []), png.subarray(at + 8, at + 8 + length)]);
        at += 12 + length;
      }
      expect([...chunks.keys()]).toEqual(["IHDR", "PLTE", "IDAT", "IEND"]);
      const raw = inflateSync(Buffer.concat(chunks.get("IDAT")!));
      expect(raw.length).toBe(630 * 1201); // a filter byte and 1200 pixels per row
      const row = (y: number) => raw.subarray(y * 1201 + 1, (y + 1) * 1201);
      const high = row(315 - 150);
      // (The bar at the middle, x 597–602, takes peaks of both halves.)
      expect(high.subarray(0, 580).some((index) => index > 1)).toBe(true);
      expect(high.subarray(620).some((index) => index > 1)).toBe(false);

      const etag = response.headers.etag as string;
      expect(etag).toMatch(/^"og-/);
      await request(t.app).get(`/api/loops/${id}/og-image.png`).set("If-None-Match", etag).expect(304);
    });
  });
});
