// XP awards and level rewards (docs/product.md#xp), for the features that earn XP (purchases, sales,
// offers). Each award is recorded once per (user, event, key); reaching a level pays its reward
// into the in-app ledger exactly once per (user, level), whatever retries or concurrency happen.
//
// Which actions earn XP, and how much, is decided by the caller with the rules of
// @loop/rules/levels (xpForPurchase, xpForSale, xpForOfferCreated, xpForOfferAnswer: 0 for free
// downloads, one's own loop, …); the award builders below pair them with the keys that make each
// award count once: purchase XP once per (buyer, loop), sale XP once per (seller, loop, buyer),
// offer XP once per (buyer, loop) — so a second offer on the same loop is a no-op — and each kind
// of answer once per (seller, loop, buyer). An award of 0 XP is no award (null).
//
// Offer actions (making an offer, and the seller's accept or counter, which earn XP only when the
// offer ends in a paid sale: issue 18) name their counterpart: a user gains XP for
// offer actions from one counterpart at most once in OFFER_XP_COUNTERPART_HOURS (24 hours),
// whatever the loop, so two accounts cannot trade offers back and forth into level rewards.
//
// Locking: awardXp takes the users' rows (FOR NO KEY UPDATE, in id order, app.xp_award), then the ledger
// accounts of the rewards (in id order). A caller that also posts its own entries (a sale, a
// captured offer hold) should award XP first, so that its transaction locks in the same order.
import {
  FIRST_LEVEL,
  OFFER_XP_COUNTERPART_HOURS,
  levelForExperience,
  levelRewardUnits,
  levelTitle,
  xpForOfferAnswer,
  xpForOfferCreated,
  xpForPurchase,
  xpForSale,
  type OfferAnswer,
  type XpOffer,
  type XpOfferAnswer,
  type XpTrade,
} from "@loop/rules/levels";
import { paths } from "@loop/rules/paths";
import { formatLoopBrief } from "@loop/rules/units";
import type { Tx } from "../../db/prisma";
import { platformAccountId, postEntryInTx, promoAccountId } from "../ledger/ledger.service";
import { createNotificationInTx, type NotificationInput } from "../notifications/create-notification";

export const XP_EVENTS = {
  purchase: "purchase",
  sale: "sale",
  offerCreated: "offer_created",
  offerAccepted: "offer_accepted",
  offerCountered: "offer_countered",
  offerRejected: "offer_rejected",
} as const;
export type XpEventName = (typeof XP_EVENTS)[keyof typeof XP_EVENTS];

export interface XpAward {
  userId: string;
  /** What earned it (XP_EVENTS). */
  event: string;
  /** What makes it unique for this user and event: a second award with the same key adds nothing. */
  key: string;
  /** Positive whole XP. */
  xp: number;
  /**
   * An offer action's other side: the award is recorded only if the user got no offer-action XP
   * from this counterpart in the last OFFER_XP_COUNTERPART_HOURS.
   */
  counterpartId?: string;
}

export interface PaidLevelReward {
  level: number;
  /** Ledger units (10^-8 LOOP). */
  tokensAwarded: bigint;
  entryId: string;
}

export interface XpResult {
  /** 0 when this (event, key) was already recorded for the user. */
  xpAdded: number;
  levelBefore: number;
  levelAfter: number;
  /** The rewards of the levels crossed by this award, lowest first. */
  rewards: PaidLevelReward[];
}

export const levelRewardKey = (userId: string, level: number) => `level-reward:${userId}:${level}`;

function validate(award: XpAward): void {
  if (!Number.isSafeInteger(award.xp) || award.xp <= 0) throw new Error(`xp: an award is a positive whole number of XP, not ${award.xp}`);
  if (!award.event || !award.key) throw new Error("xp: an award needs an event and a key");
}

/**
 * Records the award once and pays the rewards of every level it crosses. Runs in the caller's
 * transaction; concurrent awards to one user serialize on the user's row.
 */
export async function awardXp(tx: Tx, award: XpAward): Promise<XpResult> {
  return (await awardXpMany(tx, [award]))[0]!;
}

interface XpAwardRow {
  xp_added: number;
  user_id: string;
  level: number;
  experience_before: number;
  experience: number;
}

/** Several awards in one transaction (e.g. buyer and seller of a sale), locked in one order. Results in input order. */
export async function awardXpMany(tx: Tx, awards: XpAward[]): Promise<XpResult[]> {
  awards.forEach(validate);
  if (awards.length === 0) return [];
  // One statement (migration 20261208090000_xp_award): the users' rows locked in id order, each
  // award recorded once, each user's experience raised by what was recorded.
  const recorded = await tx.$queryRaw<XpAwardRow[]>`
    SELECT "xp_added", "user_id"::text, "level", "experience_before", "experience" FROM "app"."xp_award"(
      ${awards.map((award) => award.userId)}::uuid[], ${awards.map((award) => award.event)}::text[],
      ${awards.map((award) => award.key)}::text[], ${awards.map((award) => award.xp)}::int[],
      ${awards.map((award) => award.counterpartId ?? null)}::uuid[], ${OFFER_XP_COUNTERPART_HOURS}::int)`;
  if (recorded.length !== awards.length) throw new Error("xp: unknown user");
  const users = new Map(
    recorded.map((row) => [
      row.user_id,
      { levelBefore: row.level, level: row.level, experienceBefore: row.experience_before, experience: row.experience },
    ]),
  );
  const added = recorded.map((row) => row.xp_added);

  // Levels only rise: a level set by hand above what the XP gives is kept.
  const levelledUp: string[] = [];
  for (const [userId, user] of users) {
    if (user.experience === user.experienceBefore) continue;
    user.level = Math.max(user.levelBefore, levelForExperience(user.experience));
    if (user.level === user.levelBefore) continue;
    await tx.$executeRaw`UPDATE "app"."users" SET "level" = ${user.level} WHERE "id" = ${userId}::uuid`;
    levelledUp.push(userId);
  }

  const rewards = new Map<string, PaidLevelReward[]>();
  if (levelledUp.length > 0) {
    const accounts = new Map<string, string>();
    // Level rewards are promotional LOOP (issue 18): spendable on loops, never sent or withdrawn.
    for (const userId of levelledUp) accounts.set(userId, await promoAccountId(tx, userId));
    const issuance = await platformAccountId(tx, "issuance");
    // Every account the rewards touch, at once and in id order (the ledger's own order), so that
    // paying several users in one transaction cannot deadlock with another entry.
    const ids = [...accounts.values(), issuance].sort();
    await tx.$queryRaw`SELECT "id" FROM "app"."ledger_accounts" WHERE "id" = ANY(${ids}::uuid[]) ORDER BY "id" FOR UPDATE`;
    for (const userId of levelledUp) {
      const user = users.get(userId)!;
      rewards.set(userId, await payLevelRewards(tx, userId, accounts.get(userId)!, issuance, user.levelBefore, user.level));
    }
  }

  // Each user's XP and rewards are reported once, on their first award of this call.
  const reported = new Set<string>();
  return awards.map((award, i) => {
    const user = users.get(award.userId)!;
    const first = !reported.has(award.userId);
    reported.add(award.userId);
    return {
      xpAdded: added[i]!,
      levelBefore: first ? user.levelBefore : user.level,
      levelAfter: user.level,
      rewards: first ? (rewards.get(award.userId) ?? []) : [],
    };
  });
}

/**
 * Pays levels from+1 … to: one 'level_reward' entry (issuance → the user's promotional account) and one level_rewards row
 * each, and tells the user of each level reached ("Level Up!", with the reward paid now).
 */
async function payLevelRewards(
  tx: Tx,
  userId: string,
  account: string,
  issuance: string,
  from: number,
  to: number,
): Promise<PaidLevelReward[]> {
  const paid: PaidLevelReward[] = [];
  for (let level = Math.max(from, FIRST_LEVEL) + 1; level <= to; level++) {
    const reward = levelReward(userId, level);
    const entry = await postEntryInTx(tx, {
      idempotencyKey: reward.key,
      kind: "level_reward",
      description: reward.description,
      postings: [
        { accountId: account, amount: reward.units },
        { accountId: issuance, amount: -reward.units },
      ],
    });
    // The ledger key and UNIQUE (user_id, level) both keep a level from being paid twice (say,
    // after an admin lowered the level by hand and the user climbed back).
    const row = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "app"."level_rewards" ("user_id", "level", "tokens_awarded", "entry_id")
      VALUES (${userId}::uuid, ${level}, ${reward.units}, ${entry.id}::uuid)
      ON CONFLICT DO NOTHING RETURNING "id"`;
    const rewarded = entry.created && row[0] !== undefined;
    if (rewarded) paid.push({ level, tokensAwarded: reward.units, entryId: entry.id });
    await createNotificationInTx(tx, reward.notice(rewarded));
  }
  return paid;
}

/** Reaching `level`: its reward (one 'level_reward' entry, keyed once per user and level) and the "Level Up!" notification. */
export function levelReward(userId: string, level: number) {
  const units = levelRewardUnits(level);
  return {
    userId,
    level,
    /** Ledger units (10^-8 LOOP) of promotional LOOP from issuance. */
    units,
    key: levelRewardKey(userId, level),
    description: `Level ${level} reward`,
    /** The notification, telling the reward when it was paid now (`rewarded`). */
    notice: (rewarded: boolean): NotificationInput => ({
      userId,
      type: "success",
      title: "Level Up!",
      message: rewarded
        ? `You reached level ${level} (${levelTitle(level)}) and earned ${formatLoopBrief(units)} LOOP.`
        : `You reached level ${level} (${levelTitle(level)}).`,
      actionUrl: paths.level(),
      actionText: "View Level Progress",
    }),
  };
}

// Award builders: the rules' amounts with the keys that make them count once. null = no XP due.

function award(userId: string, event: XpEventName, key: string, xp: number, counterpartId?: string): XpAward | null {
  if (xp <= 0) return null;
  return counterpartId ? { userId, event, key, xp, counterpartId } : { userId, event, key, xp };
}

/** The buyer's XP for a paid purchase of `loopId`: once per (buyer, loop), however often it is bought again. */
export function purchaseXpAward(trade: XpTrade & { loopId: string }): XpAward | null {
  return award(trade.buyerId, XP_EVENTS.purchase, trade.loopId, xpForPurchase(trade));
}

/** The seller's XP for a paid sale of `loopId`: once per (seller, loop, buyer). */
export function saleXpAward(trade: XpTrade & { loopId: string }): XpAward | null {
  return award(trade.sellerId, XP_EVENTS.sale, `${trade.loopId}:${trade.buyerId}`, xpForSale(trade));
}

/**
 * The buyer's XP for making an offer on `loopId`: once per (buyer, loop), so a second offer earns
 * nothing, and at most one offer action's XP from the seller in 24 hours.
 */
export function offerCreatedXpAward(offer: XpOffer & { loopId: string }): XpAward | null {
  return award(offer.buyerId, XP_EVENTS.offerCreated, offer.loopId, xpForOfferCreated(offer), offer.sellerId);
}

const ANSWER_EVENT: Record<OfferAnswer, XpEventName> = {
  accept: XP_EVENTS.offerAccepted,
  counter: XP_EVENTS.offerCountered,
  reject: XP_EVENTS.offerRejected,
};

/**
 * The seller's XP for the answer that ended an offer in a paid sale of `saleCents` (their accept, or
 * the counter the buyer accepted; nothing below $1, nothing for a reject): each kind of answer once
 * per (seller, loop, buyer), and at most one offer action's XP from the buyer in 24 hours.
 */
export function offerAnswerXpAward(answer: OfferAnswer, offer: XpOfferAnswer & { loopId: string }): XpAward | null {
  return award(offer.sellerId, ANSWER_EVENT[answer], `${offer.loopId}:${offer.buyerId}`, xpForOfferAnswer(answer, offer), offer.buyerId);
}

/** The awards that apply (the builders above return null for an event that earns nothing). */
export const grantedXpAwards = (awards: (XpAward | null)[]) => awards.filter((award): award is XpAward => award !== null);
