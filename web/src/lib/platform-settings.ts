/**
 * The platform settings the pages show (format fees, minimum withdrawal, offer expiry, support address, minimum offer,
 * the price-impact bound of a LOOP buy), from GET
 * /api/config. Apart from client-config.ts because the defaults come from the validation schemas
 * (zod), which the landing page does not load.
 */
import { FORMAT_FEE_BPS } from "@loop/rules/fees";
import {
  DEFAULT_MAX_PRICE_IMPACT_BPS,
  DEFAULT_MIN_OFFER_CENTS,
  DEFAULT_SUPPORT_EMAIL,
  MIN_WITHDRAWAL_UNITS,
  OFFER_TTL_MS,
} from "@loop/rules/platform-defaults";
import type { PublicPlatformSettings } from "@loop/rules/schemas/platform-settings";
import { formatLoop } from "@loop/rules/units";
import { useQuery } from "@tanstack/react-query";
import { clientConfigQueryOptions } from "./client-config";

/** The defaults of the platform settings, shown until GET /api/config answers. */
export const DEFAULT_PLATFORM_SETTINGS: PublicPlatformSettings = {
  formatFeeBps: { mp3: Number(FORMAT_FEE_BPS.mp3), wav: Number(FORMAT_FEE_BPS.wav) },
  minWithdrawal: formatLoop(MIN_WITHDRAWAL_UNITS),
  offerExpiryHours: OFFER_TTL_MS / 3_600_000,
  supportEmail: DEFAULT_SUPPORT_EMAIL,
  minOfferCents: DEFAULT_MIN_OFFER_CENTS,
  maxPriceImpactBps: DEFAULT_MAX_PRICE_IMPACT_BPS,
};

/** An admin may change the settings at any time: a page showing them re-reads the config when it is older than this. */
export const PLATFORM_SETTINGS_STALE_MS = 60_000;

/**
 * The platform settings the pages show, from GET /api/config; the defaults until it answers. The
 * server prices and checks with its own: an amount computed with an outdated fee is refused there
 * ('Price Changed').
 */
export function usePlatformSettings(): PublicPlatformSettings {
  const { data } = useQuery({ ...clientConfigQueryOptions, staleTime: PLATFORM_SETTINGS_STALE_MS });
  return data?.settings ?? DEFAULT_PLATFORM_SETTINGS;
}

/** An offer expiry for texts: "7 days", "1 day", "36 hours", "1 hour". */
export function offerExpiryText(hours: number): string {
  if (hours % 24 === 0) return hours === 24 ? "1 day" : `${hours / 24} days`;
  return hours === 1 ? "1 hour" : `${hours} hours`;
}
