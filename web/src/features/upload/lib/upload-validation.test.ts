import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "@loop/rules/schemas/loops";
import { describe, expect, it } from "vitest";
import { checkAudioFile, DEFAULT_UPLOAD_VALUES, toUploadFields, validateUpload, validateUploadFields } from "./upload-validation";

const file = (name: string, size: number, type: string) => ({ name, size, type });

describe("checkAudioFile", () => {
  it("accepts the six formats by MIME type or by extension", () => {
    for (const type of ["audio/mpeg", "audio/wav", "audio/x-wav", "audio/flac", "audio/x-m4a", "audio/mp4", "audio/aac", "audio/ogg"]) {
      expect(checkAudioFile(file("x", 10, type))).toBeNull();
    }
    for (const name of ["a.MP3", "b.wav", "c.flac", "d.m4a", "e.aac", "f.ogg"]) {
      expect(checkAudioFile(file(name, 10, "application/octet-stream"))).toBeNull();
    }
  });

  it("refuses other types and files over 50MB", () => {
    expect(checkAudioFile(file("cover.png", 10, "image/png"))).toBe(UPLOAD_MESSAGES.invalidType);
    expect(checkAudioFile(file("a.wav", MAX_UPLOAD_BYTES + 1, "audio/wav"))).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(checkAudioFile(file("a.wav", MAX_UPLOAD_BYTES, "audio/wav"))).toBeNull();
  });
});

describe("validateUploadFields (the shared schema)", () => {
  const valid = { ...toUploadFields(DEFAULT_UPLOAD_VALUES), title: "Drums", genreId: "3" };

  it("passes a valid form", () => {
    expect(validateUploadFields(valid)).toBeNull();
  });

  it("maps each refusal to its field and the server's message", () => {
    expect(validateUploadFields({ ...valid, title: "  " })).toEqual({ field: "title", message: UPLOAD_MESSAGES.title });
    expect(validateUploadFields({ ...valid, genreId: "" })).toEqual({ field: "genreId", message: UPLOAD_MESSAGES.genre });
    expect(validateUploadFields({ ...valid, price: "-1" })).toEqual({ field: "price", message: UPLOAD_MESSAGES.price });
    expect(validateUploadFields({ ...valid, bpm: "19" })).toEqual({ field: "bpm", message: UPLOAD_MESSAGES.bpm });
    expect(validateUploadFields({ ...valid, contentType: "track", releaseDate: "22/11/2026" })).toEqual({
      field: "releaseDate",
      message: UPLOAD_MESSAGES.releaseDate,
    });
  });

  it("refuses track-only fields on a loop", () => {
    expect(validateUploadFields({ ...valid, contentType: "loop", artistName: "Mia" })).toEqual({
      field: "form",
      message: UPLOAD_MESSAGES.trackOnly,
    });
    expect(validateUploadFields({ ...valid, contentType: "track", artistName: "Mia", releaseDate: "2026-11-22" })).toBeNull();
  });

  it("checks the file first", () => {
    expect(validateUpload(null, DEFAULT_UPLOAD_VALUES)).toEqual({ field: "file", message: UPLOAD_MESSAGES.noFile });
  });
});

describe("toUploadFields", () => {
  it("sends a free upload at 0.00 and leaves out empty optional fields", () => {
    const fields = toUploadFields({ ...DEFAULT_UPLOAD_VALUES, title: "x", genreId: "1", price: "9.99", isFree: true });
    expect(fields.price).toBe("0.00");
    expect(fields.isFree).toBe("true");
    expect(fields).not.toHaveProperty("key");
    expect(fields).not.toHaveProperty("artistName");
  });
});
