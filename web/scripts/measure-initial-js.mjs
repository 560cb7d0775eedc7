#!/usr/bin/env node
/**
 * Measures the landing page's initial JavaScript after `vite build`: index.html's entry script
 * plus every chunk it imports statically (transitively), gzip-compressed. Dynamic imports (the
 * wallet stack, other pages) are not counted. Exits 1 above the budget (default 120 KB).
 *   node scripts/measure-initial-js.mjs [--budget-kb 120]
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const budgetArg = process.argv.indexOf("--budget-kb");
const budgetKb = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 120;

const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error("No entry in the Vite manifest");

const seen = new Set();
const files = [];
(function visit(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  files.push(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
})(entryKey);

let total = 0;
for (const file of files) {
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const css = (manifest[entryKey].css ?? []).map((file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  initial JS (gzip), budget ${budgetKb} KB`);
if (css.length) console.log(`${(css.reduce((a, b) => a + b, 0) / 1024).toFixed(1).padStart(7)} KB  initial CSS (gzip)`);
if (total > budgetKb * 1024) {
  console.error("Initial JS is over budget.");
  process.exit(1);
}
