/**
 * What a withdrawal costs and how each method is paid (decisions.md, issues 5 and 22): the one
 * source for the API's `netUsdAmount` (api/src/features/withdrawals/withdrawals.service.ts) and the
 * Settings page's Withdrawal Methods card.
 *
 * - The platform takes no withdrawal fee, on any method: `netUsdAmount = usdAmount`.
 * - Network fees (gas for `loop` payouts and ETH/ERC-20 transfers, the miner fee for Bitcoin) are
 *   the platform's, paid out of its own funds, never deducted from the member's payout.
 * - `loop` is paid on chain by LoopVault (the operator's `payout`, sent when an admin moves the
 *   withdrawal to processing); the crypto methods are paid by an admin by hand, who records the
 *   transaction id.
 *
 * The spec's other figures (PayPal 2.9% + $0.30, Wise 0.4%–2%, Skrill 1.9%, Revolut 1.5%) are the
 * providers' own published fees for methods LOOP does not offer yet; they are shown as such and
 * never charged.
 */
import type { WithdrawalMethod } from "./schemas/withdrawals";
import { formatUsd } from "./units";

const BPS = 10_000n;

/** The platform's fee on a withdrawal, in basis points of its USD value, for every method: none. */
export const WITHDRAWAL_FEE_BPS = 0n;

/** Who pays a payout's network fee (gas, miner fee): the platform, never the member. */
export const WITHDRAWAL_NETWORK_FEE_PAYER: "platform" | "member" = "platform";

/** The platform's fee in cents on a withdrawal worth `usdCents`, half-up to the cent (0: no fee). */
export function withdrawalFeeCents(usdCents: bigint, feeBps = WITHDRAWAL_FEE_BPS): bigint {
  if (usdCents <= 0n || feeBps <= 0n) return 0n;
  return (usdCents * feeBps * 2n + BPS) / (BPS * 2n);
}

/**
 * What the member receives in cents for a withdrawal worth `usdCents` (the API's `netUsdAmount`).
 * Network fees are not deducted: the platform pays them (WITHDRAWAL_NETWORK_FEE_PAYER).
 */
export function withdrawalNetUsdCents(usdCents: bigint, feeBps = WITHDRAWAL_FEE_BPS): bigint {
  return usdCents - withdrawalFeeCents(usdCents, feeBps);
}

/** How a method is paid: `vault` — on chain by LoopVault once an admin approves it; `admin` — sent by an admin by hand. */
export type WithdrawalPayout = "vault" | "admin";

export interface WithdrawalMethodInfo {
  /** The name shown to members. */
  name: string;
  payout: WithdrawalPayout;
  /** The network the payout travels on; null for `loop`: the API's default chain (GET /api/config → defaultChainId). */
  network: string | null;
  /** What the member receives. */
  asset: string;
}

/** The methods members can use today (WITHDRAWAL_METHODS), in the order the card lists them. */
export const WITHDRAWAL_METHOD_INFO: Readonly<Record<WithdrawalMethod, WithdrawalMethodInfo>> = {
  loop: { name: "LOOP on chain", payout: "vault", network: null, asset: "LOOP" },
  crypto_btc: { name: "Bitcoin (BTC)", payout: "admin", network: "Bitcoin", asset: "BTC" },
  crypto_eth: { name: "Ethereum (ETH)", payout: "admin", network: "Ethereum", asset: "ETH" },
  crypto_usdc: { name: "USDC", payout: "admin", network: "Ethereum", asset: "USDC" },
  crypto_usdt: { name: "USDT", payout: "admin", network: "Ethereum", asset: "USDT" },
};

/** "No fee", or the platform's percentage ("1.5%"), from WITHDRAWAL_FEE_BPS. */
export function withdrawalFeeText(feeBps = WITHDRAWAL_FEE_BPS): string {
  return feeBps <= 0n ? "No fee" : bpsText(feeBps);
}

/** Who pays the network fee, in words: "the platform pays the network (gas) fee" / "you pay the network (miner) fee". */
export function networkFeeText(method: WithdrawalMethod, payer = WITHDRAWAL_NETWORK_FEE_PAYER): string {
  const fee = method === "crypto_btc" ? "network (miner) fee" : "network (gas) fee";
  return payer === "platform" ? `the platform pays the ${fee}` : `you pay the ${fee}`;
}

/**
 * The card's fee line for a method, from the constants above: "No fee — the platform pays the network (gas) fee";
 * "Network fee only" if the platform took no fee but the member paid the network fee.
 */
export function withdrawalMethodFeeText(
  method: WithdrawalMethod,
  feeBps = WITHDRAWAL_FEE_BPS,
  payer = WITHDRAWAL_NETWORK_FEE_PAYER,
): string {
  if (feeBps <= 0n && payer === "member") return "Network fee only";
  return `${withdrawalFeeText(feeBps)} — ${networkFeeText(method, payer)}`;
}

/** A provider's published fee: a percentage (or a range of them) and an optional fixed part. */
export interface PublishedFee {
  minBps: bigint;
  maxBps: bigint;
  fixedCents?: bigint;
}

/** Withdrawal methods of the spec that LOOP does not offer yet, with the providers' published fees (docs/product.md#settings). */
export const COMING_SOON_WITHDRAWAL_METHODS: readonly { name: string; publishedFee: PublishedFee }[] = [
  { name: "PayPal", publishedFee: { minBps: 290n, maxBps: 290n, fixedCents: 30n } },
  { name: "Wise", publishedFee: { minBps: 40n, maxBps: 200n } },
  { name: "Skrill", publishedFee: { minBps: 190n, maxBps: 190n } },
  { name: "Revolut", publishedFee: { minBps: 150n, maxBps: 150n } },
];

/** 290 → "2.9%", 200 → "2%". */
export function bpsText(bps: bigint): string {
  const whole = bps / 100n;
  const rest = (bps % 100n).toString().padStart(2, "0").replace(/0+$/, "");
  return `${whole}${rest ? `.${rest}` : ""}%`;
}

/** "2.9% + $0.30", "0.4%–2%", "1.9%". */
export function publishedFeeText(fee: PublishedFee): string {
  const percent = fee.minBps === fee.maxBps ? bpsText(fee.minBps) : `${bpsText(fee.minBps)}–${bpsText(fee.maxBps)}`;
  if (!fee.fixedCents) return percent;
  return `${percent} + $${formatUsd(fee.fixedCents)}`;
}
