/** Test seam of the wallet stack (imported by tests only): controls made of vi.fn(), published as the mounted stack would. */
import { vi } from "vitest";
import type { WalletControls } from "./types";
import { publishControls } from "./wallet-store";

export function publishFakeWalletControls(overrides: Partial<WalletControls> = {}): WalletControls {
  const controls: WalletControls = {
    connect: vi.fn(),
    signSiweMessage: vi.fn(),
    disconnect: vi.fn(),
    readTokenBalance: vi.fn(),
    switchChain: vi.fn(),
    readTokenAllowance: vi.fn(),
    approveToken: vi.fn(),
    depositToVault: vi.fn(),
    purchaseFromMarketplace: vi.fn(),
    openOffer: vi.fn(),
    waitForOfferOpened: vi.fn(),
    changeOffer: vi.fn(),
    reclaimOffer: vi.fn(),
    watchAsset: vi.fn(),
    waitForTransaction: vi.fn(),
    ...overrides,
  };
  publishControls(controls);
  return controls;
}
