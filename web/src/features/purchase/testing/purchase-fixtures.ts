/** Test data for the purchase feature (imported by tests only; the app's card tests use them too). */
import type { PaymentMethod } from "@loop/rules/schemas/fiat-payments";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import type { Purchase, WalletQuote } from "@loop/rules/schemas/purchases";
import type { CryptoPurchaseReport } from "../lib/wallet-purchase";
import { fixture } from "@/testing/fixture";

const LOOP_WEI = 10n ** 18n;

/** The linked wallet the quote fixtures are issued to. */
export const QUOTE_BUYER = `0x${"d4".repeat(20)}` as const;

/** A POST /api/purchases/quote answer: $4.99 MP3 (+$0.10) = 2,545 LOOP, for QUOTE_BUYER on chain 31337. */
export const walletQuote = fixture<WalletQuote>(() => ({
  chainId: 31337,
  marketplace: `0x${"e5".repeat(20)}`,
  token: `0x${"a1".repeat(20)}`,
  quote: {
    buyer: QUOTE_BUYER,
    seller: `0x${"b2".repeat(20)}`,
    loopId: `0x${"0c".repeat(32)}`,
    format: 0,
    price: (2495n * LOOP_WEI).toString(),
    fee: (50n * LOOP_WEI).toString(),
    orderId: `0x${"0d".repeat(32)}`,
    deadline: "1900000000",
  },
  signature: `0x${"ab".repeat(65)}`,
  price: "4.99",
  fee: "0.10",
  total: "5.09",
  loopAmount: "2545.00000000",
  totalWei: (2545n * LOOP_WEI).toString(),
  expiresAt: "2030-03-17T17:46:40.000Z",
}));

/** The purchase a settled wallet payment of `walletQuote()` answers with (a $4.99 MP3, which the other ways to pay start from). */
export const walletPurchase = fixture<Purchase>(() => ({
  id: "purchase-wallet-1",
  loopId: "loop-1",
  loopTitle: "Deep Night",
  format: "mp3",
  method: "wallet",
  price: "4.99",
  fee: "0.10",
  total: "5.09",
  loopAmount: "2545.00000000",
  createdAt: "2026-11-22T10:00:00.000Z",
  downloadUrl: "/api/downloads/signed-mp3",
  licenceId: "8a1c0000-0000-4000-8000-00000000000a",
}));

/** What the page reports (POST /api/purchases/crypto) once the payment of `walletQuote()` for `loopId` was mined in `txHash`. */
export function walletPurchaseReport(loopId: string, txHash: CryptoPurchaseReport["txHash"]): CryptoPurchaseReport {
  return {
    loopId,
    format: "mp3",
    txHash,
    orderId: `0x${"0d".repeat(32)}`,
    token: "LOOP",
    amount: "5.09",
    cryptoAmount: "2545.00000000",
  };
}

/** The purchase a settled card or PayPal payment of a $4.99 MP3 of `loop` answers with. */
export function fiatPurchase(loop: PublicLoop, method: "card" | "paypal"): Purchase {
  return walletPurchase({
    id: `purchase-${method}-1`,
    loopId: loop.id,
    loopTitle: loop.title,
    method,
    loopAmount: null,
    licenceId: "8a1c0000-0000-4000-8000-00000000000b",
  });
}

/** The purchase paying $4.99 for `loop` in LOOP answers with: the MP3 (+2%) or the WAV (+4%). */
export function loopPurchase(loop: PublicLoop, format: "mp3" | "wav"): Purchase {
  const wav = format === "wav";
  return walletPurchase({
    id: "purchase-1",
    loopId: loop.id,
    loopTitle: loop.title,
    format,
    method: "loop",
    fee: wav ? "0.20" : "0.10",
    total: wav ? "5.19" : "5.09",
    loopAmount: wav ? "2595.00000000" : "2545.00000000",
    downloadUrl: `/api/downloads/signed-${format}`,
    licenceId: "8a1c0000-0000-4000-8000-00000000000c",
  });
}

/** A saved card of GET /api/payment-methods (a Mastercard, not the default). */
export const savedCard = fixture<PaymentMethod>(() => ({
  id: "pm-row-1",
  stripePaymentMethodId: "pm_1",
  type: "card",
  brand: "mastercard",
  last4: "4444",
  expMonth: 3,
  expYear: 2031,
  isDefault: false,
  createdAt: "2026-11-01T10:00:00.000Z",
}));
