import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS, filtersFromSearchParams, filtersToSearchParams, type LoopFilters, loopListSearchParams } from "./loop-filters";

const query = (overrides: Partial<LoopFilters>, after?: string, search?: string) =>
  loopListSearchParams({ ...DEFAULT_FILTERS, ...overrides }, after, undefined, search).toString();

const fromAddress = (text: string) => filtersFromSearchParams(new URLSearchParams(text));

describe("loopListSearchParams", () => {
  it("defaults: popular, first page of 24", () => {
    expect(query({})).toBe("sortBy=popular&limit=24&offset=0");
  });

  it("sends every selected genre as a repeated genreId", () => {
    expect(query({ genreIds: [7, 2, 7] })).toBe("genreId=2&genreId=7&sortBy=popular&limit=24&offset=0");
  });

  it("sends free or paid as isFree, and the price range in dollars (not for free loops)", () => {
    expect(query({ price: "free", priceMin: 100 })).toBe("isFree=true&sortBy=popular&limit=24&offset=0");
    expect(query({ price: "paid", priceMin: 501, priceMax: 2000 })).toBe(
      "isFree=false&priceMin=5.01&priceMax=20.00&sortBy=popular&limit=24&offset=0",
    );
    expect(query({ priceMax: 999 })).toBe("priceMax=9.99&sortBy=popular&limit=24&offset=0");
  });

  it("sends BPM range, key with its relative key, content type and tags", () => {
    expect(
      new URLSearchParams(
        query({ bpmMin: 90, bpmMax: 100, key: "A minor", relativeKey: true, contentType: "track", tags: ["dark", "trap"] }),
      ).toString(),
    ).toBe("bpmMin=90&bpmMax=100&key=A+minor&relativeKey=true&contentType=track&tags=dark%2Ctrap&sortBy=popular&limit=24&offset=0");
  });

  it("sends the duration band, the sort, the search page's text and the cursor", () => {
    expect(query({ duration: "short", sortBy: "price_desc" })).toBe("duration=short&sortBy=price_desc&limit=24&offset=0");
    expect(query({ duration: "long", sortBy: "rating" }, "WyJyYXRpbmciXQ", "deep")).toBe(
      "duration=long&sortBy=rating&search=deep&limit=24&after=WyJyYXRpbmciXQ",
    );
  });
});

describe("filters in the address", () => {
  const every: LoopFilters = {
    genreIds: [2, 5],
    bpmMin: 85,
    bpmMax: 95,
    key: "F# minor",
    relativeKey: true,
    contentType: "loop",
    tags: ["dark", "lo-fi"],
    price: "paid",
    priceMin: 199,
    priceMax: 2500,
    duration: "medium",
    sortBy: "likes",
  };

  it("round-trip: what is written to the address reads back the same", () => {
    const address = filtersToSearchParams(every);
    expect(address.toString()).toBe(
      "genreId=2&genreId=5&bpmMin=85&bpmMax=95&key=F%23+minor&relativeKey=true&contentType=loop&tags=dark%2Clo-fi&isFree=false&priceMin=1.99&priceMax=25.00&duration=medium&sortBy=likes",
    );
    expect(filtersFromSearchParams(address)).toEqual(every);
    expect(filtersFromSearchParams(filtersToSearchParams(DEFAULT_FILTERS))).toEqual(DEFAULT_FILTERS);
  });

  it("defaults are left out, and other parameters (the search's q) are kept", () => {
    expect(filtersToSearchParams(DEFAULT_FILTERS).toString()).toBe("");
    const next = filtersToSearchParams({ ...DEFAULT_FILTERS, duration: "short" }, new URLSearchParams("q=deep&genreId=3&sortBy=recent"));
    expect(next.toString()).toBe("q=deep&duration=short");
  });

  it("reads what a person may write: comma-separated genres and tags, any case, price as the spec's `price` sort", () => {
    expect(fromAddress("genreId=5,2&genreId=2&tags=Dark,%20TRAP&sortBy=price")).toEqual({
      ...DEFAULT_FILTERS,
      genreIds: [2, 5],
      tags: ["dark", "trap"],
      sortBy: "price_asc",
    });
  });

  it("ignores every value it cannot read, keeping the others", () => {
    expect(
      fromAddress(
        "genreId=abc&genreId=0&genreId=4&bpmMin=fast&bpmMax=99999&key=H%20minor&relativeKey=true&contentType=album&tags=" +
          "x".repeat(51) +
          ",ok&isFree=maybe&priceMin=-1&priceMax=1.234&duration=huge&sortBy=best",
      ),
    ).toEqual({ ...DEFAULT_FILTERS, genreIds: [4], tags: ["ok"] });
    // relativeKey without a key means nothing; free loops have no price range.
    expect(fromAddress("relativeKey=true&isFree=true&priceMin=5")).toEqual({ ...DEFAULT_FILTERS, price: "free" });
  });
});
