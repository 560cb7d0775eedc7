/**
 * Query keys that more than one feature touches. Features may not import each other, so a key
 * that one feature fills and another must invalidate lives here.
 */

/** Every loop-list query starts with this key (the catalog's lists, a loop's page, profiles): a purchase, a rating or an accepted offer refreshes them all. */
export const LOOPS_QUERY_KEY = ["loops"] as const;

/** Every offer-list query (GET /api/negotiations?scope=…) starts with this key. */
export const NEGOTIATIONS_QUERY_KEY = ["/api/negotiations"] as const;

/**
 * Every admin dashboard query (GET /api/admin/…) starts with this key, so a change made elsewhere
 * (a withdrawal requested, a loop uploaded) can refresh the whole dashboard at once.
 */
export const ADMIN_QUERY_KEY = ["/api/admin"] as const;

/**
 * The bell's list (GET /api/notifications): whatever creates a notification for the viewer (an
 * admin sending one to themself, say) can refresh it. The live stream keeps it current otherwise.
 */
export const NOTIFICATIONS_QUERY_KEY = ["/api/notifications"] as const;

/**
 * The own profile (GET /api/profile, the profile feature's query): refreshed by whatever changes the
 * signed-in account (an upload, a confirmed e-mail address).
 */
export const OWN_PROFILE_QUERY_KEY = ["/api/profile"] as const;

/** Every user profile query (GET /api/users/:id/profile, the profile feature's) starts with this key: uploads refresh them. */
export const USER_PROFILES_QUERY_KEY = ["/api/users"] as const;

/** One loop's status (GET /api/loops/:id/status): the profile shows why an upload failed; the upload dialog fills it and polls it. */
export function loopStatusQueryKey(loopId: string) {
  return ["/api/loops", loopId, "status"] as const;
}

/** The signed-in member's liked loops (GET /api/likes, the profile's Liked tab): a like or an unlike on any card refreshes it. */
export const LIKED_LOOPS_QUERY_KEY = ["/api/likes"] as const;

/**
 * Every collection query (GET /api/collections…, the lists and each collection's page) starts with this
 * key: the card's add-to-collection menu, the profile and the collection page all change collections.
 */
export const COLLECTIONS_QUERY_KEY = ["/api/collections"] as const;

/**
 * The creator's My Loops table (GET /api/profile/loops, the profile feature's): under the own profile's
 * key, so that whatever refreshes the own profile (an upload) refreshes the table too.
 */
export const MY_LOOPS_QUERY_KEY = [...OWN_PROFILE_QUERY_KEY, "loops"] as const;
