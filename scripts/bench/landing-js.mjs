// Initial JavaScript of the landing page: the entry script of web/dist/index.html plus every
// chunk it loads before running (its modulepreload links and, recursively, the chunks the entry
// imports statically). Dynamic imports (the wallet stack) are not counted.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const name = "landing-js";
export const description = "initial JavaScript of the landing page, kB gzip (1 kB = 1000 bytes, as Vite reports)";
export const BUDGET_KB = 120;

/** Local script and modulepreload URLs of an HTML page. */
export function initialScripts(html) {
  const urls = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (key) =>
      new RegExp(`\\b${key}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
        .exec(tag)
        ?.slice(2)
        .find((v) => v !== undefined);
    if (/^<script/i.test(tag)) {
      const src = attr("src");
      if (src && attr("type") === "module") urls.add(src);
    } else if (attr("rel") === "modulepreload" && attr("href")) {
      urls.add(attr("href"));
    }
  }
  return [...urls].filter((url) => !/^(https?:)?\/\//.test(url));
}

/** Relative specifiers a minified ES module imports statically (not `import()`). */
export function staticImports(code) {
  const specifiers = new Set();
  const re = /(?:^|[;}\n\s])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
  for (let m = re.exec(code); m; m = re.exec(code)) if (m[1].startsWith(".") || m[1].startsWith("/")) specifiers.add(m[1]);
  // Re-exports: export{a}from"./x.js" / export*from"./x.js"
  const reExport = /(?:^|[;}\n\s])export\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g;
  for (let m = reExport.exec(code); m; m = reExport.exec(code)) if (m[1].startsWith(".") || m[1].startsWith("/")) specifiers.add(m[1]);
  return [...specifiers];
}

export async function run({ ensureWebBuild, log }) {
  const dist = await ensureWebBuild(log);
  const html = readFileSync(path.join(dist, "index.html"), "utf8");
  const toFile = (url) => path.join(dist, url.replace(/^\//, "").split(/[?#]/)[0]);
  const queue = initialScripts(html).map(toFile);
  if (queue.length === 0) throw new Error("web/dist/index.html has no module script");
  const seen = new Map();
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file) || !file.endsWith(".js")) continue;
    if (!existsSync(file)) {
      log(`(skipping ${path.relative(dist, file)}: referenced but not in web/dist)`);
      continue;
    }
    const code = readFileSync(file);
    seen.set(file, { raw: code.length, gzip: gzipSync(code).length });
    for (const spec of staticImports(code.toString("utf8"))) {
      queue.push(spec.startsWith("/") ? toFile(spec) : path.resolve(path.dirname(file), spec.split(/[?#]/)[0]));
    }
  }
  const rows = [...seen.entries()].sort((a, b) => b[1].gzip - a[1].gzip);
  const totalGzip = rows.reduce((sum, [, size]) => sum + size.gzip, 0);
  const totalRaw = rows.reduce((sum, [, size]) => sum + size.raw, 0);
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  return {
    value: totalGzip / 1000,
    unit: "kB gzip",
    budget: BUDGET_KB,
    details: [
      `  the three largest: ${rows
        .slice(0, 3)
        .map(([file, size]) => `${path.relative(dist, file)} ${kb(size.gzip)}`)
        .join(", ")}`,
      ...rows.map(
        ([file, size]) => `  ${path.relative(dist, file).padEnd(48)} ${kb(size.gzip).padStart(10)} gzip  ${kb(size.raw).padStart(10)} raw`,
      ),
      `  ${`${rows.length} file(s)`.padEnd(48)} ${kb(totalGzip).padStart(10)} gzip  ${kb(totalRaw).padStart(10)} raw`,
    ],
  };
}
