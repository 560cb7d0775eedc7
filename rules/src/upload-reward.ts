/**
 * The upload reward (issue 22; docs/decisions.md "Issue 22 — upload reward"): promotional LOOP
 * (spendable on loops, never sent or withdrawn, like the welcome bonus and level rewards) for a
 * member's upload that passes processing and moderation. One table for the API's sweep and every
 * page that states the rule. No zod here: the landing page imports it.
 */
import { UNITS_PER_LOOP } from "./units";

/** LOOP paid for one qualifying upload (the landing's "tokens per upload"). */
export const UPLOAD_REWARD_LOOP = 500;
/** The same in ledger units (10^-8 LOOP). */
export const UPLOAD_REWARD_UNITS = BigInt(UPLOAD_REWARD_LOOP) * UNITS_PER_LOOP;
/** Hours a loop must stay listed (processed, public, not hidden, its creator not banned) before it earns the reward. */
export const UPLOAD_REWARD_WINDOW_HOURS = 24;
/** Rewarded uploads per member per UTC day (the day the loop went live); later ones that day earn nothing. */
export const UPLOAD_REWARDS_PER_DAY = 5;

/** The notification's title and text, and the Transfer History line's description. */
export const UPLOAD_REWARD_TITLE = "Upload Reward";
export const uploadRewardMessage = (loopTitle: string) => `Upload reward: you earned ${UPLOAD_REWARD_LOOP} LOOP for ${loopTitle}`;
export const uploadRewardDescription = (loopTitle: string) => `Upload reward: ${loopTitle}`;

/**
 * Issue 35: a reward is given back when its loop leaves sale within this many days of it — hidden by a
 * moderator, made private, made free or priced below the minimum, or deleted — from what is left of it in
 * the creator's promotional balance (never below zero). The database does it (migration
 * 20261202130100_upload_reward_conditions) with these texts.
 */
export const UPLOAD_REWARD_RETURN_DAYS = 30;
export const UPLOAD_REWARD_RETURN_REASONS = {
  hidden: "was hidden by a moderator",
  private: "was made private",
  free: "was made free",
  below_min_price: "was priced below the upload reward's minimum",
  deleted: "was deleted",
} as const;
export type UploadRewardReturnReason = keyof typeof UPLOAD_REWARD_RETURN_REASONS;
export const UPLOAD_REWARD_RETURNED_TITLE = "Upload Reward Returned";
/** `amount`: the LOOP taken back as formatLoopBrief gives it ("500", "12.5"); "0" when the reward had been spent. */
export const uploadRewardReturnedMessage = (loopTitle: string, reason: UploadRewardReturnReason, amount: string) =>
  `Upload reward returned: ${loopTitle} ${UPLOAD_REWARD_RETURN_REASONS[reason]} within ${UPLOAD_REWARD_RETURN_DAYS} days of its reward` +
  (amount === "0" ? "; its promotional LOOP was already spent, so nothing was taken." : `, so ${amount} promotional LOOP went back.`);
export const uploadRewardReturnDescription = (loopTitle: string) => `Upload reward returned: ${loopTitle}`;

/** The rule in one sentence (the landing's footnote). */
export const UPLOAD_REWARD_RULE = `${UPLOAD_REWARD_LOOP} promotional LOOP for each paid, original loop that stays live ${UPLOAD_REWARD_WINDOW_HOURS} h; up to ${UPLOAD_REWARDS_PER_DAY} a day. Spend it on loops.`;
