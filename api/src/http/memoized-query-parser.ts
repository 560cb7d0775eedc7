// A hot read's query parsed once per distinct query (issue 19, issue 39 §1): the home page and the
// common filters and searches are asked for over and over, and validating them (zod) and building
// their cache keys cost more than serving their cached answer, or, uncached, a tenth of the whole
// request. Parsed queries are kept by their raw form (the request's query object as JSON); bounded,
// oldest first out. What the parser throws (a 400 for a bad query) is thrown each time, not kept.
import { boundedMemo } from "./bounded-memo";

/** The default bound: a few hundred distinct queries cover the catalog's and the search's traffic. */
const MEMOIZED_QUERIES_MAX = 1_000;

/**
 * `parse` with its results kept by the raw query's JSON. A result is shared by every request with
 * that query: treat it as read-only.
 */
export function memoizedQueryParser<T>(parse: (rawQuery: unknown) => T, max = MEMOIZED_QUERIES_MAX): (rawQuery: unknown) => T {
  const kept = boundedMemo<T>(max);
  // The same query object again (the hot routes' kept ones, memoizedQueryText): its result without
  // writing its JSON.
  const byObject = new WeakMap<object, T>();
  return (rawQuery) => {
    const isObject = typeof rawQuery === "object" && rawQuery !== null;
    if (isObject) {
      const same = byObject.get(rawQuery);
      if (same !== undefined) return same;
    }
    const result = kept(JSON.stringify(rawQuery ?? {}), () => parse(rawQuery));
    if (isObject) byObject.set(rawQuery, result);
    return result;
  };
}

/**
 * `parse` (a query string's parser) with its results kept by the text: the same object for the same
 * text, so that memoizedQueryParser knows it at once. Shared by every request with that text: read-only.
 */
export function memoizedQueryText(parse: (text: string) => unknown, max = MEMOIZED_QUERIES_MAX): (text: string) => unknown {
  const kept = boundedMemo<unknown>(max);
  return (text) => kept(text, () => parse(text));
}
