import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertValidKey, StorageNotFound, type ByteRange, type Storage, type StoredObject } from "./storage";

function isMissing(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "ENOENT";
}

/** Files under one directory (FILES_DIR); each key is a path below it. Writes go through a temporary file. */
export function createLocalDiskStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split("/"));
  };

  async function statKey(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(resolve(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${Date.now()}.part`;
      const source = body instanceof Readable ? body : Readable.from([Buffer.from(body)]);
      try {
        await pipeline(source, createWriteStream(temp));
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return (await statKey(key))!;
    },
    async getStream(key, range?: ByteRange) {
      const file = resolve(key);
      if (!(await statKey(key))) throw new StorageNotFound(key);
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async getBuffer(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if (isMissing(error)) throw new StorageNotFound(key);
        throw error;
      }
    },
    stat: statKey,
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
