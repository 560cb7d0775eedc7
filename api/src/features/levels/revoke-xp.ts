// Taking XP back (issue 35, docs/product.md#xp): a card or PayPal sale reversed after it was recorded
// (reverse-checkout.ts) earned its buyer and seller XP, and that XP may have crossed levels whose
// rewards were paid. The award's xp_events row is deleted (a later purchase may earn it again), the
// user's experience goes down by it and the level follows the XP down (a level an admin set by hand
// above what the XP gives is kept, as award-xp.ts keeps it). The rewards of the levels the removed XP
// had reached are taken back from the member's promotional LOOP only — level rewards are promotional
// (issue 18) — and never more than is available there: one 'reward_reversal' entry per user and
// source (promotional account → issuance), recorded on the level_rewards rows (taken_back_units).
// A level's reward is paid once ever (award-xp.ts), so a level reached again pays nothing.
//
// Two steps, for the lock order of the whole transaction (XP before the ledger, see award-xp.ts):
// revokeXpInTx locks the users' rows (in id order) and changes XP and levels; the caller then locks
// every ledger account of its transaction in id order (rewardAccountsToLock gives these) and calls
// takeBackLevelRewardsInTx.
import { levelForExperience } from "@loop/rules/levels";
import type { Tx } from "../../db/prisma";
import { platformAccountId, postEntryInTx, promoAccountId } from "../ledger/ledger.service";

export interface XpRevocation {
  userId: string;
  /** The award's event and key (XP_EVENTS and the award builders' keys in award-xp.ts). */
  event: string;
  key: string;
}

export interface RevokedXp {
  userId: string;
  xpRemoved: number;
  levelBefore: number;
  levelAfter: number;
  /** The rewards still held of the levels the removed XP had reached (ledger units), highest level first. */
  rewardsDue: { level: number; units: bigint }[];
  /** The member's promotional account, when there are rewards to take back. */
  promoAccountId: string | null;
}

export interface TakenBackRewards {
  userId: string;
  /** Ledger units taken back (0: the promotional balance had nothing left). */
  units: bigint;
  entryId: string | null;
}

/**
 * Locks `lockUserIds` (and the revocations' users) FOR NO KEY UPDATE in id order, deletes each
 * revocation's award and lowers the users' experience and level. Results for the users who lost XP.
 */
export async function revokeXpInTx(tx: Tx, lockUserIds: string[], revocations: XpRevocation[]): Promise<RevokedXp[]> {
  const userIds = [...new Set([...lockUserIds, ...revocations.map((revocation) => revocation.userId)])].sort();
  if (userIds.length === 0) return [];
  const locked = await tx.$queryRaw<{ id: string; level: number; experience: number }[]>`
    SELECT "id"::text, "level", "experience" FROM "app"."users"
    WHERE "id" = ANY(${userIds}::uuid[]) ORDER BY "id" FOR NO KEY UPDATE`;
  const removed = new Map<string, number>();
  for (const revocation of revocations) {
    const rows = await tx.$queryRaw<{ xp: number }[]>`
      DELETE FROM "app"."xp_events" WHERE "user_id" = ${revocation.userId}::uuid AND "event" = ${revocation.event} AND "key" = ${revocation.key}
      RETURNING "xp"`;
    const xp = rows[0]?.xp ?? 0;
    if (xp > 0) removed.set(revocation.userId, (removed.get(revocation.userId) ?? 0) + xp);
  }

  const results: RevokedXp[] = [];
  for (const user of locked) {
    const xpRemoved = removed.get(user.id) ?? 0;
    if (xpRemoved === 0) continue;
    const experience = Math.max(0, user.experience - xpRemoved);
    const xpLevelBefore = levelForExperience(user.experience);
    const xpLevelAfter = levelForExperience(experience);
    // A level set by hand above what the XP gave is kept, and then no reward is the removed XP's.
    const handSet = user.level > xpLevelBefore;
    const levelAfter = handSet ? user.level : Math.min(user.level, xpLevelAfter);
    await tx.$executeRaw`UPDATE "app"."users" SET "experience" = ${experience}, "level" = ${levelAfter} WHERE "id" = ${user.id}::uuid`;
    const rewards = handSet
      ? []
      : await tx.$queryRaw<{ level: number; units: bigint }[]>`
          SELECT "level", ("tokens_awarded" - "taken_back_units")::bigint AS "units" FROM "app"."level_rewards"
          WHERE "user_id" = ${user.id}::uuid AND "level" > ${xpLevelAfter} AND "level" <= ${xpLevelBefore} AND "taken_back_units" < "tokens_awarded"
          ORDER BY "level" DESC FOR UPDATE`;
    results.push({
      userId: user.id,
      xpRemoved,
      levelBefore: user.level,
      levelAfter,
      rewardsDue: rewards.map((row) => ({ level: row.level, units: BigInt(row.units) })),
      promoAccountId: rewards.length > 0 ? await promoAccountId(tx, user.id) : null,
    });
  }
  return results;
}

/** The ledger accounts takeBackLevelRewardsInTx will move: the members' promotional accounts and issuance (none when nothing is due). */
export async function rewardAccountsToLock(tx: Tx, revoked: RevokedXp[]): Promise<string[]> {
  const promo = revoked.flatMap((user) => (user.promoAccountId ? [user.promoAccountId] : []));
  return promo.length > 0 ? [...promo, await platformAccountId(tx, "issuance")] : [];
}

/**
 * Takes back each user's rewards due, up to their available promotional LOOP: one 'reward_reversal'
 * entry keyed `xp-reversal:<source>:<user>` (a replay moves nothing), highest level first on the
 * level_rewards rows. The caller has locked the accounts (rewardAccountsToLock) with its own, in id order.
 */
export async function takeBackLevelRewardsInTx(tx: Tx, revoked: RevokedXp[], source: string, why: string): Promise<TakenBackRewards[]> {
  const taken: TakenBackRewards[] = [];
  for (const user of revoked) {
    const due = user.rewardsDue.reduce((sum, reward) => sum + reward.units, 0n);
    if (due === 0n || !user.promoAccountId) {
      taken.push({ userId: user.userId, units: 0n, entryId: null });
      continue;
    }
    const [promo] = await tx.$queryRaw<{ available: bigint }[]>`
      SELECT ("balance" - "held")::bigint AS "available" FROM "app"."ledger_accounts" WHERE "id" = ${user.promoAccountId}::uuid FOR UPDATE`;
    const available = promo ? BigInt(promo.available) : 0n;
    const units = due < available ? due : available > 0n ? available : 0n;
    if (units === 0n) {
      taken.push({ userId: user.userId, units: 0n, entryId: null });
      continue;
    }
    const levels = user.rewardsDue.map((reward) => reward.level);
    const entry = await postEntryInTx(tx, {
      idempotencyKey: `xp-reversal:${source}:${user.userId}`,
      kind: "reward_reversal",
      description: `Level ${levels.length === 1 ? "reward" : "rewards"} taken back (level ${levels.join(", ")}): ${why}`,
      postings: [
        { accountId: user.promoAccountId, amount: -units },
        { accountId: await platformAccountId(tx, "issuance"), amount: units },
      ],
    });
    if (entry.created) {
      let left = units;
      for (const reward of user.rewardsDue) {
        if (left === 0n) break;
        const part = reward.units < left ? reward.units : left;
        await tx.$executeRaw`
          UPDATE "app"."level_rewards" SET "taken_back_units" = "taken_back_units" + ${part}
          WHERE "user_id" = ${user.userId}::uuid AND "level" = ${reward.level}`;
        left -= part;
      }
    }
    taken.push({ userId: user.userId, units: entry.created ? units : 0n, entryId: entry.id });
  }
  return taken;
}
