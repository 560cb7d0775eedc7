import { SETTINGS_MESSAGES } from "@loop/rules/schemas/platform-settings";
import { describe, expect, it } from "vitest";
import { makeSettings } from "../testing/admin-fixtures";
import { bpsToPercent, buildSettingsUpdate, formatDuration, percentToBps, settingsToValues } from "./settings-form";

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

  it("sends a new support address, and refuses one that is not an e-mail address", () => {
    const settings = makeSettings();
    expect(buildSettingsUpdate(settings, { ...settingsToValues(settings), supportEmail: " help@beats.example " })).toEqual({
      ok: true,
      body: { supportEmail: "help@beats.example" },
    });
    expect(buildSettingsUpdate(settings, { ...settingsToValues(settings), supportEmail: "not an address" })).toEqual({
      ok: false,
      message: SETTINGS_MESSAGES.invalidSupportEmail,
    });
  });

  it("sends only what changed", () => {
    const settings = makeSettings();
    const values = { ...settingsToValues(settings), mp3Percent: "2.5", offerExpiryHours: "48" };
    expect(buildSettingsUpdate(settings, values)).toEqual({ ok: true, body: { formatFeeBps: { mp3: 250 }, offerExpiryHours: 48 } });
    expect(settingsToValues(settings).fiatHoldDays).toBe("7");
    expect(buildSettingsUpdate(settings, { ...settingsToValues(settings), fiatHoldDays: " 14 " })).toEqual({
      ok: true,
      body: { fiatHoldDays: 14 },
    });
    expect(buildSettingsUpdate(settings, { ...settingsToValues(settings), fiatHoldDays: "0" })).toEqual({
      ok: true,
      body: { fiatHoldDays: 0 },
    });
    expect(settingsToValues(settings)).toMatchObject({ uploadsPerHour: "20", uploadQuotaMb: "2048" });
    expect(buildSettingsUpdate(settings, { ...settingsToValues(settings), uploadsPerHour: " 5 ", uploadQuotaMb: "4096" })).toEqual({
      ok: true,
      body: { uploadsPerHour: 5, uploadQuotaMb: 4096 },
    });
  });

  it("shows the minimum offer and reward price in dollars and sends cents; the seller hold and history as whole numbers", () => {
    const settings = makeSettings();
    expect(settingsToValues(settings)).toMatchObject({
      minOffer: "0.50",
      uploadRewardMinPrice: "1.00",
      newSellerHoldDays: "30",
      trustedSellerSales: "3",
    });
    const values = {
      ...settingsToValues(settings),
      minOffer: "2",
      uploadRewardMinPrice: "0.99",
      newSellerHoldDays: "60",
      trustedSellerSales: "0",
    };
    expect(buildSettingsUpdate(settings, values)).toEqual({
      ok: true,
      body: { minOfferCents: 200, uploadRewardMinPriceCents: 99, newSellerHoldDays: 60, trustedSellerSales: 0 },
    });
    expect(buildSettingsUpdate(settings, { ...settingsToValues(settings), minOffer: "0" })).toEqual({
      ok: false,
      message: SETTINGS_MESSAGES.invalidMinOffer,
    });
    expect(buildSettingsUpdate(settings, { ...settingsToValues(settings), uploadRewardMinPrice: "1.005" })).toEqual({
      ok: false,
      message: SETTINGS_MESSAGES.invalidRewardMinPrice,
    });
  });

  it("refuses bad values with the shared schema's messages, and an unchanged form", () => {
    const settings = makeSettings();
    const base = settingsToValues(settings);
    expect(buildSettingsUpdate(settings, base)).toEqual({ ok: false, message: SETTINGS_MESSAGES.nothingToChange });
    expect(buildSettingsUpdate(settings, { ...base, wavPercent: "51" })).toEqual({ ok: false, message: SETTINGS_MESSAGES.invalidFee });
    expect(buildSettingsUpdate(settings, { ...base, wavPercent: "abc" })).toEqual({ ok: false, message: SETTINGS_MESSAGES.invalidFee });
    expect(buildSettingsUpdate(settings, { ...base, minWithdrawal: "0" })).toEqual({
      ok: false,
      message: SETTINGS_MESSAGES.invalidMinWithdrawal,
    });
    expect(buildSettingsUpdate(settings, { ...base, offerExpiryHours: "0" })).toEqual({
      ok: false,
      message: SETTINGS_MESSAGES.invalidOfferExpiry,
    });
    expect(buildSettingsUpdate(settings, { ...base, offerExpiryHours: "1.5" })).toEqual({
      ok: false,
      message: SETTINGS_MESSAGES.invalidOfferExpiry,
    });
    expect(buildSettingsUpdate(settings, { ...base, disputeWindowSeconds: "2592001" })).toEqual({
      ok: false,
      message: SETTINGS_MESSAGES.invalidDisputeWindow,
    });
    expect(buildSettingsUpdate(settings, { ...base, fiatHoldDays: "181" })).toEqual({
      ok: false,
      message: SETTINGS_MESSAGES.invalidFiatHold,
    });
    expect(buildSettingsUpdate(settings, { ...base, fiatHoldDays: "2.5" })).toEqual({
      ok: false,
      message: SETTINGS_MESSAGES.invalidFiatHold,
    });
    expect(buildSettingsUpdate(settings, { ...base, uploadsPerHour: "0" })).toEqual({
      ok: false,
      message: SETTINGS_MESSAGES.invalidUploadsPerHour,
    });
    expect(buildSettingsUpdate(settings, { ...base, uploadsPerHour: "1001" })).toEqual({
      ok: false,
      message: SETTINGS_MESSAGES.invalidUploadsPerHour,
    });
    expect(buildSettingsUpdate(settings, { ...base, uploadsPerHour: "" })).toEqual({
      ok: false,
      message: SETTINGS_MESSAGES.invalidUploadsPerHour,
    });
    expect(buildSettingsUpdate(settings, { ...base, uploadQuotaMb: "49" })).toEqual({
      ok: false,
      message: SETTINGS_MESSAGES.invalidUploadQuota,
    });
    expect(buildSettingsUpdate(settings, { ...base, uploadQuotaMb: "2 GB" })).toEqual({
      ok: false,
      message: SETTINGS_MESSAGES.invalidUploadQuota,
    });
  });

  it("shows the price-impact bound of a LOOP buy as a percentage and sends basis points", () => {
    const settings = makeSettings();
    expect(settingsToValues(settings).maxPriceImpactPercent).toBe("5");
    expect(buildSettingsUpdate(settings, { ...settingsToValues(settings), maxPriceImpactPercent: "2.5" })).toEqual({
      ok: true,
      body: { maxPriceImpactBps: 250 },
    });
    expect(buildSettingsUpdate(settings, { ...settingsToValues(settings), maxPriceImpactPercent: "0" })).toEqual({
      ok: false,
      message: SETTINGS_MESSAGES.invalidMaxPriceImpact,
    });
    expect(buildSettingsUpdate(settings, { ...settingsToValues(settings), maxPriceImpactPercent: "5%" })).toEqual({
      ok: false,
      message: SETTINGS_MESSAGES.invalidMaxPriceImpact,
    });
  });

  it("leaves the dispute window out when the chain could not be read and nothing was typed", () => {
    const settings = makeSettings({ disputeWindowSeconds: null });
    const values = { ...settingsToValues(settings), minWithdrawal: "25" };
    expect(buildSettingsUpdate(settings, values)).toEqual({ ok: true, body: { minWithdrawal: "25" } });
  });
});
