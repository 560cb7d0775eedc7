import { describe, expect, it } from "vitest";
import { formatReleaseDate, loopTags } from "./loop-details";

describe("a loop's page details", () => {
  it("shows a release date as the day it is, in any time zone", () => {
    expect(formatReleaseDate("2026-10-02")).toBe("Oct 2, 2026");
    expect(formatReleaseDate("not a date")).toBe("not a date");
  });

  it("lists the tags once each, trimmed", () => {
    expect(loopTags(" deep, chill ,,deep,night ")).toEqual(["deep", "chill", "night"]);
    expect(loopTags("")).toEqual([]);
  });
});
