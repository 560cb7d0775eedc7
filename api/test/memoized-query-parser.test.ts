import { describe, expect, it } from "vitest";
import { memoizedQueryParser, memoizedQueryText } from "../src/http/memoized-query-parser";

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

describe("memoizedQueryText", () => {
  it("parses a query string once and answers the same object, which the query's parser knows without its JSON", () => {
    let texts = 0;
    const parseText = memoizedQueryText((text) => {
      texts += 1;
      const query = Object.fromEntries(new URLSearchParams(text));
      // Counts how often the query's JSON is written (JSON.stringify calls toJSON).
      Object.defineProperty(query, "toJSON", { value: () => ((jsonWritten += 1), { ...query }), enumerable: false });
      return query;
    });
    let jsonWritten = 0;
    let parses = 0;
    const parse = memoizedQueryParser((raw) => {
      parses += 1;
      return { genre: (raw as { genre: string }).genre };
    });
    const first = parse(parseText("genre=house&limit=24"));
    expect(parse(parseText("genre=house&limit=24"))).toBe(first);
    expect(parse(parseText("genre=house&limit=24"))).toBe(first);
    expect(parseText("genre=techno")).not.toBe(parseText("genre=house&limit=24"));
    expect([texts, parses, jsonWritten]).toEqual([2, 1, 1]);
  });

  it("keeps at most `max` texts, the oldest out first", () => {
    const parseText = memoizedQueryText((text) => ({ text }), 2);
    const a = parseText("a");
    parseText("b");
    expect(parseText("a")).toBe(a);
    parseText("c");
    expect(parseText("a")).not.toBe(a);
  });
});
