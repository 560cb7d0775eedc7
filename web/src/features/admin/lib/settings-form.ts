/**
 * The System Settings form (GET/PUT /api/admin/settings): fees shown as percentages and sent as
 * basis points, the minimum withdrawal in LOOP, the offer expiry in hours, the dispute window in
 * seconds (shown in human units), the hold of card and PayPal sale proceeds in days, and the upload
 * limits per member (uploads per hour, storage in MB), the support address, and the limits against
 * abuse (minimum offer and reward price in US dollars, the new seller hold in days and the sales
 * that end it), and the largest price impact of a LOOP buy through the exchange (a percentage, sent as
 * basis points). Only changed settings are sent, checked by the shared schema.
 */
import {
  type PlatformSettings,
  type PlatformSettingsUpdate,
  platformSettingsUpdateSchema,
  SETTINGS_MESSAGES,
} from "@loop/rules/schemas/platform-settings";
import { centsToPrice, priceToCents } from "@loop/rules/schemas/loops";
import { formatLoop, parseLoop } from "@loop/rules/units";

/** 250 → "2.5" (exact: basis points are hundredths of a percent). */
export function bpsToPercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const rest = Math.abs(bps % 100);
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}

/** "2.5" → 250; null when the text is not a percentage with at most 2 decimals (no floats). */
export function percentToBps(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

const UNITS: [seconds: number, singular: string][] = [
  [86_400, "day"],
  [3_600, "hour"],
  [60, "minute"],
  [1, "second"],
];

/** 93784 → "1 day 2 hours 3 minutes 4 seconds"; 0 → "none (paid out at once)". */
export function formatDuration(totalSeconds: number): string {
  if (totalSeconds === 0) return "none (paid out at once)";
  const parts: string[] = [];
  let rest = totalSeconds;
  for (const [size, name] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count} ${name}${count === 1 ? "" : "s"}`);
  }
  return parts.join(" ");
}

export interface SettingsValues {
  mp3Percent: string;
  wavPercent: string;
  minWithdrawal: string;
  offerExpiryHours: string;
  /** Empty when the chain could not be read and the admin has not typed a value. */
  disputeWindowSeconds: string;
  fiatHoldDays: string;
  uploadsPerHour: string;
  uploadQuotaMb: string;
  supportEmail: string;
  /** US dollars, e.g. "0.50". */
  minOffer: string;
  /** US dollars, e.g. "1.00". */
  uploadRewardMinPrice: string;
  newSellerHoldDays: string;
  trustedSellerSales: string;
  /** Percent, e.g. "5" (sent as basis points). */
  maxPriceImpactPercent: string;
}

/** "10.00000000" → "10": the minimum as an admin would type it. */
function trimLoop(text: string): string {
  const units = parseLoop(text);
  return units === null ? text : formatLoop(units).replace(/\.?0+$/, "");
}

export function settingsToValues(settings: PlatformSettings): SettingsValues {
  return {
    mp3Percent: bpsToPercent(settings.formatFeeBps.mp3),
    wavPercent: bpsToPercent(settings.formatFeeBps.wav),
    minWithdrawal: trimLoop(settings.minWithdrawal),
    offerExpiryHours: String(settings.offerExpiryHours),
    disputeWindowSeconds: settings.disputeWindowSeconds === null ? "" : String(settings.disputeWindowSeconds),
    fiatHoldDays: String(settings.fiatHoldDays),
    uploadsPerHour: String(settings.uploadsPerHour),
    uploadQuotaMb: String(settings.uploadQuotaMb),
    supportEmail: settings.supportEmail,
    minOffer: centsToPrice(settings.minOfferCents),
    uploadRewardMinPrice: centsToPrice(settings.uploadRewardMinPriceCents),
    newSellerHoldDays: String(settings.newSellerHoldDays),
    trustedSellerSales: String(settings.trustedSellerSales),
    maxPriceImpactPercent: bpsToPercent(settings.maxPriceImpactBps),
  };
}

/** A whole number typed in a field, or NaN (which the schema refuses with its message). */
function wholeNumber(text: string): number {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

/** Dollars typed in a field as cents, or NaN (which the schema refuses with its message). */
function dollarsToCents(text: string): number {
  return priceToCents(text) ?? Number.NaN;
}

export type SettingsCheck = { ok: true; body: PlatformSettingsUpdate } | { ok: false; message: string };

/** The changed settings as a PUT body, validated; the first problem otherwise. */
export function buildSettingsUpdate(current: PlatformSettings, values: SettingsValues): SettingsCheck {
  const initial = settingsToValues(current);
  const body: PlatformSettingsUpdate = {};
  const fees: { mp3?: number; wav?: number } = {};
  for (const format of ["mp3", "wav"] as const) {
    const text = values[`${format}Percent`];
    if (text.trim() === initial[`${format}Percent`]) continue;
    const bps = percentToBps(text);
    if (bps === null) return { ok: false, message: SETTINGS_MESSAGES.invalidFee };
    if (bps !== current.formatFeeBps[format]) fees[format] = bps;
  }
  if (fees.mp3 !== undefined || fees.wav !== undefined) body.formatFeeBps = fees;
  if (values.minWithdrawal.trim() !== initial.minWithdrawal) {
    const typed = parseLoop(values.minWithdrawal.trim());
    if (typed === null || typed !== parseLoop(current.minWithdrawal)) body.minWithdrawal = values.minWithdrawal.trim();
  }
  if (values.offerExpiryHours.trim() !== initial.offerExpiryHours) body.offerExpiryHours = wholeNumber(values.offerExpiryHours);
  if (values.fiatHoldDays.trim() !== initial.fiatHoldDays) body.fiatHoldDays = wholeNumber(values.fiatHoldDays);
  if (values.uploadsPerHour.trim() !== initial.uploadsPerHour) body.uploadsPerHour = wholeNumber(values.uploadsPerHour);
  if (values.uploadQuotaMb.trim() !== initial.uploadQuotaMb) body.uploadQuotaMb = wholeNumber(values.uploadQuotaMb);
  if (values.supportEmail.trim() !== initial.supportEmail) body.supportEmail = values.supportEmail.trim();
  if (values.minOffer.trim() !== initial.minOffer) body.minOfferCents = dollarsToCents(values.minOffer);
  if (values.uploadRewardMinPrice.trim() !== initial.uploadRewardMinPrice) {
    body.uploadRewardMinPriceCents = dollarsToCents(values.uploadRewardMinPrice);
  }
  if (values.newSellerHoldDays.trim() !== initial.newSellerHoldDays) body.newSellerHoldDays = wholeNumber(values.newSellerHoldDays);
  if (values.trustedSellerSales.trim() !== initial.trustedSellerSales) body.trustedSellerSales = wholeNumber(values.trustedSellerSales);
  if (values.maxPriceImpactPercent.trim() !== initial.maxPriceImpactPercent) {
    const bps = percentToBps(values.maxPriceImpactPercent);
    if (bps === null) return { ok: false, message: SETTINGS_MESSAGES.invalidMaxPriceImpact };
    if (bps !== current.maxPriceImpactBps) body.maxPriceImpactBps = bps;
  }
  if (values.disputeWindowSeconds.trim() !== initial.disputeWindowSeconds && values.disputeWindowSeconds.trim() !== "") {
    body.disputeWindowSeconds = wholeNumber(values.disputeWindowSeconds);
  }
  const parsed = platformSettingsUpdateSchema.safeParse(body);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? SETTINGS_MESSAGES.nothingToChange };
  return { ok: true, body };
}
