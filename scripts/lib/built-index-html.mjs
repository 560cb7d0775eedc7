// web/dist/index.html as Vite builds it, for the tests and benches that serve a stand-in build
// (api/test/compression.test.ts, api/test/page-meta.test.ts, scripts/bench/loop-page.mjs): web/index.html
// itself, so that its head stays the real one, with the build's tags in place of the development entry.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/index.html");
const DEV_ENTRY = /\n\s*<script type="module" src="\/src\/main\.tsx"><\/script>/;

/** The page with `headTags` (the built entry script, its preloads, its stylesheet) last in its head. */
export function builtIndexHtml(headTags) {
  const html = readFileSync(SOURCE, "utf8");
  if (!DEV_ENTRY.test(html)) throw new Error(`${SOURCE} has no development entry to replace`);
  return html.replace(DEV_ENTRY, "").replace("  </head>", `${headTags.map((tag) => `    ${tag}\n`).join("")}  </head>`);
}
