import { describe, expect, it } from "vitest";
import { keysMatching, relatedKeys, relativeKey } from "./musical-keys";

describe("musical keys", () => {
  it("the relative of a minor key is the major three semitones up, and back", () => {
    expect(relativeKey("A minor")).toBe("C major");
    expect(relativeKey("C major")).toBe("A minor");
    expect(relativeKey("F# minor")).toBe("A major");
    expect(relativeKey("Eb major")).toBe("C minor");
    expect(relativeKey("B minor")).toBe("D major");
    expect(relativeKey("H minor")).toBeNull();
  });

  it("a key matches every spelling of its tonic, and with relative its relative key's too", () => {
    expect(keysMatching("A minor")).toEqual(["A minor"]);
    expect(keysMatching("Eb minor")).toEqual(["D# minor", "Eb minor"]);
    expect(keysMatching("C major")).toEqual(["B# major", "C major"]);
    expect(keysMatching("A minor", true)).toEqual(["A minor", "B# major", "C major"]);
    expect(keysMatching("nonsense", true)).toEqual([]);
  });

  it("relatedKeys splits the same key from the relative one", () => {
    expect(relatedKeys("F# minor")).toEqual({ same: ["F# minor", "Gb minor"], relative: ["A major"] });
    expect(relatedKeys("x")).toBeNull();
  });
});
