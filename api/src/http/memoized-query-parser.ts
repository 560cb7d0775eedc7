// A hot read's query parsed once per distinct query (issue 19, issue 39 §1): the home page and the
// common filters and searches are asked for over and over, and validating them (zod) and building
// their cache keys cost more than serving their cached answer, or, uncached, a tenth of the whole
// request. Parsed queries are kept by their raw form (the request's query object as JSON); bounded,
// oldest first out. What the parser throws (a 400 for a bad query) is thrown each time, not kept.

/** The default bound: a few hundred distinct queries cover the catalog's and the search's traffic. */
const MEMOIZED_QUERIES_MAX = 1_000;

/**
 * `parse` with its results kept by the raw query's JSON. A result is shared by every request with
 * that query: treat it as read-only.
 */
export function memoizedQueryParser<T>(parse: (rawQuery: unknown) => T, max = MEMOIZED_QUERIES_MAX): (rawQuery: unknown) => T {
  const parsed = new Map<string, T>();
  return (rawQuery) => {
    const raw = JSON.stringify(rawQuery ?? {});
    const known = parsed.get(raw);
    if (known !== undefined) return known;
    const result = parse(rawQuery);
    if (parsed.size >= max) parsed.delete(parsed.keys().next().value as string);
    parsed.set(raw, result);
    return result;
  };
}
