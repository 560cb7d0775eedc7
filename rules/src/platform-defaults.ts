/**
 * The platform's defaults that the app shows before (or without) GET /api/config, zod-free: the
 * pages that show loops load no schema code. The schema modules (negotiations, platform-settings,
 * withdrawals) import these and name them too.
 */
import { UNITS_PER_LOOP } from "./units";

/** How long an offer (and a counter) stays open before the expiry job releases its hold. */
export const OFFER_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The support address until an admin sets one. */
export const DEFAULT_SUPPORT_EMAIL = "support@loop.local";

/** The smallest offer the app answers until an admin sets one: $0.50 (the column's default). */
export const DEFAULT_MIN_OFFER_CENTS = 50;

/** The default smallest withdrawal: 10 LOOP, in ledger units (the admin's setting decides; see platform-settings.ts). */
export const MIN_WITHDRAWAL_UNITS = 10n * UNITS_PER_LOOP;

/** The largest price impact of a wallet swap for LOOP until an admin sets one: 5%, in basis points (the column's default). */
export const DEFAULT_MAX_PRICE_IMPACT_BPS = 500;
