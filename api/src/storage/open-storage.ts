import { mkdir } from "node:fs/promises";
import type { StorageConfig } from "../config";
import { createLocalDiskStorage } from "./local-disk";
import { createS3Storage } from "./s3";
import type { Storage } from "./storage";

/**
 * The storage the configuration names (STORAGE_DRIVER), checked before the app relies on it:
 * the local directory is created; the S3 bucket must exist and accept the credentials.
 */
export async function openStorage(config: StorageConfig): Promise<Storage> {
  if (config.driver === "local") {
    await mkdir(config.filesDir, { recursive: true });
    return createLocalDiskStorage(config.filesDir);
  }
  const storage = createS3Storage(config);
  await storage.check();
  return storage;
}
