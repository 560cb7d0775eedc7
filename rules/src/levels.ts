/** Levels and XP: one table for every screen (docs/product.md#xp). */
import { UNITS_PER_LOOP } from "./units";

export const FIRST_LEVEL = 1;

interface Band {
  from: number;
  to: number;
  xpPerLevel: number;
  rewardLoop: number;
}

/** XP to go from L to L+1 is xpPerLevel·L; reaching a level in the band pays rewardLoop. */
export const LEVEL_BANDS: readonly Band[] = [
  { from: 1, to: 10, xpPerLevel: 100, rewardLoop: 100 },
  { from: 11, to: 20, xpPerLevel: 150, rewardLoop: 200 },
  { from: 21, to: 30, xpPerLevel: 200, rewardLoop: 300 },
  { from: 31, to: Number.POSITIVE_INFINITY, xpPerLevel: 300, rewardLoop: 500 },
];

function bandOf(level: number): Band {
  return LEVEL_BANDS.find((band) => level >= band.from && level <= band.to) ?? LEVEL_BANDS[LEVEL_BANDS.length - 1]!;
}

/** XP needed to go from `level` to `level + 1`. */
export function xpForNextLevel(level: number): number {
  return bandOf(level).xpPerLevel * level;
}

/** Total XP needed to reach `level` from level 1 with 0 XP. */
export function totalXpForLevel(level: number): number {
  let total = 0;
  for (let l = FIRST_LEVEL; l < level; l++) total += xpForNextLevel(l);
  return total;
}

/** The level reached with `experience` total XP. */
export function levelForExperience(experience: number): number {
  let level = FIRST_LEVEL;
  let remaining = experience;
  while (remaining >= xpForNextLevel(level)) {
    remaining -= xpForNextLevel(level);
    level++;
  }
  return level;
}

/** Reward in LOOP ledger units for reaching `level` (none for level 1). */
export function levelRewardUnits(level: number): bigint {
  if (level <= FIRST_LEVEL) return 0n;
  return BigInt(bandOf(level).rewardLoop) * UNITS_PER_LOOP;
}

export const LEVEL_TITLES = [
  { from: 1, title: "Beginner" },
  { from: 5, title: "Intermediate" },
  { from: 10, title: "Advanced" },
  { from: 15, title: "Professional" },
  { from: 20, title: "Expert" },
  { from: 25, title: "Master" },
  { from: 30, title: "Legend" },
] as const;

export type LevelTitle = (typeof LEVEL_TITLES)[number]["title"];

export function levelTitle(level: number): LevelTitle {
  let title: LevelTitle = "Beginner";
  for (const tier of LEVEL_TITLES) if (level >= tier.from) title = tier.title;
  return title;
}

/** Badge icon tiers change at levels 10, 15 and 25. */
export type BadgeTier = "star" | "award" | "trophy" | "crown";
export function badgeTier(level: number): BadgeTier {
  if (level >= 25) return "crown";
  if (level >= 15) return "trophy";
  if (level >= 10) return "award";
  return "star";
}

export interface LevelInfo {
  level: number;
  currentXP: number;
  nextLevelXP: number;
  xpNeededForNext: number;
  progressPercentage: number;
}

/** Progress within the current level, for the badge and the level page. */
export function levelInfo(experience: number): LevelInfo {
  const level = levelForExperience(experience);
  const currentXP = experience - totalXpForLevel(level);
  const nextLevelXP = xpForNextLevel(level);
  return {
    level,
    currentXP,
    nextLevelXP,
    xpNeededForNext: nextLevelXP - currentXP,
    progressPercentage: Math.floor((currentXP * 100) / nextLevelXP),
  };
}

/** XP awards (docs/product.md#xp). `priceUsd` is whole dollars of the price. */
export const XP_RULES = {
  purchase: (priceUsd: number) => 5 + priceUsd,
  sale: (priceUsd: number) => 10 + priceUsd,
  onChainPurchase: (priceUsd: number) => 7 + priceUsd,
  onChainSale: (priceUsd: number) => 12 + priceUsd,
  createOffer: 5,
  acceptOffer: 15,
  counterOffer: 8,
  rejectOffer: 3,
} as const;

/*
 * Anti-farming (docs/product.md#xp: "XP must not be farmable into LOOP rewards"). These decide how much XP
 * an action earns; 0 means none. The API records each award once per (user, event, key), so the
 * keys chosen by the callers (api/src/features/levels/award-xp.ts) finish the job: purchase XP
 * once per (buyer, loop), sale XP once per (seller, loop, buyer), offer XP once per (buyer, loop)
 * — a second offer on the same loop earns nothing. Offers (issue 18): the seller's answers earn XP
 * only when the offer ends in a paid sale (accept, or the counter the buyer accepts; a reject never),
 * and offer actions (making, accepting, countering) earn XP from one counterpart at most once in
 * OFFER_XP_COUNTERPART_HOURS. There is no price threshold (issue 22): XP turns into level rewards,
 * which are promotional LOOP (issue 18) that can be spent on loops but never sent or withdrawn, so
 * cheap purchases between one's own accounts cannot turn XP into money.
 */

/** Offer actions earn a member XP from one counterpart at most once in this many hours. */
export const OFFER_XP_COUNTERPART_HOURS = 24;

export interface XpTrade {
  /** The price paid, in USD cents (the fee excluded). */
  priceCents: number | bigint;
  buyerId: string;
  sellerId: string;
  /** Paid on chain with wallet LOOP (7/12 XP) instead of in app or by PayPal/card (5/10 XP). */
  onChain: boolean;
}

function toCents(priceCents: number | bigint): bigint {
  return typeof priceCents === "bigint" ? priceCents : BigInt(Math.trunc(priceCents));
}

function wholeUsd(priceCents: number | bigint): number {
  return Number(toCents(priceCents) / 100n);
}

/** No XP for free downloads or for buying one's own loop. */
function tradeEarnsXp(trade: XpTrade): boolean {
  return trade.buyerId !== trade.sellerId && toCents(trade.priceCents) > 0n;
}

/** The buyer's XP for a paid purchase: 5 (7 on chain) + whole USD of the price; 0 when none is due. */
export function xpForPurchase(trade: XpTrade): number {
  if (!tradeEarnsXp(trade)) return 0;
  const usd = wholeUsd(trade.priceCents);
  return trade.onChain ? XP_RULES.onChainPurchase(usd) : XP_RULES.purchase(usd);
}

/** The seller's XP for a paid sale: 10 (12 on chain) + whole USD of the price; 0 when none is due. */
export function xpForSale(trade: XpTrade): number {
  if (!tradeEarnsXp(trade)) return 0;
  const usd = wholeUsd(trade.priceCents);
  return trade.onChain ? XP_RULES.onChainSale(usd) : XP_RULES.sale(usd);
}

export interface XpOffer {
  /** The loop's price in USD cents (offers are only made on paid loops). */
  priceCents: number | bigint;
  buyerId: string;
  sellerId: string;
}

/** The buyer's XP for creating an offer: 5; 0 on one's own or a free loop (a second offer is keyed away). */
export function xpForOfferCreated(offer: XpOffer): number {
  return offer.buyerId !== offer.sellerId && toCents(offer.priceCents) > 0n ? XP_RULES.createOffer : 0;
}

export type OfferAnswer = "accept" | "counter" | "reject";

export interface XpOfferAnswer extends Pick<XpOffer, "buyerId" | "sellerId"> {
  /** The paid sale the offer ended in (USD cents, the fee excluded); null when it ended without one. */
  saleCents: number | bigint | null;
}

/**
 * The seller's XP for the answer that ended an offer: accept 15, counter 8 (the buyer accepted it),
 * only when the offer ended in a paid sale; 0 for a reject (the
 * spec's 3 is not paid: an offer that ends without a sale earns nothing) and on one's own offer.
 */
export function xpForOfferAnswer(answer: OfferAnswer, offer: XpOfferAnswer): number {
  if (offer.buyerId === offer.sellerId || answer === "reject") return 0;
  if (offer.saleCents === null || toCents(offer.saleCents) <= 0n) return 0;
  return answer === "accept" ? XP_RULES.acceptOffer : XP_RULES.counterOffer;
}
