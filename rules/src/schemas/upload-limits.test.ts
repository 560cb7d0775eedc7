import { describe, expect, it } from "vitest";
import {
  formatStorageSize,
  sampleRateTooHighMessage,
  storageQuotaMessage,
  storageQuotaNeedMessage,
  storageQuotaProcessingMessage,
  uploadRateLimitMessage,
} from "./loops";

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

  it("name the quota and what is used, originals and the files made from them", () => {
    expect(storageQuotaMessage(2048 * MIB, 2000 * MIB)).toBe(
      "Storage Quota Reached: Your uploads and the files made from them may take up to 2 GB in total and already take 1.9 GB, so this file does not fit.",
    );
    expect(storageQuotaNeedMessage(2048 * MIB, 1800 * MIB, 345.6 * MIB)).toBe(
      "Storage Quota Reached: Your uploads and the files made from them may take up to 2 GB in total and already take 1.7 GB; this file and the WAV, MP3 and preview made from it would take 345.6 MB.",
    );
    expect(storageQuotaProcessingMessage(2048 * MIB, 2000 * MIB, 48 * MIB)).toBe(
      "Storage Quota Reached: Your uploads and the files made from them may take up to 2 GB in total and already take 1.9 GB; the WAV, MP3 and preview made from this upload would take more than the 48 MB left.",
    );
  });

  it("name the file's sample rate and the highest one accepted", () => {
    expect(sampleRateTooHighMessage(192000)).toBe("Sample Rate Too High: This file is 192 kHz; please upload audio at 96 kHz or less.");
    expect(sampleRateTooHighMessage(176400)).toBe("Sample Rate Too High: This file is 176.4 kHz; please upload audio at 96 kHz or less.");
  });
});
