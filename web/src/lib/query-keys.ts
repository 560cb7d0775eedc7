/**
 * Query keys that more than one feature touches. Features may not import each other, so a key
 * that one feature fills and another must invalidate lives here.
 */

/** Every loop-list query starts with this key (the loops feature builds its lists under it). */
export const LOOPS_QUERY_KEY = ["loops"] as const;

/** Every offer-list query (GET /api/negotiations?scope=…) starts with this key. */
export const NEGOTIATIONS_QUERY_KEY = ["/api/negotiations"] as const;
