import { describe, expect, it } from "vitest";
import { artistName, formatClock, formatDuration, formatHint, formatLoopPrice, formatRating } from "./loop-format";

describe("formatLoopPrice", () => {
  it("shows FREE for free loops, whatever the price field says", () => {
    expect(formatLoopPrice({ price: "0.00", isFree: true })).toBe("FREE");
    expect(formatLoopPrice({ price: "3.00", isFree: true })).toBe("FREE");
  });

  it("shows exact dollars and cents, never rounded", () => {
    expect(formatLoopPrice({ price: "12.50", isFree: false })).toBe("$12.50");
    expect(formatLoopPrice({ price: "4.99", isFree: false })).toBe("$4.99");
    expect(formatLoopPrice({ price: "0.10", isFree: false })).toBe("$0.10");
    expect(formatLoopPrice({ price: "20.00", isFree: false })).toBe("$20.00");
  });

  it("groups thousands and keeps large prices exact", () => {
    expect(formatLoopPrice({ price: "1250.05", isFree: false })).toBe("$1,250.05");
    expect(formatLoopPrice({ price: "999999.99", isFree: false })).toBe("$999,999.99");
  });
});

describe("formatDuration / formatClock", () => {
  it("m:ss, the length rounded to the nearest second", () => {
    expect(formatDuration(16)).toBe("0:16");
    expect(formatDuration(15.98)).toBe("0:16");
    expect(formatDuration(65.2)).toBe("1:05");
    expect(formatDuration(600)).toBe("10:00");
    expect(formatDuration(null)).toBe("0:00");
  });

  it("the playback clock rounds down", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(9.99)).toBe("0:09");
    expect(formatClock(61)).toBe("1:01");
    expect(formatClock(Number.NaN)).toBe("0:00");
  });
});

describe("artistName", () => {
  it("first name, else e-mail, else username, else 'Unknown Artist'", () => {
    expect(artistName({ firstName: "Mia", email: "mia@example.com", username: "mia" })).toBe("Mia");
    expect(artistName({ firstName: null, email: "mia@example.com", username: "mia" })).toBe("mia@example.com");
    expect(artistName({ firstName: " ", email: null, username: "beatsmith" })).toBe("beatsmith");
    expect(artistName({ firstName: null, email: null, username: null })).toBe("Unknown Artist");
    expect(artistName(null)).toBe("Unknown Artist");
  });
});

describe("formatRating", () => {
  it("one decimal", () => {
    expect(formatRating(4)).toBe("4.0");
    expect(formatRating(4.25)).toBe("4.3");
  });
});

describe("formatHint", () => {
  it("gives the MP3's own bitrate, the WAV lossless, and nothing for an MP3 not processed yet", () => {
    expect(formatHint("mp3", 320)).toBe("320 kbps");
    expect(formatHint("mp3", 192)).toBe("192 kbps");
    expect(formatHint("wav", null)).toBe("lossless");
    expect(formatHint("mp3", null)).toBe("");
  });
});
