import { afterAll, beforeAll } from "vitest";

/**
 * The catalog cache on for the calling suite, as in production (the API tests otherwise run without
 * it), with a TTL long enough that only an invalidation refreshes an answer; the environment is put
 * back after the suite. Call it before the hook that makes the app.
 */
export function withCatalogCache(): void {
  const saved = { CATALOG_CACHE: process.env.CATALOG_CACHE, CATALOG_CACHE_TTL_MS: process.env.CATALOG_CACHE_TTL_MS };
  beforeAll(() => {
    process.env.CATALOG_CACHE = "1";
    process.env.CATALOG_CACHE_TTL_MS = "60000";
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
}
