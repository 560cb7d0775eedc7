import { describe, expect, it } from "vitest";
import { relatedKeys } from "../musical-keys";
import { similarBpmWindow } from "./loops";

// "Similar loops" on a loop's page (issue 36): the same or the relative key, any spelling; a BPM nearby.
describe("similar loops", () => {
  it("match a key's spellings and its relative key's", () => {
    expect(relatedKeys("A minor")).toEqual({ same: ["A minor"], relative: ["B# major", "C major"] });
    expect(relatedKeys("Bb minor")).toEqual({ same: ["A# minor", "Bb minor"], relative: ["C# major", "Db major"] });
    expect(relatedKeys("F# minor")).toEqual({ same: ["F# minor", "Gb minor"], relative: ["A major"] });
    expect(relatedKeys("Am")).toBeNull();
  });

  it("let a similar loop's BPM be ±5, or ±6% when that is more", () => {
    expect([60, 90, 120, 170, 200].map(similarBpmWindow)).toEqual([5, 5, 7, 10, 12]);
  });
});
