import { describe, expect, it } from "vitest";
import { memoizedQueryParser } from "../src/http/memoized-query-parser";

describe("memoizedQueryParser", () => {
  it("parses a query once and answers the same result for the same query", () => {
    let calls = 0;
    const parse = memoizedQueryParser((raw) => {
      calls += 1;
      return { q: String((raw as { q: string }).q).trim() };
    });
    const first = parse({ q: " drums " });
    expect(parse({ q: " drums " })).toBe(first);
    expect(parse({ q: "bass" })).toEqual({ q: "bass" });
    expect(calls).toBe(2);
  });

  it("throws a bad query's error every time and keeps nothing for it", () => {
    let calls = 0;
    const parse = memoizedQueryParser((raw) => {
      calls += 1;
      if ((raw as { q?: string }).q === undefined) throw new Error("Type at least 3 characters to search");
      return raw;
    });
    expect(() => parse({})).toThrow("Type at least 3 characters to search");
    expect(() => parse({})).toThrow("Type at least 3 characters to search");
    expect(calls).toBe(2);
  });

  it("keeps at most `max` queries, the oldest out first", () => {
    let calls = 0;
    const parse = memoizedQueryParser((raw) => {
      calls += 1;
      return { ...(raw as object) };
    }, 2);
    const a = parse({ q: "a" });
    parse({ q: "b" });
    parse({ q: "c" });
    expect(calls).toBe(3);
    expect(parse({ q: "a" })).not.toBe(a);
    expect(calls).toBe(4);
  });
});
