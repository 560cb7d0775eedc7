import { describe, expect, it } from "vitest";
import { formatStorageSize, storageQuotaMessage, uploadRateLimitMessage } from "./loops";

const MIB = 1024 * 1024;

describe("upload limit messages", () => {
  it("name sizes in MB and GB, as the spec's 50MB", () => {
    expect(formatStorageSize(50 * MIB)).toBe("50 MB");
    expect(formatStorageSize(0)).toBe("0 MB");
    expect(formatStorageSize(1.25 * MIB)).toBe("1.2 MB");
    expect(formatStorageSize(2048 * MIB)).toBe("2 GB");
    expect(formatStorageSize(1536 * MIB)).toBe("1.5 GB");
    expect(formatStorageSize(2038 * MIB)).toBe("1.9 GB");
  });

  it("name the limit and when to try again, never too early", () => {
    expect(uploadRateLimitMessage(20, 1200)).toBe("Upload Limit Reached: You can upload 20 files per hour. Try again in 20 minutes.");
    expect(uploadRateLimitMessage(20, 1141)).toBe("Upload Limit Reached: You can upload 20 files per hour. Try again in 20 minutes.");
    expect(uploadRateLimitMessage(1, 60)).toBe("Upload Limit Reached: You can upload 1 file per hour. Try again in 1 minute.");
    expect(uploadRateLimitMessage(5, 45)).toBe("Upload Limit Reached: You can upload 5 files per hour. Try again in 45 seconds.");
    expect(uploadRateLimitMessage(5, 1)).toBe("Upload Limit Reached: You can upload 5 files per hour. Try again in 1 second.");
  });

  it("name the quota and what is used", () => {
    expect(storageQuotaMessage(2048 * MIB, 2000 * MIB)).toBe(
      "Storage Quota Reached: Your uploads may take up to 2 GB in total and already take 1.9 GB, so this file does not fit.",
    );
  });
});
