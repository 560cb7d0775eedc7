import type { ClientConfig } from "@loop/rules/chains";
import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PLATFORM_SETTINGS, offerExpiryText, usePlatformSettings } from "./platform-settings";
import { createQueryClient } from "./query-client";

const BASE: ClientConfig = { chains: [], defaultChainId: 31337, walletConnectProjectId: null, oidc: null, paypal: null, stripe: null };

function render(config: ClientConfig | null) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () =>
      config
        ? new Response(JSON.stringify(config), { status: 200, headers: { "Content-Type": "application/json" } })
        : new Response("{}", { status: 500 }),
    ),
  );
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => usePlatformSettings(), { wrapper });
}

describe("usePlatformSettings", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is the defaults (MP3 2%, WAV 4%, 10 LOOP, 7 days) until GET /api/config answers, then the server's", async () => {
    const settings = {
      formatFeeBps: { mp3: 750, wav: 1000 },
      minWithdrawal: "25.50000000",
      offerExpiryHours: 48,
      supportEmail: "help@beats.example",
      minOfferCents: 200,
      maxPriceImpactBps: 250,
    };
    const { result } = render({ ...BASE, settings });
    expect(result.current).toEqual({
      formatFeeBps: { mp3: 200, wav: 400 },
      minWithdrawal: "10.00000000",
      offerExpiryHours: 168,
      supportEmail: "support@loop.local",
      minOfferCents: 50,
      maxPriceImpactBps: 500,
    });
    await waitFor(() => expect(result.current).toEqual(settings));
  });

  it("stays on the defaults when the config has no settings or cannot be read", async () => {
    const { result } = render(BASE);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toEqual(DEFAULT_PLATFORM_SETTINGS);
    const failed = render(null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(failed.result.current).toEqual(DEFAULT_PLATFORM_SETTINGS);
  });
});

describe("offerExpiryText", () => {
  it("says days for whole days, hours otherwise", () => {
    expect(offerExpiryText(168)).toBe("7 days");
    expect(offerExpiryText(24)).toBe("1 day");
    expect(offerExpiryText(36)).toBe("36 hours");
    expect(offerExpiryText(1)).toBe("1 hour");
  });
});
