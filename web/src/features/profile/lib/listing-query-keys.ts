import {
  COLLECTIONS_QUERY_KEY,
  LIKED_LOOPS_QUERY_KEY,
  LOOPS_QUERY_KEY,
  MY_LOOPS_QUERY_KEY,
  USER_PROFILES_QUERY_KEY,
} from "@/lib/query-keys";

/**
 * What a change to a creator's listing (an edit, a visibility, a take-down, a retry) may change: the
 * My Loops table, the profiles' loops, the catalog (lists, a loop's page, similar loops) and the lists
 * that show others' loops (collections, likes). Only the queries on screen are fetched again.
 */
export const LISTING_QUERY_KEYS = [
  MY_LOOPS_QUERY_KEY,
  USER_PROFILES_QUERY_KEY,
  LOOPS_QUERY_KEY,
  COLLECTIONS_QUERY_KEY,
  LIKED_LOOPS_QUERY_KEY,
] as const;
