import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalDiskStorage } from "../src/storage/local-disk";
import { StorageNotFound } from "../src/storage/storage";

describe("local disk storage", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "loop-storage-"));
  const storage = createLocalDiskStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("puts streams and buffers, reads them whole or by range, deletes them", async () => {
    expect(await storage.put("loops/a/original", Readable.from([Buffer.from("hello "), Buffer.from("world")]))).toEqual({ size: 11 });
    expect(await storage.put("loops/a/peaks.json", Buffer.from("{}"))).toEqual({ size: 2 });
    expect((await storage.getBuffer("loops/a/original")).toString()).toBe("hello world");
    expect(await text(await storage.getStream("loops/a/original"))).toBe("hello world");
    expect(await text(await storage.getStream("loops/a/original", { start: 6, end: 10 }))).toBe("world");
    expect(await storage.stat("loops/a/original")).toEqual({ size: 11 });
    await storage.delete("loops/a/original");
    await storage.delete("loops/a/original");
    expect(await storage.stat("loops/a/original")).toBeNull();
    await expect(storage.getBuffer("loops/a/original")).rejects.toBeInstanceOf(StorageNotFound);
    await expect(storage.getStream("loops/a/original")).rejects.toBeInstanceOf(StorageNotFound);
  });

  it("a failed stream leaves no file", async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from("part"));
        this.destroy(new Error("client went away"));
      },
    });
    await expect(storage.put("loops/b/original", failing)).rejects.toThrow("client went away");
    expect(await storage.stat("loops/b/original")).toBeNull();
  });

  it.each(["../escape", "/abs", "a//b", "a/../b", "", "a/./b", "a\\b"])("refuses the key %j", async (key) => {
    await expect(storage.put(key, Buffer.from("x"))).rejects.toThrow(/Invalid storage key/);
  });
});
