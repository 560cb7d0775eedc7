// `vite build`: every text file of the build above 1 kB also gets a brotli (quality 11) and a gzip
// (level 9) copy beside it, `x.js.br` and `x.js.gz`, which the API serves to a browser that takes
// them (api/src/http/static-web.ts; issue 36, Lighthouse "enable text compression"). Compressed
// once here at the highest levels, at no cost per request. node:zlib only.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Logger, Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Files of these types are compressed; images, fonts and audio are compressed already. */
const TEXT_FILE = /\.(?:js|mjs|cjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;
/** Smaller files are sent as they are (the API does the same for its own answers). */
const MIN_BYTES = 1024;

/** Every file under `dir` (not in dot folders such as .vite, which the API does not serve). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith("."))
      .map((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? filesUnder(full) : Promise.resolve(entry.isFile() ? [full] : []);
      }),
  );
  return nested.flat();
}

/** Writes the .br and .gz copies of each text file of `dir` above MIN_BYTES (each only when smaller than the file). */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const files = (await filesUnder(dir)).filter((file) => TEXT_FILE.test(file));
  let count = 0;
  let bytes = 0;
  let brotliBytes = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipped(body, { level: 9 }),
      ]);
      if (br.length < body.length) await writeFile(`${file}.br`, br);
      if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
      count += 1;
      bytes += body.length;
      brotliBytes += Math.min(br.length, body.length);
    }),
  );
  return { files: count, bytes, brotliBytes };
}

export function precompressPlugin(): Plugin {
  let outDir = "";
  let logger: Logger | undefined;
  return {
    name: "loop-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle() {
      const { files, bytes, brotliBytes } = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
      logger?.info(`precompressed ${files} files: ${kb(bytes)} → ${kb(brotliBytes)} brotli (.br and .gz beside each)`);
    },
  };
}
