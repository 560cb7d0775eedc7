// Text compression (issue 36, Lighthouse "enable text compression"): the web's files are sent as the
// build's brotli or gzip copy when the browser takes it, the server's own pages and JSON answers are
// compressed per request, and nothing streamed (event streams, audio, ranges) is touched. Each
// page's head says whether the request carried the session cookie, so that a visitor's page does
// not ask GET /api/auth/user. On a real socket: the bytes as they go over the wire.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtIndexHtml } from "../../scripts/lib/built-index-html.mjs";
import { insertLoopRow } from "./support/listed-loop";
import { signInMember, type Member } from "./support/members";
import { createTestApp, type TestApp } from "./support/test-app";

/** web/dist/index.html as Vite builds it. */
const INDEX_HTML = builtIndexHtml([
  `<script type="module" crossorigin src="/assets/index-test123.js"></script>`,
  `<link rel="stylesheet" crossorigin href="/assets/index-test123.css">`,
]);

/** A content-hashed script above the build's 1 kB threshold, with its .br and .gz copies (as web/vite-precompress.ts writes them). */
const MAIN_JS = Array.from(
  { length: 200 },
  (_, i) => `export const loop${i} = { title: "Velvet Groove ${i}", bpm: ${80 + (i % 60)} };`,
).join("\n");
const MAIN_CSS = Array.from({ length: 100 }, (_, i) => `.card-${i} { padding: ${i}px; color: #0b0a14; }`).join("\n");
/** Below the threshold: no copies. */
const SMALL_JS = "console.log('loop');\n";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent. */
  body: Buffer;
}

/** The body as the client reads it, after its Content-Encoding. */
function decoded(answer: Answer): string {
  const coding = answer.headers["content-encoding"];
  const bytes = coding === "br" ? brotliDecompressSync(answer.body) : coding === "gzip" ? gunzipSync(answer.body) : answer.body;
  return bytes.toString("utf8");
}

const varies = (answer: Answer, header: string) =>
  String(answer.headers.vary ?? "")
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes(header.toLowerCase());

describe("compressed answers", () => {
  let t: TestApp;
  let webDist: string;
  let server: http.Server;
  let port: number;
  let member: Member;
  let loopWithPreview: string;
  const preview = Buffer.from(Array.from({ length: 4000 }, (_, i) => `frame ${i};`).join(""));

  /** One GET on a fresh connection, read whole (or only its head with `headOnly`: an endless stream). */
  function get(urlPath: string, headers: Record<string, string> = {}, headOnly = false): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.get({ host: "127.0.0.1", port, path: urlPath, headers, agent: false }, (res) => {
        if (headOnly) {
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.alloc(0) });
          res.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      });
      req.on("error", reject);
    });
  }

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), "loop-web-dist-"));
    mkdirSync(path.join(webDist, "assets"));
    mkdirSync(path.join(webDist, ".vite"));
    writeFileSync(path.join(webDist, "index.html"), INDEX_HTML);
    writeFileSync(path.join(webDist, ".vite", "manifest.json"), "{}");
    for (const [name, text] of [
      ["assets/index-test123.js", MAIN_JS],
      ["assets/index-test123.css", MAIN_CSS],
    ] as const) {
      const file = path.join(webDist, name);
      writeFileSync(file, text);
      writeFileSync(`${file}.br`, brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
    }
    writeFileSync(path.join(webDist, "assets", "small-test123.js"), SMALL_JS);

    t = await createTestApp({ env: { WEB_DIST: webDist }, empty: true });
    member = await signInMember(t);
    const creator = (await t.db.prisma.user.create({ data: { username: "velvet_maker", email: "velvet@example.com" } })).id;
    for (let i = 0; i < 8; i++) {
      await insertLoopRow(t.db.prisma, { userId: creator, title: `Velvet Groove ${i}`, description: "Warm keys and dusty drums." });
    }
    loopWithPreview = await insertLoopRow(t.db.prisma, { userId: creator, title: "Previewed", previewKey: "loops/previewed/preview.mp3" });
    await t.storage.put("loops/previewed/preview.mp3", preview);

    server = t.app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  describe("the web's built files", () => {
    it("a browser that takes brotli gets the build's .br copy, with the file's type, its length, Vary and the immutable cache", async () => {
      const plain = await get("/assets/index-test123.js");
      const br = await get("/assets/index-test123.js", { "Accept-Encoding": "gzip, deflate, br, zstd" });
      expect(br.status).toBe(200);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(decoded(br)).toBe(MAIN_JS);
      expect(br.body.length).toBeLessThan(MAIN_JS.length / 3);
      expect(Number(br.headers["content-length"])).toBe(br.body.length);
      expect(br.headers["content-type"]).toBe(plain.headers["content-type"]);
      expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
      expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(varies(br, "Accept-Encoding")).toBe(true);

      const css = await get("/assets/index-test123.css", { "Accept-Encoding": "br" });
      expect(css.headers["content-encoding"]).toBe("br");
      expect(css.headers["content-type"]).toMatch(/^text\/css/);
      expect(decoded(css)).toBe(MAIN_CSS);
    });

    it("a browser without brotli, or refusing it with q=0, gets the .gz copy", async () => {
      for (const accept of ["gzip, deflate", "br;q=0, gzip", "gzip;q=1.0, br;q=0.5"]) {
        const gz = await get("/assets/index-test123.js", { "Accept-Encoding": accept });
        expect(gz.headers["content-encoding"], accept).toBe("gzip");
        expect(decoded(gz)).toBe(MAIN_JS);
        expect(Number(gz.headers["content-length"])).toBe(gz.body.length);
        expect(gz.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(varies(gz, "Accept-Encoding")).toBe(true);
      }
    });

    it("a client that takes neither gets the file itself; a range, too; a small file has no copy; a missing asset is 404", async () => {
      for (const headers of [
        {} as Record<string, string>,
        { "Accept-Encoding": "identity" },
        { "Accept-Encoding": "br;q=0, gzip;q=0" },
        { "Accept-Encoding": "deflate" },
      ]) {
        const plain = await get("/assets/index-test123.js", headers);
        expect(plain.headers["content-encoding"]).toBeUndefined();
        expect(plain.body.toString("utf8")).toBe(MAIN_JS);
        expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(varies(plain, "Accept-Encoding")).toBe(true);
      }
      const range = await get("/assets/index-test123.js", { "Accept-Encoding": "br, gzip", Range: "bytes=0-9" });
      expect(range.status).toBe(206);
      expect(range.headers["content-encoding"]).toBeUndefined();
      expect(range.body.toString("utf8")).toBe(MAIN_JS.slice(0, 10));

      const small = await get("/assets/small-test123.js", { "Accept-Encoding": "br, gzip" });
      expect(small.headers["content-encoding"]).toBeUndefined();
      expect(small.body.toString("utf8")).toBe(SMALL_JS);
      expect(small.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

      expect((await get("/assets/missing-test123.js", { "Accept-Encoding": "br, gzip" })).status).toBe(404);
      expect((await get("/.vite/manifest.json", { Accept: "application/json" })).status).toBe(404);
    });
  });

  describe("the server's own answers", () => {
    it("a page's HTML is compressed for a browser that takes it, and decodes to the page", async () => {
      const plain = await get("/", { Accept: "text/html" });
      expect(plain.status).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);
      for (const coding of ["br", "gzip"]) {
        const page = await get("/", { Accept: "text/html", "Accept-Encoding": coding });
        expect(page.headers["content-encoding"]).toBe(coding);
        expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(Number(page.headers["content-length"])).toBe(page.body.length);
        expect(page.body.length).toBeLessThan(plain.body.length);
        expect(decoded(page)).toBe(plain.body.toString("utf8"));
        expect(varies(page, "Accept-Encoding")).toBe(true);
      }
    });

    it("a JSON answer above 1 kB is compressed (the signed-out catalog answered before Express, and Express's routes); a small one is not", async () => {
      for (const [url, headers] of [
        ["/api/loops?sortBy=recent", {}],
        ["/api/search?q=velvet", {}],
        ["/api/loops?sortBy=recent", { Cookie: member.cookie }],
        ["/api/loops/?sortBy=recent", {}],
      ] as const) {
        const plain = await get(url, headers);
        expect(plain.status, url).toBe(200);
        expect(plain.body.length, url).toBeGreaterThan(1024);
        expect(plain.headers["content-encoding"]).toBeUndefined();
        for (const coding of ["br", "gzip"]) {
          const answer = await get(url, { ...headers, "Accept-Encoding": `${coding}, identity;q=0.5` });
          expect(answer.headers["content-encoding"], `${url} ${coding}`).toBe(coding);
          expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
          expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
          expect(JSON.parse(decoded(answer))).toEqual(JSON.parse(plain.body.toString("utf8")));
          expect(varies(answer, "Accept-Encoding")).toBe(true);
        }
      }
      const small = await get("/api/auth/user", { Cookie: member.cookie, "Accept-Encoding": "br, gzip" });
      expect(small.status).toBe(200);
      expect(small.body.length).toBeLessThan(1024);
      expect(small.headers["content-encoding"]).toBeUndefined();
      expect(JSON.parse(small.body.toString("utf8"))).toMatchObject({ id: member.id });
    });

    it("the notifications' event stream and a preview's audio (whole or a range) are never compressed", async () => {
      const stream = await get("/api/notifications/stream", { Cookie: member.cookie, "Accept-Encoding": "br, gzip" }, true);
      expect(stream.status).toBe(200);
      expect(stream.headers["content-type"]).toMatch(/^text\/event-stream/);
      expect(stream.headers["content-encoding"]).toBeUndefined();

      const whole = await get(`/api/loops/${loopWithPreview}/preview`, { "Accept-Encoding": "br, gzip" });
      expect(whole.status).toBe(200);
      expect(whole.headers["content-encoding"]).toBeUndefined();
      expect(Buffer.compare(whole.body, preview)).toBe(0);
      const range = await get(`/api/loops/${loopWithPreview}/preview`, { "Accept-Encoding": "br, gzip", Range: "bytes=100-1999" });
      expect(range.status).toBe(206);
      expect(range.headers["content-encoding"]).toBeUndefined();
      expect(Buffer.compare(range.body, preview.subarray(100, 2000))).toBe(0);
    });
  });

  describe("the session hint in each page's head", () => {
    const sessionMeta = (html: string) => /<meta name="loop-session" content="([01])" \/>/.exec(html)?.[1];

    it("says 0 without the session cookie and 1 with it (its presence only), inside the head, on every page", async () => {
      for (const url of ["/", "/home", `/loops/${loopWithPreview}`, "/no-such-page"]) {
        const visitor = await get(url, { Accept: "text/html", "Accept-Encoding": "br" });
        const html = decoded(visitor);
        expect(sessionMeta(html), url).toBe("0");
        expect(html.indexOf('name="loop-session"')).toBeLessThan(html.indexOf("</head>"));
        expect(varies(visitor, "Cookie")).toBe(true);

        const signedIn = await get(url, { Accept: "text/html", Cookie: `theme=dark; ${member.cookie}` });
        expect(signedIn.status).toBe(visitor.status);
        expect(sessionMeta(decoded(signedIn)), url).toBe("1");
      }
      // Only whether it is there: an expired session's cookie is still "1" (the page then asks, and is answered 401).
      expect(sessionMeta(decoded(await get("/", { Accept: "text/html", Cookie: "loop_session=expired" })))).toBe("1");
      expect(sessionMeta(decoded(await get("/", { Accept: "text/html", Cookie: "not_loop_session=1" })))).toBe("0");
    });
  });
});
