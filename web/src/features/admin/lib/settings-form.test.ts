import { type PlatformSettings, type PlatformSettingsUpdate, SETTINGS_MESSAGES } from "@loop/rules/schemas/platform-settings";
import { describe, expect, it } from "vitest";
import { makeSettings } from "../testing/admin-fixtures";
import { bpsToPercent, buildSettingsUpdate, formatDuration, percentToBps, type SettingsValues, settingsToValues } from "./settings-form";

/** The form as loaded from `settings`, with `changes` typed over it, checked. */
function edit(settings: PlatformSettings, changes: Partial<SettingsValues>) {
  return buildSettingsUpdate(settings, { ...settingsToValues(settings), ...changes });
}

describe("settings form", () => {
  it("turns basis points into percentages and back, exactly", () => {
    expect(bpsToPercent(200)).toBe("2");
    expect(bpsToPercent(250)).toBe("2.5");
    expect(bpsToPercent(1)).toBe("0.01");
    expect(percentToBps("2.5")).toBe(250);
    expect(percentToBps("0.07")).toBe(7);
    expect(percentToBps("12")).toBe(1200);
    expect(percentToBps("2.555")).toBeNull();
    expect(percentToBps("-1")).toBeNull();
  });

  it("shows the dispute window in human units", () => {
    expect(formatDuration(0)).toBe("none (paid out at once)");
    expect(formatDuration(3600)).toBe("1 hour");
    expect(formatDuration(93784)).toBe("1 day 2 hours 3 minutes 4 seconds");
  });

  it.each<[string, Partial<SettingsValues>, PlatformSettingsUpdate]>([
    ["a new support address", { supportEmail: " help@beats.example " }, { supportEmail: "help@beats.example" }],
    ["a fee and the offer expiry", { mp3Percent: "2.5", offerExpiryHours: "48" }, { formatFeeBps: { mp3: 250 }, offerExpiryHours: 48 }],
    ["the fiat hold", { fiatHoldDays: " 14 " }, { fiatHoldDays: 14 }],
    ["no fiat hold", { fiatHoldDays: "0" }, { fiatHoldDays: 0 }],
    ["the upload limits", { uploadsPerHour: " 5 ", uploadQuotaMb: "4096" }, { uploadsPerHour: 5, uploadQuotaMb: 4096 }],
    [
      "the minimum offer and reward price in cents; the seller hold and history as whole numbers",
      { minOffer: "2", uploadRewardMinPrice: "0.99", newSellerHoldDays: "60", trustedSellerSales: "0" },
      { minOfferCents: 200, uploadRewardMinPriceCents: 99, newSellerHoldDays: 60, trustedSellerSales: 0 },
    ],
    ["the price-impact bound of a LOOP buy in basis points", { maxPriceImpactPercent: "2.5" }, { maxPriceImpactBps: 250 }],
  ])("sends only what changed: %s", (_what, changes, body) => {
    expect(edit(makeSettings(), changes)).toEqual({ ok: true, body });
  });

  it("shows the minimum offer and reward price in dollars, the price-impact bound as a percentage, the holds and limits as whole numbers", () => {
    expect(settingsToValues(makeSettings())).toMatchObject({
      fiatHoldDays: "7",
      uploadsPerHour: "20",
      uploadQuotaMb: "2048",
      minOffer: "0.50",
      uploadRewardMinPrice: "1.00",
      newSellerHoldDays: "30",
      trustedSellerSales: "3",
      maxPriceImpactPercent: "5",
    });
  });

  it("refuses an unchanged form", () => {
    const settings = makeSettings();
    expect(buildSettingsUpdate(settings, settingsToValues(settings))).toEqual({ ok: false, message: SETTINGS_MESSAGES.nothingToChange });
  });

  it.each<[Partial<SettingsValues>, string]>([
    [{ supportEmail: "not an address" }, SETTINGS_MESSAGES.invalidSupportEmail],
    [{ wavPercent: "51" }, SETTINGS_MESSAGES.invalidFee],
    [{ wavPercent: "abc" }, SETTINGS_MESSAGES.invalidFee],
    [{ minWithdrawal: "0" }, SETTINGS_MESSAGES.invalidMinWithdrawal],
    [{ offerExpiryHours: "0" }, SETTINGS_MESSAGES.invalidOfferExpiry],
    [{ offerExpiryHours: "1.5" }, SETTINGS_MESSAGES.invalidOfferExpiry],
    [{ disputeWindowSeconds: "2592001" }, SETTINGS_MESSAGES.invalidDisputeWindow],
    [{ fiatHoldDays: "181" }, SETTINGS_MESSAGES.invalidFiatHold],
    [{ fiatHoldDays: "2.5" }, SETTINGS_MESSAGES.invalidFiatHold],
    [{ uploadsPerHour: "0" }, SETTINGS_MESSAGES.invalidUploadsPerHour],
    [{ uploadsPerHour: "1001" }, SETTINGS_MESSAGES.invalidUploadsPerHour],
    [{ uploadsPerHour: "" }, SETTINGS_MESSAGES.invalidUploadsPerHour],
    [{ uploadQuotaMb: "49" }, SETTINGS_MESSAGES.invalidUploadQuota],
    [{ uploadQuotaMb: "2 GB" }, SETTINGS_MESSAGES.invalidUploadQuota],
    [{ minOffer: "0" }, SETTINGS_MESSAGES.invalidMinOffer],
    [{ uploadRewardMinPrice: "1.005" }, SETTINGS_MESSAGES.invalidRewardMinPrice],
    [{ maxPriceImpactPercent: "0" }, SETTINGS_MESSAGES.invalidMaxPriceImpact],
    [{ maxPriceImpactPercent: "5%" }, SETTINGS_MESSAGES.invalidMaxPriceImpact],
  ])("refuses %o with the shared schema's message", (changes, message) => {
    expect(edit(makeSettings(), changes)).toEqual({ ok: false, message });
  });

  it("leaves the dispute window out when the chain could not be read and nothing was typed", () => {
    expect(edit(makeSettings({ disputeWindowSeconds: null }), { minWithdrawal: "25" })).toEqual({
      ok: true,
      body: { minWithdrawal: "25" },
    });
  });
});
