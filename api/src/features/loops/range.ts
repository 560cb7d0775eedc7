// HTTP range requests (RFC 9110 §14): one range per request; several ranges are answered with
// the whole file, as the RFC allows.
import type { ByteRange } from "../../storage/storage";

/**
 * The byte range a `Range` header asks for within a file of `size` bytes: null to send the
 * whole file (not a bytes range, or several ranges), "unsatisfiable" for a 416.
 */
export function parseRange(header: string, size: number): ByteRange | "unsatisfiable" | null {
  const match = /^bytes=(.*)$/i.exec(header.trim());
  if (!match) return null;
  const specs = match[1]!.split(",").map((part) => part.trim());
  if (specs.length !== 1) return null;
  const spec = /^(\d*)-(\d*)$/.exec(specs[0]!);
  if (!spec || (spec[1] === "" && spec[2] === "")) return "unsatisfiable";
  if (spec[1] === "") {
    const suffix = Number(spec[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(spec[1]);
  const end = spec[2] === "" ? size - 1 : Math.min(Number(spec[2]), size - 1);
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}
