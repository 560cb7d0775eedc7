import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS, loopListSearchParams } from "./loop-filters";

const query = (overrides: Partial<typeof DEFAULT_FILTERS>, after?: string) =>
  loopListSearchParams({ ...DEFAULT_FILTERS, ...overrides }, after).toString();

describe("loopListSearchParams", () => {
  it("defaults: popular, first page of 24", () => {
    expect(query({})).toBe("sortBy=popular&limit=24&offset=0");
  });

  it("sends every selected genre as a repeated genreId", () => {
    expect(query({ genreIds: [7, 2, 7] })).toBe("genreId=2&genreId=7&sortBy=popular&limit=24&offset=0");
  });

  it("maps the price bands to isFree, priceMin and priceMax (dollars, contiguous bands)", () => {
    expect(query({ price: "free" })).toBe("isFree=true&sortBy=popular&limit=24&offset=0");
    expect(query({ price: "1-5" })).toBe("isFree=false&priceMin=0.01&priceMax=5.00&sortBy=popular&limit=24&offset=0");
    expect(query({ price: "5-20" })).toBe("isFree=false&priceMin=5.01&priceMax=20.00&sortBy=popular&limit=24&offset=0");
    expect(query({ price: "20+" })).toBe("isFree=false&priceMin=20.01&sortBy=popular&limit=24&offset=0");
  });

  it("sends the duration band and the sort", () => {
    expect(query({ duration: "short", sortBy: "price_desc" })).toBe("duration=short&sortBy=price_desc&limit=24&offset=0");
    expect(query({ duration: "long", sortBy: "rating" }, "WyJyYXRpbmciXQ")).toBe(
      "duration=long&sortBy=rating&limit=24&after=WyJyYXRpbmciXQ",
    );
  });
});
