#!/usr/bin/env node
// Fails when a comment names a path of this repository that does not exist, or a markdown anchor
// (`docs/product.md#fees`) that is not a heading of that file (GitHub's slugs). Run by `pnpm lint`
// after ESLint. Scans the comments of the source folders below; a path is one that starts with a
// top-level folder of the repository (`docs/…`, `api/…`, `web/…`), written from the root.
//
//   node scripts/check-doc-links.mjs [folder…]
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** The folders whose comments are checked (the command line may name others). */
const SCANNED = ["api/src", "web/src", "rules/src", "indexer/src", "contracts/src", "scripts"];
const SOURCE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs|sol)$/;
const SKIPPED_DIRS = new Set(["node_modules", "dist", "generated", ".ponder", "artifacts", "cache"]);

/** The top-level folders a path in a comment starts with. */
const TOP = ["docs", "api", "web", "rules", "indexer", "contracts", "scripts", "e2e"];
/**
 * A path: a top-level folder and at least one more segment, not inside another path or a URL
 * (`/api/loops`, `@loop/rules/units`, `https://…/docs/…`), up to the first character a path here
 * never has.
 */
const PATH = new RegExp(`(?<![\\w./@:-])(?:${TOP.join("|")})/[\\w./@#-]*[\\w#-]`, "g");
/** Placeholders and patterns, not paths: `api/src/features/<feature>/`, `*.view.ts`, `{a,b}`, `…`. */
const PATTERN_NEXT = /^[<*{…$]/;

function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) out.push(...sourceFiles(path.join(dir, entry.name)));
    } else if (SOURCE.test(entry.name)) out.push(path.join(dir, entry.name));
  }
  return out;
}

/**
 * The comments of a JavaScript, TypeScript or Solidity file with the line each starts on: `//` and
 * `/* … *\/`, outside strings and template literals (a `//` in a URL string is no comment).
 */
export function comments(text) {
  const found = [];
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === "\n") {
      line++;
      i++;
    } else if (c === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      const stop = end === -1 ? n : end;
      found.push({ line, text: text.slice(i + 2, stop) });
      i = stop;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end === -1 ? n : end;
      const body = text.slice(i + 2, stop);
      found.push({ line, text: body });
      line += body.split("\n").length - 1;
      i = stop + 2;
    } else if (c === '"' || c === "'" || c === "`") {
      i++;
      while (i < n && text[i] !== c) {
        if (text[i] === "\\") i++;
        else if (text[i] === "\n") {
          line++;
          if (c !== "`") break; // an unterminated quote: the line ends it
        }
        i++;
      }
      i++;
    } else i++;
  }
  return found;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const anchorCache = new Map();

/** The anchors of a markdown file: its headings' slugs (repeats get -1, -2…) and explicit ids. */
function anchorsOf(file) {
  let anchors = anchorCache.get(file);
  if (anchors) return anchors;
  anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const raw of readFileSync(file, "utf8").split("\n")) {
    if (/^\s*(```|~~~)/.test(raw)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(raw);
    if (heading) {
      const base = slug(heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/`/g, ""));
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const id of raw.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1]);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

/**
 * A path git ignores is made by a build or a run (`web/dist`, `api/src/generated`): it may be missing.
 * Asked as a folder too: a pattern like `dist/` matches a folder only, and a missing path is none.
 */
function isIgnored(target) {
  const ignored = (name) => spawnSync("git", ["check-ignore", "--quiet", "--no-index", name], { cwd: root }).status === 0;
  return ignored(target) || ignored(`${target.replace(/\/$/, "")}/`);
}

/** What is wrong with `ref` (a path, maybe with #anchor), or null. */
export function problemOf(ref) {
  const hash = ref.indexOf("#");
  const target = (hash === -1 ? ref : ref.slice(0, hash)).replace(/\.$/, "");
  const anchor = hash === -1 ? null : ref.slice(hash + 1);
  const file = path.join(root, target);
  if (!existsSync(file)) return isIgnored(target) ? null : `${target} does not exist`;
  if (anchor === null || anchor === "") return null;
  if (!target.endsWith(".md") || statSync(file).isDirectory()) return null;
  if (!anchorsOf(file).has(anchor)) return `${target} has no heading #${anchor}`;
  return null;
}

/** Every stale reference in the comments of `files` (paths from the root). */
export function staleReferences(files) {
  const stale = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const comment of comments(text)) {
      for (const match of comment.text.matchAll(PATH)) {
        const after = comment.text[match.index + match[0].length];
        if (after !== undefined && PATTERN_NEXT.test(after)) continue;
        // A path written with a trailing full stop or slash ends a sentence or names a folder.
        const ref = match[0].replace(/[.]+$/, "");
        const problem = problemOf(ref);
        if (problem) {
          const line = comment.line + comment.text.slice(0, match.index).split("\n").length - 1;
          stale.push({ file, line, ref, problem });
        }
      }
    }
  }
  return stale;
}

const folders = process.argv.length > 2 ? process.argv.slice(2) : SCANNED;
const files = folders
  .filter((folder) => existsSync(path.join(root, folder)))
  .flatMap((folder) => sourceFiles(path.join(root, folder)))
  .map((file) => path.relative(root, file));
const stale = staleReferences(files);
for (const { file, line, ref, problem } of stale) console.error(`${file}:${line}: ${ref}: ${problem}`);
if (stale.length) {
  console.error(`check-doc-links: ${stale.length} stale reference(s) in comments: fix the path or the anchor.`);
  process.exit(1);
}
console.log(`check-doc-links: ${files.length} files, every path and anchor named in a comment exists.`);
