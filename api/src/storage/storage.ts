// Where audio files live, behind one interface: the local disk adapter (./local-disk.ts) now,
// object storage later. Keys are relative, slash-separated paths such as `loops/<id>/original`.
import type { Readable } from "node:stream";

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface StoredObject {
  size: number;
}

export interface Storage {
  /** Writes the whole stream under `key` (replacing any object there); resolves with its size. */
  put(key: string, body: Readable | Buffer | Uint8Array): Promise<StoredObject>;
  /** The object's bytes, or a part of them; rejects with StorageNotFound when there is none. */
  getStream(key: string, range?: ByteRange): Promise<Readable>;
  /** The whole object in memory (artefacts, small files). */
  getBuffer(key: string): Promise<Buffer>;
  stat(key: string): Promise<StoredObject | null>;
  /** Removes the object; no error when it does not exist. */
  delete(key: string): Promise<void>;
}

export class StorageNotFound extends Error {
  constructor(readonly key: string) {
    super(`No stored object at "${key}"`);
    this.name = "StorageNotFound";
  }
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Keys never escape the storage root: no `..`, no absolute paths, no empty segments. */
export function assertValidKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`Invalid storage key "${key}"`);
  }
}
