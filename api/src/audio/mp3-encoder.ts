// LAME (wasm-media-encoders), compiled once per thread. The library's createMp3Encoder() decodes its
// embedded 750 kB data URL through fetch() and compiles it again at every call: ~45 ms of CPU per
// encoder, two encoders per upload (the MP3 and the preview). The package ships the same module as
// wasm/mp3.wasm; its version is checked against the library's by the encoder itself.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createEncoder, type WasmMediaEncoder } from "wasm-media-encoders";

export type Mp3Encoder = WasmMediaEncoder<"audio/mpeg">;

// The API's lib settings declare WebAssembly's types but not its functions (they come with the DOM lib).
const { compile } = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;

let compiled: Promise<WebAssembly.Module> | undefined;

function lameModule(): Promise<WebAssembly.Module> {
  if (!compiled) {
    compiled = readFile(createRequire(import.meta.url).resolve("wasm-media-encoders/wasm/mp3")).then((bytes) => compile(bytes));
    // A failed read or compile is not kept: the next encoder tries again.
    compiled.catch(() => (compiled = undefined));
  }
  return compiled;
}

/** A new MP3 encoder (configure() it before use). */
export async function createMp3Encoder(): Promise<Mp3Encoder> {
  return createEncoder("audio/mpeg", await lameModule());
}
