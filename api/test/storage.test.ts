import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalDiskStorage } from "../src/storage/local-disk";
import { generatedStream, storageContract } from "./support/storage-contract";

describe("local disk storage", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "loop-storage-"));
  const storage = createLocalDiskStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  storageContract({ storage: () => storage });

  it("keeps each key as a file under its root, and no temporary file after a failed stream", async () => {
    await storage.put("loops/d/original", Buffer.from("on disk"));
    await expect(storage.put("loops/d/audio.wav", generatedStream(1024 * 1024, 512 * 1024))).rejects.toThrow("client went away");
    expect(readdirSync(path.join(root, "loops", "d"))).toEqual(["original"]);
  });
});
