import { describe, expect, it } from "vitest";
import { filtersFromSearchParams, filtersToSearchParams, hasActiveFilters, NO_LIBRARY_FILTERS } from "./library-filters";

describe("library filters in the address", () => {
  it("reads kind, format and q; what cannot be read is the default", () => {
    expect(filtersFromSearchParams(new URLSearchParams("kind=free&format=wav&q=%20deep%20"))).toEqual({
      kind: "free",
      format: "wav",
      search: "deep",
    });
    expect(filtersFromSearchParams(new URLSearchParams("kind=gifts&format=flac"))).toEqual(NO_LIBRARY_FILTERS);
    expect(filtersFromSearchParams(new URLSearchParams(`q=${"a".repeat(250)}`)).search).toHaveLength(200);
  });

  it("writes only what is set, and keeps the other parameters (entry)", () => {
    const current = new URLSearchParams("entry=abc&kind=free&q=old");
    expect(filtersToSearchParams({ kind: "purchased", format: "mp3", search: " new " }, current).toString()).toBe(
      "entry=abc&kind=purchased&q=new&format=mp3",
    );
    expect(filtersToSearchParams(NO_LIBRARY_FILTERS, current).toString()).toBe("entry=abc");
  });

  it("knows when a filter is set", () => {
    expect(hasActiveFilters(NO_LIBRARY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...NO_LIBRARY_FILTERS, format: "wav" })).toBe(true);
    expect(hasActiveFilters({ ...NO_LIBRARY_FILTERS, search: "x" })).toBe(true);
  });
});
